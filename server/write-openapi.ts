// Writes the API's OpenAPI document, exactly as GET {API_PREFIX}/openapi.json serves it, to the
// file named on the command line: `pnpm --filter @jotto/server openapi:lint` writes it and lints
// it with @redocly/cli (.ci/run does), so that outside tools can rely on it. The app is built as
// the tests build it (embedded database in memory, nothing logged) and asked over inject.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './src/app.ts';
import { loadConfig } from './src/config/config.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: write-openapi.ts <file>');
  process.exit(2);
}
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
const app = await buildApp(config, { pushTransport: null });
try {
  const response = await app.inject(`${config.apiPrefix}/openapi.json`);
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  const file = path.resolve(target);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(response.json(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${file}`);
} finally {
  await app.close();
}
