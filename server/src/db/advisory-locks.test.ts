import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks.ts';

const INT4_MAX = 2_147_483_647;

/** Every TypeScript source file under server/src, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('advisory lock keys', () => {
  it('are distinct', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are positive int4 values, so each serves either form of lock', () => {
    for (const [use, key] of Object.entries(ADVISORY_LOCKS)) {
      expect(Number.isInteger(key) && key > 0 && key <= INT4_MAX, use).toBe(true);
    }
  });

  it('are all taken from the registry: no lock call in server/src names a key of its own', () => {
    const srcDir = path.join(import.meta.dirname, '..');
    const offenders = sourceFiles(srcDir).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const literalKey = /pg_\w*advisory\w*\(\s*\d/g;
      return literalKey.test(text) ? [path.relative(srcDir, file)] : [];
    });
    expect(offenders).toEqual([]);
    // The files that take locks do import the registry.
    const lockTakers = sourceFiles(srcDir).filter(
      (file) =>
        !file.endsWith('advisory-locks.ts') &&
        /pg_\w*advisory\w*\(/.test(readFileSync(file, 'utf8')),
    );
    expect(lockTakers.length).toBeGreaterThanOrEqual(4);
    for (const file of lockTakers) {
      expect(readFileSync(file, 'utf8'), file).toContain('advisory-locks.ts');
    }
  });
});
