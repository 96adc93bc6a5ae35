// Requests generated from the app's own OpenAPI document (/api/openapi.json): for every
// operation, fast-check arbitraries that build well-formed requests from its schemas and
// malformed ones around them (wrong types, missing and extra fields, hostile strings, broken
// JSON, wrong content types, oversized bodies, bad %-escapes, junk cookies and origins), and a
// judge that holds each answer to the document: no 5xx, and every body matches the schema of
// its status (a 4xx the error envelope).
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { RawRequest, Reply } from './browser-client.ts';

/** The subset of JSON Schema the app's TypeBox schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  /** The path template, e.g. `/api/game/{id}/play/{word}`. */
  template: string;
  pathParams: OpenApiParameter[];
  body: JsonSchema | null;
  /** Response schemas by status key of the document ("200", "4XX", "5XX"). */
  responses: Record<string, JsonSchema | null>;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        template,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        responses: Object.fromEntries(
          Object.entries(operation.responses ?? {}).map(([status, response]) => [
            status,
            response.content?.['application/json']?.schema ?? null,
          ]),
        ),
      });
    }
  }
  return operations;
}

/** Values the fuzz mixes in so that requests reach real rows: users, games, sessions. */
export interface FuzzContext {
  origin: string;
  usernames: string[];
  password: string;
  ids: number[];
  /** Session ids of signed-in users and of a guest. */
  sessions: string[];
  cookieName: string;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\uffff',
  '\u202e',
  '\r\n',
  '%00',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '@open',
  'giveup',
  'GIVEUP',
  'crane',
  'CRANE',
  'zzzzz',
  'ééééé',
  '🙂🙂🙂🙂🙂',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  'x'.repeat(257),
  'y'.repeat(5_000),
];

/** A name-like string with a control character or a lone surrogate somewhere in it. */
const controlString: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(
      '\u0000',
      '\u0001',
      '\u0008',
      '\t',
      '\n',
      '\u001b',
      '\u007f',
      '\ud800',
      '\udfff',
    ),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, control, after]) => `${before}${control}${after}`);

const stringArbitrary = (context: FuzzContext): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 3, arbitrary: controlString },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...context.usernames) },
    { weight: 1, arbitrary: fc.constant(context.password) },
  );

/** A value valid for `schema` (as far as generated strings can be), or close to it. */
function validValue(schema: JsonSchema, context: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, context, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(
        fc.constantFrom(...context.ids.filter((id) => id >= min && id <= max)),
        fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 40, 64);
      return fc.oneof(
        { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
        {
          weight: 2,
          arbitrary: stringArbitrary(context).filter(
            (s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity),
          ),
        },
      );
    }
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(validValue(schema.items ?? {}, context, depth + 1), { maxLength: 4 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, s]) => [name, validValue(s, context, depth + 1)]),
        ),
        { requiredKeys: required.filter((name) => name in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Anything JSON can carry, hostile strings and odd numbers included. */
const anyJson = (context: FuzzContext): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    stringArbitrary(context),
    fc.constantFrom(null, true, 0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, [], {}),
  );

/** A body for `schema`: valid, or one of the ways a client gets it wrong. */
function bodyArbitrary(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  const valid = validValue(schema, context);
  const fields = Object.keys(schema.properties ?? {});
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      // One field replaced by anything.
      weight: 3,
      arbitrary: fields.length
        ? fc
            .tuple(valid, fc.constantFrom(...fields), anyJson(context))
            .map(([body, field, value]) => ({ ...(body as object), [field]: value }))
        : valid,
    },
    {
      // One field dropped.
      weight: 1,
      arbitrary: fields.length
        ? fc.tuple(valid, fc.constantFrom(...fields)).map(([body, field]) => {
            const copy = { ...(body as Record<string, unknown>) };
            delete copy[field];
            return copy;
          })
        : valid,
    },
    {
      // An unexpected field (prototype pollution attempts included).
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('extra', '__proto__', 'constructor', 'admin'),
          anyJson(context),
        )
        .map(([body, field, value]) => ({ ...(body as object), [field]: value })),
    },
    { weight: 1, arbitrary: anyJson(context) },
  );
}

/**
 * Percent-encodes the UTF-8 bytes of `text` outside the unreserved set. Unlike
 * encodeURIComponent it takes lone surrogates too (as U+FFFD, as a browser would send them).
 */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A path parameter as it appears in the URL: encoded, or raw and broken. */
function pathValue(param: OpenApiParameter, context: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: validValue(param.schema, context).map((v) => percentEncode(String(v))),
    },
    { weight: 2, arbitrary: stringArbitrary(context).map((s) => percentEncode(s)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%c0%af',
        '%ff',
        '%00',
        '..',
        '.',
        'a%2Fb',
        '-0',
        '1.5',
      ),
    },
    { weight: 1, arbitrary: fc.constant('9'.repeat(120)) },
  );
}

const cookieArbitrary = (context: FuzzContext): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...context.sessions).map((id) => `${context.cookieName}=${id}`),
    },
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 60 })
        .map((s) => `${context.cookieName}=${encodeURIComponent(s)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${context.cookieName}=`,
        `${context.cookieName}=%`,
        `${context.cookieName}=a; ${context.cookieName}=b`,
        ';;;=',
        'x'.repeat(3_000),
      ),
    },
  );

/** One generated request for one of `operations`. */
export function requestArbitrary(
  operations: readonly Operation[],
  context: FuzzContext,
): fc.Arbitrary<RawRequest & { operation: string }> {
  return fc.constantFrom(...operations).chain((operation) => {
    const params = fc.tuple(...operation.pathParams.map((param) => pathValue(param, context)));
    const bodyKind = fc.oneof(
      { weight: 20, arbitrary: fc.constant('json') },
      { weight: 1, arbitrary: fc.constantFrom('broken', 'text', 'form', 'none', 'huge') },
    );
    const body = operation.body ? bodyArbitrary(operation.body, context) : anyJson(context);
    const query = fc.option(
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 }), { maxKeys: 3 }),
      { freq: 4 },
    );
    const headers = fc.record({
      cookie: cookieArbitrary(context),
      // Mostly what our own page sends, so that requests get past the cross-site guard.
      origin: fc.constantFrom(
        context.origin,
        context.origin,
        context.origin,
        undefined,
        undefined,
        'https://evil.example',
        'null',
      ),
      site: fc.constantFrom(
        undefined,
        'same-origin',
        'same-origin',
        'cross-site',
        'same-site',
        'none',
      ),
      client: fc.constantFrom(true, true, true, false),
      forwardedFor: fc.option(fc.constantFrom('203.0.113.7', 'junk', '1.2.3.4, 5.6.7.8', ''), {
        freq: 5,
      }),
    });
    const method = fc.oneof(
      { weight: 12, arbitrary: fc.constant(operation.method) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
    );
    return fc
      .tuple(params, bodyKind, body, query, headers, method)
      .map(([values, kind, value, queryParams, h, chosenMethod]) => {
        let path = operation.template;
        operation.pathParams.forEach((param, i) => {
          path = path.replace(`{${param.name}}`, values[i] ?? '');
        });
        if (queryParams) path += `?${new URLSearchParams(queryParams).toString()}`;
        const sendsBody = chosenMethod !== 'GET' && kind !== 'none';
        let payload: string | undefined;
        let contentType: string | undefined;
        if (sendsBody) {
          if (kind === 'broken') {
            payload = JSON.stringify(value).slice(0, -1) + '{';
            contentType = 'application/json';
          } else if (kind === 'text') {
            payload = JSON.stringify(value);
            contentType = 'text/plain';
          } else if (kind === 'form') {
            payload = 'username=a&password=b';
            contentType = 'application/x-www-form-urlencoded';
          } else if (kind === 'huge') {
            payload = JSON.stringify({ username: 'u'.repeat(70 * 1024) });
            contentType = 'application/json';
          } else {
            payload = JSON.stringify(value) ?? 'null';
            contentType = 'application/json';
          }
        }
        const headerValues: Record<string, string> = {
          ...(contentType ? { 'content-type': contentType } : {}),
          ...(h.cookie ? { cookie: h.cookie } : {}),
          ...(h.origin ? { origin: h.origin } : {}),
          ...(h.site ? { 'sec-fetch-site': h.site } : {}),
          ...(h.client ? { 'x-jotto-client': 'web' } : {}),
          ...(h.forwardedFor !== null ? { 'x-forwarded-for': h.forwardedFor } : {}),
        };
        return {
          operation: `${operation.method} ${operation.template}`,
          method: chosenMethod,
          path,
          headers: headerValues,
          ...(payload === undefined ? {} : { body: payload }),
        };
      });
  });
}

/** Holds answers to the document; one validator per schema, compiled once. */
export class ResponseJudge {
  private readonly ajv = new Ajv({ strict: false, allErrors: false });
  private readonly compiled = new Map<JsonSchema, ValidateFunction>();
  private readonly byKey = new Map<string, Operation>();

  constructor(operations: readonly Operation[]) {
    addFormats(this.ajv);
    for (const operation of operations) {
      this.byKey.set(`${operation.method} ${operation.template}`, operation);
    }
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** Why `reply` breaks the contract, or null when it keeps it. */
  problem(operationKey: string, method: string, reply: Reply<unknown>): string | null {
    if (reply.status === 0) return `no answer (${reply.error ?? 'unknown'})`;
    if (reply.status >= 500) return `${reply.status} ${reply.text.slice(0, 200)}`;
    const asked = this.byKey.get(operationKey);
    // A request sent with another method than its operation's may reach another operation on
    // the same path (GET and POST /api/user/settings): the reply is then that one's to judge.
    const operation =
      asked && asked.method !== method
        ? (this.byKey.get(`${method} ${asked.template}`) ?? asked)
        : asked;
    const sameMethod = operation?.method === method;
    const family = `${Math.floor(reply.status / 100)}XX`;
    const documented =
      sameMethod && operation
        ? (operation.responses[String(reply.status)] ?? operation.responses[family])
        : undefined;
    if (reply.status >= 400) {
      // Every failure is the envelope (`{ result: "error", err }`), documented or not.
      const schema = documented ?? ERROR_ENVELOPE;
      return this.validator(schema)(reply.body)
        ? null
        : `${reply.status} body is not the error envelope: ${reply.text.slice(0, 200)}`;
    }
    if (reply.status >= 300) {
      // Only the sign-in routes redirect, and the document says so (their 302, no JSON body).
      return sameMethod &&
        operation &&
        (String(reply.status) in operation.responses || family in operation.responses)
        ? null
        : `${reply.status} redirect the document does not state`;
    }
    if (!sameMethod) return `${reply.status} for ${method} on a ${operation?.method} route`;
    if (!documented) return null;
    const validate = this.validator(documented);
    return validate(reply.body)
      ? null
      : `${reply.status} body does not match its schema (${this.ajv.errorsText(validate.errors)}): ${reply.text.slice(0, 200)}`;
  }
}

const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['result', 'err'],
  properties: { result: { const: 'error' }, err: { type: 'string' } },
};
