import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // `@/x` is `src/x`, as in tsconfig.json's `paths` and vite.config.ts.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'client',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Component tests take well under a second alone, but several past Vitest's 5 s default
    // while CI's two cores also ran the server and e2e projects.
    testTimeout: 30_000,
  },
});
