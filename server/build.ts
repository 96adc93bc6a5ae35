// `pnpm --filter @jotto/server build`: the server as production runs it, two ES modules in
// dist/ that plain `node` starts: main.js (the server) and admin.js (`pnpm admin`). How they are
// bundled, and why they must stay one level below server/: bundle-options.ts.
import { build } from 'esbuild';
import { productionBundleOptions } from './bundle-options.ts';

await build({
  ...productionBundleOptions,
  absWorkingDir: import.meta.dirname,
  entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
});
