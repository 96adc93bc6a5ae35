import { RE2JS } from 're2js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFE_TEXT_PATTERN } from '@jotto/shared/safe-text';
import { startTestApp, type TestApp } from './test-app.ts';

// The OpenAPI document misled outside tools: the sign-in routes were documented as 200 though
// they always answer 302; the register and guess schemas were looser than the rules the server
// enforces; and the free-text pattern (JavaScript's \uXXXX escapes and a lone-surrogate range)
// was refused as an invalid regular expression by validators built on other engines.

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; schema: Json }[];
  requestBody?: { content: { 'application/json': { schema: Json } } };
  responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
}

/** Every `pattern` of the document, with where it is. */
function patternsOf(node: unknown, where = '#'): { where: string; pattern: string }[] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'pattern' && typeof value === 'string'
      ? [{ where, pattern: value }]
      : patternsOf(value, `${where}/${key}`),
  );
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>> };
  const operation = (path: string, method: string) => document.paths[path]![method]!;
  const bodyOf = (path: string) =>
    operation(path, 'post').requestBody!.content['application/json'].schema as {
      properties: Record<string, Json>;
    };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    document = (await t.app.inject('/api/openapi.json')).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('uses only patterns a non-JavaScript engine (RE2, as in Go) accepts', () => {
    const patterns = patternsOf(document);
    expect(patterns.length).toBeGreaterThan(10);
    const refused = patterns.filter(({ pattern }) => {
      try {
        RE2JS.compile(pattern);
        new RegExp(pattern, 'u');
        return false;
      } catch {
        return true;
      }
    });
    // Before: every free-text field, with SAFE_TEXT_PATTERN.
    expect(refused).toEqual([]);
    expect(patterns.map(({ pattern }) => pattern)).not.toContain(SAFE_TEXT_PATTERN);
    // The rule is still stated: control characters by the pattern, surrogates in words.
    const username = bodyOf('/api/login').properties.username!;
    expect(username.pattern).toBe('^[^\\x00-\\x1F\\x7F]*$');
    expect(String(username.description)).toContain('surrogates');
  });

  it('documents the sign-in routes as the redirects they are, with their Location', () => {
    const signIn = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/auth/'));
    expect(signIn.length).toBe(10);
    for (const [path, methods] of signIn) {
      const { responses } = methods.get!;
      // Before: only a 200.
      expect(Object.keys(responses), path).not.toContain('200');
      expect(responses['302']?.headers, path).toHaveProperty('location');
      expect(responses['302']?.content, path).toBeUndefined();
    }
  });

  it('states the rules the server enforces on a registration, a finalize and a reset', () => {
    for (const path of ['/api/register', '/api/finalize']) {
      expect(bodyOf(path).properties.username, path).toMatchObject({
        minLength: 3,
        maxLength: 14,
        pattern: '^[A-Za-z0-9_]+$',
      });
    }
    for (const path of ['/api/register', '/api/password/reset']) {
      expect(bodyOf(path).properties.password, path).toMatchObject({
        minLength: 4,
        maxLength: 256,
      });
    }
    expect(bodyOf('/api/register').properties.email).toMatchObject({ maxLength: 254 });
  });

  it('states what a guess may be: five letters a to z, or giveup', () => {
    const word = operation('/api/game/{id}/play/{word}', 'get').parameters!.find(
      (parameter) => parameter.name === 'word',
    )!.schema;
    const pattern = new RegExp(String(word.pattern));
    for (const accepted of ['crane', 'CRANE', 'giveup', 'GiveUp']) {
      expect(pattern.test(accepted), accepted).toBe(true);
    }
    for (const refused of ['cranes', 'cran', 'cr4ne', 'crané', 'give up', '']) {
      expect(pattern.test(refused), refused).toBe(false);
    }
  });

  it('names, summarises and secures every operation', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.every((op) => typeof op.summary === 'string' && op.summary !== '')).toBe(
      true,
    );
    expect(operations.every((op) => Array.isArray(op.security))).toBe(true);
    expect(operation('/api/user/friends', 'get').security).toEqual([{ session: [] }]);
    expect(operation('/api/login', 'post').security).toEqual([{}, { session: [] }]);
  });
});
