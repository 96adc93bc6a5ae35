// `pnpm admin grant <username>` / `pnpm admin revoke <username>` (docs/PRODUCT.md, 'Admins'): sets
// or clears a user's admin flag in the database the configuration names (DATABASE_URL, else the
// embedded PGlite in DATA_DIR; stop the server first then, as PGlite serves one process at a time).
// `pnpm admin reports` lists the open reports and `pnpm admin resolve <id> --action
// none|rename|ban` closes one (docs/PRODUCT.md, 'Reports').
//
// Exit codes: 0 done (or already so), 1 no such user or report, or a report already resolved,
// 2 usage, 3 configuration or database problem.
//
// The flag shows at once on profiles; leaderboards show the star from their next refresh
// (within LEADERBOARD_REFRESH_SECONDS, 5 minutes by default). The CLI deliberately does not
// refresh them itself: snapshots are computed only by the periodic job, under its lock.
import { and, ne, sql } from 'drizzle-orm';
import {
  isReportAction,
  REPORT_ACTIONS,
  type ReportAction,
  resolveReport,
} from '../moderation/report-resolution.ts';
import { openReportsForReview } from '../moderation/report-review.ts';
import { announceAccountChange } from './cluster-announcement.ts';
import { printReports } from './report-printing.ts';
import { usernameKey } from '@jotto/shared/account-rules';
import { type AppConfig, ConfigError, loadConfig } from '../config/config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { users } from '../db/account-tables.ts';

const ADMIN_CLI_EXIT = { ok: 0, unknownUser: 1, usage: 2, failure: 3 } as const;

const USAGE = [
  'Usage: pnpm admin grant <username>    make a user an admin',
  '       pnpm admin revoke <username>   take the admin flag away',
  '       pnpm admin reports             list the open reports, oldest first',
  '       pnpm admin resolve <id> --action none|rename|ban',
  '                                      close a report, doing that to the reported account',
  'The username is matched without regard to case.',
].join('\n');

type Action = 'grant' | 'revoke';

type Command =
  | { kind: 'flag'; action: Action; username: string }
  | { kind: 'reports' }
  | { kind: 'resolve'; reportId: number; action: ReportAction };

/** The command, or a sentence saying what is wrong with the arguments. */
function parseArguments(args: string[]): Command | string {
  const [command, ...rest] = args;
  if (command === 'grant' || command === 'revoke') {
    const [username, ...more] = rest;
    if (!username || more.length > 0) return USAGE;
    return { kind: 'flag', action: command, username };
  }
  if (command === 'reports') return rest.length === 0 ? { kind: 'reports' } : USAGE;
  if (command === 'resolve') {
    const [id, flag, action, ...more] = rest;
    if (!id || flag !== '--action' || action === undefined || more.length > 0) return USAGE;
    if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
      return `"${id}" is not a report id: use the number \`pnpm admin reports\` shows.`;
    }
    if (!isReportAction(action)) {
      return `Unknown action "${action}": use ${REPORT_ACTIONS.join(', ')}.`;
    }
    return { kind: 'resolve', reportId: Number(id), action };
  }
  return USAGE;
}

async function setAdmin(handle: DatabaseHandle, action: Action, username: string) {
  const admin = action === 'grant';
  const isNamed = sql`lower(${users.username}) = ${usernameKey(username)}`;
  const [changed] = await handle.db
    .update(users)
    .set({ admin })
    .where(and(isNamed, ne(users.admin, admin)))
    .returning({ username: users.username });
  if (changed?.username) return { username: changed.username, changed: true };
  const [unchanged] = await handle.db
    .select({ username: users.username })
    .from(users)
    .where(isNamed)
    .limit(1);
  return unchanged?.username ? { username: unchanged.username, changed: false } : null;
}

async function main(args: string[]): Promise<number> {
  const parsed = parseArguments(args);
  if (typeof parsed === 'string') {
    console.error(parsed);
    return ADMIN_CLI_EXIT.usage;
  }
  let config: AppConfig;
  let handle: DatabaseHandle;
  try {
    config = loadConfig();
    handle = await openDatabase(config);
  } catch (error) {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Cannot open the database: ${error instanceof Error ? error.message : String(error)}`,
    );
    return ADMIN_CLI_EXIT.failure;
  }
  try {
    if (parsed.kind === 'reports') {
      console.log(printReports(await openReportsForReview(handle.db)));
      return ADMIN_CLI_EXIT.ok;
    }
    if (parsed.kind === 'resolve') return await resolve(handle, config, parsed);
    const result = await setAdmin(handle, parsed.action, parsed.username);
    if (!result) {
      console.error(`No user named "${parsed.username}".`);
      return ADMIN_CLI_EXIT.unknownUser;
    }
    const state = parsed.action === 'grant' ? 'an admin' : 'not an admin';
    console.log(
      result.changed
        ? `${result.username} is now ${state}. Leaderboards show the change at their next ` +
            `refresh (within ${config.leaderboardRefreshSeconds} s).`
        : `${result.username} is already ${state}; nothing changed.`,
    );
    return ADMIN_CLI_EXIT.ok;
  } catch (error) {
    console.error(`Database error: ${error instanceof Error ? error.message : String(error)}`);
    return ADMIN_CLI_EXIT.failure;
  } finally {
    await handle.close();
  }
}

/** `pnpm admin resolve <id> --action …`: closes the report, then tells the cluster. */
async function resolve(
  handle: DatabaseHandle,
  config: AppConfig,
  command: { reportId: number; action: ReportAction },
): Promise<number> {
  const outcome = await resolveReport(handle.db, command.reportId, command.action);
  if (outcome.kind === 'unknown') {
    console.error(`No report #${command.reportId}.`);
    return ADMIN_CLI_EXIT.unknownUser;
  }
  if (outcome.kind === 'already resolved') {
    console.error(
      `Report #${command.reportId} is already resolved (action: ${outcome.action ?? 'none'}); nothing changed.`,
    );
    return ADMIN_CLI_EXIT.unknownUser;
  }
  const { report } = outcome;
  const name = report.username ?? `account #${report.reportedId}`;
  const done =
    command.action === 'rename'
      ? `${name} is now ${report.renamedTo}.`
      : command.action === 'ban'
        ? `${name} is banned: ${report.endedSessions.length} session(s) ended.`
        : 'No action taken.';
  console.log(`Report #${report.reportId} resolved. ${done}`);
  if (command.action === 'none') return ADMIN_CLI_EXIT.ok;
  if (!config.redisUrl) {
    // One node alone: its sockets close at its next check of their sessions (within 30 s).
    return ADMIN_CLI_EXIT.ok;
  }
  try {
    await announceAccountChange(config.redisUrl, {
      userId: report.reportedId,
      endedSessions: report.endedSessions,
      disconnect: command.action === 'ban',
      withdrawn: report.withdrawn,
    });
  } catch (error) {
    // Committed all the same: every node finds the sessions gone within a minute.
    console.error(
      `Warning: the nodes were not told at once (${error instanceof Error ? error.message : String(error)}); they find the change within a minute.`,
    );
  }
  return ADMIN_CLI_EXIT.ok;
}

process.exitCode = await main(process.argv.slice(2));
