import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves the build under /public/ (decisions §1), so assets are built for that base.
// In development, API calls are proxied to the server on :3000.
export default defineConfig({
  base: '/public/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
