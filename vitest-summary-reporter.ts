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
 * Prints one plain closing line, "Tests: N passed, N failed, N skipped", after Vitest's own
 * summary, so CI logs state the count in a form any reader (or script) understands.
 */
export class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    process.stdout.write(`\n${summaryLine(testModules)}\n`);
  }
}
