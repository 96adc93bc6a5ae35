import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    // The property tests run a few hundred cases each: well under a second on a quiet machine,
    // but past Vitest's 5 s default when CI shares its two cores with the server and e2e tests.
    testTimeout: 30_000,
  },
});
