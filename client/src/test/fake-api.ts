import type {
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@jotto/shared/api-endpoints';
import { API_PATHS, type ApiName } from '@jotto/shared/api-paths';
import { vi } from 'vitest';

/** A refusal as the server words it: `{result: 'error', err}` with a 4xx/5xx status. */
export interface FakeError {
  status: number;
  err: string;
}

type Answer<N extends ApiName> = EndpointResponse<N> | FakeError;
type Handler<N extends ApiName> =
  | Answer<N>
  | ((request: {
      params: EndpointParams<N>;
      body: EndpointBody<N>;
      /** The query string's values (an endpoint that takes none gets `{}`). */
      query: Partial<NonNullable<EndpointQuery<N>>>;
    }) => Answer<N> | Promise<Answer<N>>);

export type FakeHandlers = { [N in ApiName]?: Handler<N> };

export interface FakeCall {
  name: ApiName;
  params: Record<string, string>;
  /** The query string's parameters, as text: only for a request that has one. */
  query?: Record<string, string>;
  body: unknown;
}

const routes = (Object.keys(API_PATHS) as ApiName[]).map((name) => {
  const { method, path } = API_PATHS[name];
  const names: string[] = [];
  const pattern = path.replace(/:([A-Za-z]+)/g, (_match, param: string) => {
    names.push(param);
    return '([^/]+)';
  });
  return { name, method, names, regex: new RegExp(`^/api${pattern}$`) };
});

/**
 * Stands in for the server in component tests: `fetch` answers by the endpoint the request
 * matches in the shared table, with the typed answer (or `{status, err}` refusal) given for
 * that endpoint's name. An endpoint without an answer is a 404, so a test sees calls it did
 * not expect. `calls` records every request by name, with its parameters and body.
 */
export function fakeApi(handlers: FakeHandlers) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    // As the server's router does, a path without parameters wins over a pattern that also
    // matches it (`/games/live` is not `/games/:id`).
    const route = routes
      .filter((r) => r.method === method && r.regex.test(url.pathname))
      .sort((a, b) => a.names.length - b.names.length)[0];
    if (!route) return json(404, { result: 'error', err: `no route ${method} ${url.pathname}` });
    const values = route.regex.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    const params = Object.fromEntries(route.names.map((n, i) => [n, values[i]!]));
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const query = Object.fromEntries(url.searchParams);
    calls.push({ name: route.name, params, ...(url.search ? { query } : {}), body });
    const handler = handlers[route.name] as Handler<ApiName> | undefined;
    if (handler === undefined)
      return json(404, { result: 'error', err: `unexpected ${route.name}` });
    const answer =
      typeof handler === 'function'
        ? await (handler as (r: unknown) => Answer<ApiName> | Promise<Answer<ApiName>>)({
            params: coerce(params),
            body,
            query,
          })
        : handler;
    if ('err' in answer && 'status' in answer) {
      return json(answer.status, { result: 'error', err: answer.err });
    }
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsOf: (name: ApiName) => calls.filter((c) => c.name === name) };
}

/** The address a `fetch` was called with, whichever form it was given in. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return 'url' in input ? input.url : input.href;
}

/** Path parameters that are numbers in the schemas (ids) arrive as numbers, as on the server. */
function coerce(params: Record<string, string>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, /^\d+$/.test(v) && k === 'id' ? Number(v) : v]),
  );
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
