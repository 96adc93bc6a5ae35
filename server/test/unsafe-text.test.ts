import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { errorHandlerPlugin } from '../src/plugins/error-handler-plugin.ts';
import { registerUser, startTestApp, type TestApp, type TestAgent } from './test-app.ts';
import { createScratchPostgresDatabase, DATABASE_KINDS } from './test-environment.ts';

// A NUL (U+0000) in any string that reached Postgres once answered 500 (SQLSTATE
// 22021). Every string a client sends is now refused by its schema when it holds a control
// character (U+0000–U+001F, U+007F) or a lone surrogate; a 400 either way, never a 500.

/** Holds a control character or a UTF-16 surrogate that is not half of a pair. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F]|\p{Cs}/u;

/**
 * Percent-encodes a path segment byte for byte as a client could send it. A lone surrogate has
 * no UTF-8 form, so it is sent as the three bytes a careless encoder (WTF-8) would produce.
 */
function encodeSegment(value: string): string {
  let out = '';
  for (const char of value) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const unsafeUnit = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constant('\u007F'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);
const safeUnit = fc.constantFrom('a', 'l', 'i', 'c', 'e', 'Z', '_', '0', ' ', 'é', '😀', '@', '.');
/** A string with at least one unsafe character somewhere (two halves may still meet as a pair). */
const hostileText = fc
  .tuple(
    fc.string({ unit: safeUnit, maxLength: 6 }),
    unsafeUnit,
    fc.string({ unit: fc.oneof(safeUnit, unsafeUnit), maxLength: 6 }),
  )
  .map(([before, unsafe, after]) => before + unsafe + after);

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  minimum?: number;
}

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  params: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
}

/** The constants a schema allows, when it is an enum or a union of them. */
function constantsOf(schema: JsonSchema): unknown[] | null {
  if (schema.enum) return schema.enum;
  if (schema.anyOf?.every((part) => part.enum)) return schema.anyOf.flatMap((part) => part.enum!);
  return null;
}

/** A value for one field: valid for anything but free text, which gets hostile text. */
function valueFor(schema: JsonSchema): fc.Arbitrary<{ value: unknown; hostile: string | null }> {
  const constants = constantsOf(schema);
  if (constants) return fc.constantFrom(...constants).map((value) => ({ value, hostile: null }));
  if (schema.type === 'integer' || schema.type === 'number') {
    return fc.integer({ min: schema.minimum ?? 1, max: 1000 }).map((value) => ({
      value,
      hostile: null,
    }));
  }
  if (schema.type === 'string') return hostileText.map((value) => ({ value, hostile: value }));
  return fc.constant({ value: null, hostile: null });
}

/** Every operation of the OpenAPI document that takes a free-text string, in path or body. */
function operationsWithText(document: {
  paths: Record<
    string,
    Record<string, { parameters?: Operation['params']; requestBody?: unknown }>
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body =
        (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
          ?.content?.['application/json']?.schema ?? null;
      const params = (operation.parameters ?? []).filter(
        (parameter) => (parameter as { in?: string }).in === 'path',
      );
      const fields = [...params.map((p) => p.schema), ...Object.values(body?.properties ?? {})];
      if (fields.some((field) => field.type === 'string' && !constantsOf(field))) {
        operations.push({
          method: method.toUpperCase() as Operation['method'],
          path,
          params,
          body,
        });
      }
    }
  }
  return operations;
}

describe.each(DATABASE_KINDS)('control characters and lone surrogates (%s)', (kind) => {
  let t: TestApp;
  let agent: TestAgent;
  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ agent } = await registerUser(t.app, 'alice'));
  });
  afterAll(async () => {
    await t.close();
  });

  // The cases a security probe found, each answered 500 before.
  it.each([
    ['POST', '/api/login', { username: 'ali\u0000ce', password: 'secret1' }],
    ['POST', '/api/user/search', { username: 'al\u0000' }],
    ['GET', '/api/profile/al%00ice', undefined],
    ['GET', '/api/friends/add/al%00ice', undefined],
    ['POST', '/api/challenges/new', { username: 'al\u0000ice' }],
    ['POST', '/api/user/pushtoken', { token: 'tok\u0000en' }],
    ['GET', '/api/users/al%00ice/verify/abc', undefined],
    [
      'POST',
      '/api/register',
      { username: 'nulmail', email: 'nul\u0000mail@example.com', password: 'secret1' },
    ],
    ['POST', '/api/login', { username: 'alice', password: 'lone\ud800surrogate' }],
    ['POST', '/api/finalize', { username: 'bell\u0007' }],
    ['GET', '/api/game/1/play/cr%00ne', undefined],
  ] as const)('%s %s answers 400', async (method, url, body) => {
    const response = await agent.request({
      method,
      url,
      ...(body === undefined ? {} : { payload: body }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ result: 'error', err: expect.any(String) });
  });

  it('names the field and says why', async () => {
    const response = await agent.post('/api/user/search', { username: 'al\u0000' });
    expect(response.body).toEqual({
      result: 'error',
      err: 'username contains a character that is not allowed',
    });
  });

  it('refuses unsafe text on every route that takes text, never with a 5xx', async () => {
    const openapi = await agent.get<Parameters<typeof operationsWithText>[0]>('/api/openapi.json');
    const operations = operationsWithText(openapi.body);
    // Every route of the probe's list is among them (the document is the source of the list).
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/register',
        'POST /api/user/search',
        'GET /api/profile/{username}',
        'GET /api/friends/add/{username}',
        'POST /api/challenges/new',
        'POST /api/user/pushtoken',
        'GET /api/users/{username}/verify/{verifyCode}',
        'GET /api/game/{id}/play/{word}',
      ]),
    );
    for (const operation of operations) {
      const request = fc.record({
        params: fc.tuple(...operation.params.map((p) => valueFor(p.schema))),
        body: fc.tuple(
          ...Object.entries(operation.body?.properties ?? {}).map(([name, schema]) =>
            valueFor(schema).map((field) => ({ name, ...field })),
          ),
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, body }) => {
          let url = operation.path;
          operation.params.forEach((param, i) => {
            url = url.replace(`{${param.name}}`, encodeSegment(String(params[i]!.value)));
          });
          const payload = Object.fromEntries(body.map((field) => [field.name, field.value]));
          const response = await agent.request({
            method: operation.method,
            url,
            ...(operation.body ? { payload } : {}),
          });
          const what = `${operation.method} ${url} ${JSON.stringify(payload)}`;
          expect(response.status, what).toBeLessThan(500);
          const unsafe = [...params, ...body].some(
            (field) => field.hostile !== null && UNSAFE.test(field.hostile),
          );
          if (unsafe) expect(response.status, what).toBe(400);
        }),
        { numRuns: 30 },
      );
    }
  });
});

describe.each(DATABASE_KINDS)('text the database cannot store (%s): the backstop', (kind) => {
  it('answers 400, not 500, when a query is refused with SQLSTATE 22021', async () => {
    const scratch = kind === 'postgres' ? await createScratchPostgresDatabase() : null;
    const database = await openDatabase({
      databaseUrl: scratch?.url ?? null,
      dataDir: 'memory://',
      poolSize: 1,
    });
    // A route with no schema, so the text reaches the database as a client sent it.
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.post('/echo', async (request) => {
      const { text } = request.body as { text: string };
      await database.db.execute(sql`select ${text}::text as echoed`);
      return { result: 'ok' };
    });
    try {
      const refused = await app.inject({
        method: 'POST',
        url: '/echo',
        payload: { text: 'a\u0000b' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        result: 'error',
        err: 'The request contains a character that is not allowed',
      });
      const fine = await app.inject({ method: 'POST', url: '/echo', payload: { text: 'ab' } });
      expect(fine.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await scratch?.drop();
    }
  });
});
