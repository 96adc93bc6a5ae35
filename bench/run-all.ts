// Runs every `*.bench.ts` in this folder, one after another, each in its own process, and
// exits non-zero if any of them did. Benchmarks print figures; they are not part of `pnpm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const only = process.argv.slice(2);
const files = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((part) => name.includes(part)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, file)],
    {
      cwd: import.meta.dirname,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    failed += 1;
    console.log(`${file} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
