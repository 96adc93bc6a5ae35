import fc from 'fast-check';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import * as accountSchemas from './account-schemas.ts';
import * as challengeSchemas from './challenge-schemas.ts';
import * as gameSchemas from './game-schemas.ts';
import * as leaderboardSchemas from './leaderboard-schemas.ts';
import { isSafeText, SafeText } from './safe-text.ts';
import * as socialSchemas from './social-schemas.ts';

const UNSAFE_SAMPLES = ['\u0000', 'ali\u0000ce', '\u001F', 'tab\there', 'line\nbreak', '\u007F'];
const LONE_SURROGATES = ['\uD800', 'a\uDFFFb', '\uDE00\uD83D'];

describe('SafeText', () => {
  const text = SafeText({ maxLength: 64 });

  it.each([...UNSAFE_SAMPLES, ...LONE_SURROGATES])('refuses %j', (value) => {
    expect(Value.Check(text, value)).toBe(false);
    expect(isSafeText(value)).toBe(false);
  });

  it.each(['', 'alice', 'Ünïcödé', 'space inside', 'emoji 😀 pair', 'a@b.example', '\u0080'])(
    'accepts %j',
    (value) => {
      expect(Value.Check(text, value)).toBe(true);
      expect(isSafeText(value)).toBe(true);
    },
  );

  it('agrees with a plain definition on any string of UTF-16 code units', () => {
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    const unsafe = /[\u0000-\u001F\u007F]|\p{Cs}/u;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (value) => {
        expect(isSafeText(value)).toBe(!unsafe.test(value));
      }),
    );
  });
});

/** Every string-typed node of a JSON schema (properties, unions, arrays, records). */
function stringNodes(schema: unknown, path: string): [string, unknown][] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const found: [string, unknown][] =
    node.type === 'string' && !('const' in node) && !('enum' in node) ? [[path, node]] : [];
  for (const [key, child] of Object.entries(node)) {
    if (Array.isArray(child)) {
      child.forEach((item, i) => found.push(...stringNodes(item, `${path}.${key}[${i}]`)));
    } else if (typeof child === 'object') {
      found.push(...stringNodes(child, `${path}.${key}`));
    }
  }
  return found;
}

describe('every request schema of shared/src/*-schemas.ts', () => {
  const modules = {
    accountSchemas,
    challengeSchemas,
    gameSchemas,
    leaderboardSchemas,
    socialSchemas,
  };
  const requestSchemas = Object.entries(modules).flatMap(([module, exports]) =>
    Object.entries(exports as Record<string, unknown>)
      .filter(([name]) => /(Body|Params|Query)$/.test(name))
      .map(([name, schema]) => [`${module}.${name}`, schema] as const),
  );
  const fields = requestSchemas.flatMap(([name, schema]) => stringNodes(schema, name));

  it('has string fields to check (the walk finds them)', () => {
    expect(fields.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'accountSchemas.LoginBody.properties.username',
        'socialSchemas.UsernameParams.properties.username',
        'gameSchemas.PlayParams.properties.word',
      ]),
    );
  });

  it.each(fields)('%s refuses control characters and lone surrogates', (_path, field) => {
    for (const value of [...UNSAFE_SAMPLES, ...LONE_SURROGATES]) {
      expect(Value.Check(field as Parameters<typeof Value.Check>[0], value), value).toBe(false);
    }
  });
});
