import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_ENDPOINTS, type EndpointAccess } from '@jotto/shared/api-endpoints';
import { SAFE_TEXT_PATTERN } from '@jotto/shared/safe-text';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';

/**
 * The free-text rule as the document states it. SAFE_TEXT_PATTERN, which the server validates
 * with, is a JavaScript pattern: its \uXXXX escapes and its lone-surrogate range are refused as
 * invalid by other engines (RE2, as in Go; Rust's regex), and validators written with them
 * refused the whole document. The portable pattern keeps the control characters out; the
 * description states the rest of the rule, which the server still enforces.
 */
export const DOCUMENTED_SAFE_TEXT = {
  pattern: '^[^\\x00-\\x1F\\x7F]*$',
  description: 'no control characters (U+0000 to U+001F, U+007F) and no unpaired UTF-16 surrogates',
} as const;

/** The session cookie, as the document's security scheme. */
const SESSION_SCHEME = 'session';

/**
 * Who may call an operation, as the document's `security`: routes a session is optional for
 * list both the cookie and nothing; routes that need a signed-in session list the cookie.
 */
function securityOf(access: EndpointAccess | undefined): Record<string, string[]>[] {
  if (access === 'game' || access === 'account' || access === 'user') {
    return [{ [SESSION_SCHEME]: [] }];
  }
  return [{}, { [SESSION_SCHEME]: [] }];
}

/** 'forgotPassword' → 'Forgot password': an endpoint's name as the operation's summary. */
const summaryOf = (name: string) => {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Replaces, everywhere in the document, SAFE_TEXT_PATTERN by its portable statement. */
function withPortablePatterns(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withPortablePatterns);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withPortablePatterns(value)]);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if (object.pattern !== SAFE_TEXT_PATTERN) return object;
  const description =
    typeof object.description === 'string'
      ? `${object.description}; ${DOCUMENTED_SAFE_TEXT.description}`
      : DOCUMENTED_SAFE_TEXT.description;
  return { ...object, pattern: DOCUMENTED_SAFE_TEXT.pattern, description };
}

/**
 * An OpenAPI 3.1 document of every API route, generated from the same TypeBox schemas that
 * validate them, at GET {API_PREFIX}/openapi.json, written for outside tools
 * (`pnpm --filter @jotto/server openapi:lint` checks it with @redocly/cli's recommended rules):
 * each operation of the endpoint table has its name as operationId and summary and states who
 * may call it (`security`: the session cookie); where the server enforces rules narrower than
 * its validation schema (usernames, passwords, guesses) the document states the rules
 * (`documented` in the endpoint table); and the free-text pattern is one other engines accept.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { apiPrefix: string }) => {
    const endpoints = new Map(
      Object.entries(API_ENDPOINTS).map(([name, endpoint]) => [
        `${endpoint.method} ${options.apiPrefix}${endpoint.path}`,
        { name, endpoint },
      ]),
    );
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Jotto API',
          version: '1.0.0',
          description:
            'Five-letter word guessing, solo and versus. Every answer is JSON: `{result: "ok", …}` on success, `{result: "error", err}` with a 4xx or 5xx status on failure. Requests that change state must come from the app\'s own origin or carry the header `X-Jotto-Client: web`.',
        },
        // The paths include API_PREFIX: the server is wherever this document was served from.
        servers: [{ url: '/', description: 'The host that serves this document' }],
        components: {
          securitySchemes: {
            [SESSION_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description:
                'The session cookie set by login, registration, social sign-in or a first guest game',
            },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        const method = [route.method].flat()[0] ?? 'GET';
        const found = endpoints.get(`${method} ${url}`);
        const documented: Record<string, unknown> = {
          ...schema,
          security: securityOf(route.config?.access),
        };
        if (found) {
          const { name, endpoint } = found;
          documented.operationId = name;
          documented.summary ??= summaryOf(name);
          if ('documented' in endpoint) Object.assign(documented, endpoint.documented);
        }
        return { schema: documented, url };
      },
      transformObject: (documentObject): ReturnType<SwaggerTransformObject> =>
        withPortablePatterns(
          'openapiObject' in documentObject
            ? documentObject.openapiObject
            : documentObject.swaggerObject,
        ) as ReturnType<SwaggerTransformObject>,
    });
    app.get(
      `${options.apiPrefix}/openapi.json`,
      { schema: { hide: true }, config: { access: 'public' } },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);
