import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { summaryLine } from '../vitest-summary-reporter.ts';

/** What one scenario reports, set by the test on `task.meta.reliability`. */
export interface ScenarioFigures {
  /** Faults injected and survived (a node killed, Redis or Postgres stopped). */
  faults: number;
  /** Requests (or other inputs) the scenario sent. */
  inputs: number;
  /** Acknowledged writes missing afterwards (guesses answered 200 and not stored, …). */
  lost: number;
  /** One short sentence of what was seen. */
  detail: string;
}

declare module 'vitest' {
  interface TaskMeta {
    reliability?: ScenarioFigures;
  }
}

const number = (value: number) => value.toLocaleString('en-US');

/**
 * One line per scenario as it ends, then the totals ("faults survived, inputs tried, lost")
 * and the plain "Tests: N passed, N failed" line CI reads.
 */
export class ReliabilityReporter implements Reporter {
  private readonly totals = { faults: 0, inputs: 0, lost: 0 };

  onTestCaseResult(testCase: TestCase): void {
    const state = testCase.result().state;
    const figures = testCase.meta().reliability;
    const seconds = ((testCase.diagnostic()?.duration ?? 0) / 1000).toFixed(1);
    const mark = state === 'passed' ? 'ok  ' : state === 'failed' ? 'FAIL' : 'skip';
    if (figures) {
      this.totals.faults += figures.faults;
      this.totals.inputs += figures.inputs;
      this.totals.lost += figures.lost;
    }
    const counts = figures
      ? `faults ${figures.faults}, inputs ${number(figures.inputs)}, lost ${figures.lost}; ${figures.detail}`
      : 'no figures';
    process.stdout.write(`reliability ${mark} ${testCase.name} (${seconds} s): ${counts}\n`);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const { faults, inputs, lost } = this.totals;
    process.stdout.write(
      `\nReliability: faults survived ${faults}, inputs tried ${number(inputs)}, lost: ${lost}\n` +
        `${summaryLine(testModules)}\n`,
    );
  }
}
