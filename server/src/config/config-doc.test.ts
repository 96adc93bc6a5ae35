import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC, renderConfigurationDoc } from './config-doc.ts';
import { variablesIn } from './config-declarations.ts';
import { oauthVariablesByName } from './config-oauth-variables.ts';
import { CONFIG_VARIABLES } from './config-variables.ts';

describe('docs/CONFIGURATION.md', () => {
  it('is the manual the declarations write', async () => {
    const committed = await readFile(CONFIGURATION_DOC, 'utf8');
    expect(committed, 'docs/CONFIGURATION.md is stale: run pnpm config:doc').toBe(
      renderConfigurationDoc(),
    );
  });

  it('names every variable the server reads, each provider’s included', () => {
    const doc = renderConfigurationDoc();
    const names = [
      ...variablesIn(CONFIG_VARIABLES).map((variable) => variable.variable),
      ...Object.keys(oauthVariablesByName()),
    ];
    expect(names).toContain('GOOGLE_USERINFO_URL');
    for (const name of names) expect(doc, name).toContain(`\`${name}\``);
    expect(doc).not.toContain('VK_USERINFO_URL');
  });
});
