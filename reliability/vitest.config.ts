import { defineConfig } from 'vitest/config';
import { ReliabilityReporter } from './reliability-reporter.ts';

// `pnpm test:reliability`: one file, one cluster, scenarios in order (each breaks something and
// the next starts from what recovered). Not part of `pnpm test`; .ci/run runs it after.
export default defineConfig({
  test: {
    name: 'reliability',
    include: ['*.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', new ReliabilityReporter()],
  },
});
