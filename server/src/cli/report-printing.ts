import type {
  RecentResult,
  ReportedGameSide,
  ReportForReview,
} from '../moderation/report-review.ts';

/** `pnpm admin reports`: the open reports as text, oldest first, for an admin to read. */
export function printReports(reports: readonly ReportForReview[]): string {
  if (reports.length === 0) return 'No open reports.';
  return reports.map(printReport).join('\n\n');
}

function printReport(report: ReportForReview): string {
  const lines = [
    `Report #${report.id}  ${report.createdAt.toISOString()}`,
    `  reporter: ${report.reporter.username}`,
    `  reported: ${report.reported.username}`,
    `  reason:   ${report.reason}`,
    `  note:     ${report.note ?? '(none)'}`,
  ];
  if (report.game) {
    const state = report.game.settled ? 'over' : 'in play';
    lines.push(`  game #${report.game.id} (${report.game.mode}, ${state}):`);
    for (const side of report.game.sides) lines.push(`    ${printSide(side)}`);
  }
  lines.push(...printResults(report.reporter.username, report.reporterResults));
  lines.push(...printResults(report.reported.username, report.reportedResults));
  return lines.join('\n');
}

function printSide(side: ReportedGameSide): string {
  const moves = side.guesses.map((guess) => `${guess.word} ${guess.matches}`).join(', ');
  const count = side.guesses.length === 1 ? '1 guess' : `${side.guesses.length} guesses`;
  return `${side.username} (${side.status}, score ${side.score}), ${count}: ${moves || '-'}`;
}

function printResults(username: string, results: readonly RecentResult[]): string[] {
  if (results.length === 0) return [`  ${username}'s recent results: none`];
  return [
    `  ${username}'s recent results:`,
    ...results.map((result) => {
      const against = result.opponent === null ? result.mode : `vs ${result.opponent}`;
      return `    #${result.gameId} ${against}: ${result.outcome}, score ${result.score}`;
    }),
  ];
}
