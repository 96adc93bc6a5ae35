import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** "Tests: N passed, N failed, N skipped" for a finished run (not passed or failed: skipped). */
export function summaryLine(testModules: ReadonlyArray<TestModule>): string {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const testModule of testModules) {
    for (const test of testModule.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
  }
  return `Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}

/**
 * One line per test that failed and then passed when run again (`pnpm test` retries a failed
 * test once), naming its file and full name, so a flaky test is never silent.
 */
export function flakyLines(testModules: ReadonlyArray<TestModule>): string[] {
  const lines: string[] = [];
  for (const testModule of testModules) {
    for (const test of testModule.children.allTests()) {
      const diagnostic = test.diagnostic();
      if (diagnostic?.flaky) {
        lines.push(
          `Flaky (passed on retry ${diagnostic.retryCount}): ${relative(process.cwd(), testModule.moduleId)} > ${test.fullName}`,
        );
      }
    }
  }
  return lines;
}

/**
 * Prints one plain closing line, "Tests: N passed, N failed, N skipped", after Vitest's own
 * summary, so CI logs state the count in a form any reader (or script) understands; before it,
 * a line for each test that passed only when retried.
 */
export class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const flaky = flakyLines(testModules);
    const head = flaky.length > 0 ? `\n${flaky.join('\n')}` : '';
    process.stdout.write(`${head}\n${summaryLine(testModules)}\n`);
  }
}
