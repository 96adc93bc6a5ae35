// How the server is bundled for production, shared by `build.ts` (dist/main.js, dist/admin.js)
// and the benches (bench/support/harness.ts), so that a bench measures the code production runs.
//
// @jotto/shared is inlined: its package exports point at TypeScript sources, which Node does not
// run. Every npm package stays an import, resolved at run time from server/node_modules as
// before (so native and WebAssembly parts, PGlite's for one, load from their own packages).
//
// Files read at run time are found from the bundle's own folder: a bundle must sit one level
// below server/ as src/ does, and src/repo-root.ts counts on that depth.
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const WORKSPACE_SCOPE = '@jotto/';

/** Bare specifiers (npm packages, node: built-ins) are left to Node, except our own packages. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true },
    );
  },
};

/** esbuild options for ES module bundles that plain `node` runs (add entry points and outdir). */
export const productionBundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Stack traces name the TypeScript sources when node runs with --enable-source-maps.
  sourcemap: true,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
} satisfies BuildOptions;

/**
 * Bundles one more entry point as the server's are (a bench's server process), into
 * `server/<folder>/`, one level below server/ like dist/; returns the bundle's path.
 */
export async function bundleLikeProduction(entryPoint: string, folder: string): Promise<string> {
  const outdir = path.join(import.meta.dirname, folder);
  const name = path.basename(entryPoint).replace(/\.ts$/, '');
  await build({ ...productionBundleOptions, entryPoints: { [name]: entryPoint }, outdir });
  return path.join(outdir, `${name}.js`);
}
