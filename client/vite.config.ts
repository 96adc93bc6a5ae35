import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the
 * highest levels, once; the server sends the copy the browser accepts (@fastify/static
 * `preCompressed`) and spends no CPU compressing per request. Small files are left alone:
 * below 1 KB the headers cost more than the saving.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'jotto-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the other plugins' (sequential) closeBundle: the service worker is written there.
    closeBundle: { sequential: true, order: 'post', handler: compressAll },
  };

  async function compressAll() {
    for (const file of await listFiles(outDir)) {
      if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue;
      const content = await readFile(file);
      await writeFile(
        `${file}.br`,
        await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
    }
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * The service worker (docs/PRODUCT.md, 'Install and offline'): vite-plugin-pwa builds
 * src/sw.ts into dist/sw.js with Workbox and writes the build's precache list into it
 * (injectManifest: our own worker, so its push handling stays ours). The server serves that file
 * at /sw.js (scope /) and, for registrations made before, at /public/sw.js. The page registers it
 * itself (lib/pwa/register-service-worker.ts), after load, and the manifest is our own file in
 * public/, so the plugin injects nothing into the page.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    // A classic script: `register('/sw.js')` with no `type: 'module'`, which every browser with
    // service workers runs.
    rollupFormat: 'iife',
    // The shell, every screen's chunk, the styles, the icons and the manifest: the whole app
    // opens offline. The compressed copies are the same files.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // Listed as the server serves them, under /public/; the worker itself is at the root.
    modifyURLPrefix: { '': '/public/' },
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^\/public\/assets\//,
  },
});

// The server serves the build under /public/, so assets are built for that base.
// No source maps in the build: they would publish the source next to the app.
// In development, API calls are proxied to the server on :3000.
export default defineConfig({
  base: '/public/',
  plugins: [react(), precompress(), serviceWorker],
  // `@/x` is `src/x`, as in tsconfig.json's `paths` (a string key matches `@` and `@/…` only,
  // never a scoped package such as `@tanstack/…`).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // React, the router and TanStack Query in one chunk every page needs anyway: left to
        // the bundler they came in five small chunks shared by the lazy routes, and five
        // gzip streams cost ~1.5 KB more than one (measured on the landing page).
        manualChunks: (id) =>
          /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler|react-router|react-router-dom|@tanstack|cookie|set-cookie-parser)\//.test(
            id,
          )
            ? 'framework'
            : undefined,
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
