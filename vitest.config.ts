import { defineConfig } from 'vitest/config';

// One `pnpm test` runs every package's tests. Server tests share one Postgres and one Redis,
// each test file in its own database, so files can run in parallel on the two cores we have.
export default defineConfig({
  test: {
    projects: ['shared', 'server', 'client'],
  },
});
