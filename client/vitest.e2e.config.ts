import { defineConfig } from 'vitest/config';

// End-to-end tests: the built client served by the real server on the embedded defaults,
// driven in the system's headless Chromium. `pnpm test` builds the client first.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
