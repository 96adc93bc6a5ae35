import { defineConfig } from 'vitest/config';
import { SummaryLineReporter } from './vitest-summary-reporter.ts';

// One `pnpm test` runs every package's tests. Server tests share one Postgres (a scratch
// database per test file) and one Redis, so files can run in parallel on our two cores.
export default defineConfig({
  test: {
    projects: ['shared', 'server', 'client', 'client/vitest.e2e.config.ts'],
    maxWorkers: 2,
    reporters: ['default', new SummaryLineReporter()],
  },
});
