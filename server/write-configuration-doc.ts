// Writes docs/CONFIGURATION.md from the declarations of the variables (src/config-variables.ts)
// and the client's and tools' entries (src/config-doc.ts): `pnpm config:doc`, after adding or
// changing a variable. src/config-doc.test.ts fails while the committed file differs.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIGURATION_DOC, renderConfigurationDoc } from './src/config/config-doc.ts';
import { REPO_ROOT } from './src/repo-root.ts';

await writeFile(CONFIGURATION_DOC, renderConfigurationDoc());
console.log(`${path.relative(REPO_ROOT, CONFIGURATION_DOC)} written`);
