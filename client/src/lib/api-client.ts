import type {
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@jotto/shared/api-endpoints';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import type { API_PATHS, ApiName } from '@jotto/shared/api-paths';
import { fillPath } from '@jotto/shared/fill-path';
import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_HEADER_VALUE } from '@jotto/shared/request-headers';
import { API_BASE } from '@/config/env.ts';
import { networkStatus } from './network-status.ts';

/** What a call that never got an answer says (docs/PRODUCT.md, 'Loading and failures'). */
export const UNREACHABLE = 'Could not reach the server. Check your connection.';

/** A failed call: `message` is the server's `err` sentence, ready for an alert. */
export class ApiCallError extends Error {
  constructor(
    /** The HTTP status; 0 when the request never got an answer (offline, blocked). */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/**
 * What a call of endpoint N takes besides its name: its path parameters, its query (whose
 * fields are all optional) and its body.
 */
export type CallInput<N extends ApiName> = (EndpointParams<N> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<N> }) &
  (EndpointQuery<N> extends undefined ? { query?: undefined } : { query?: EndpointQuery<N> }) &
  (EndpointBody<N> extends undefined ? { body?: undefined } : { body: EndpointBody<N> });

/** The arguments of a call after the endpoint: none when the endpoint takes nothing. */
export type CallArgs<N extends ApiName> =
  EndpointParams<N> extends undefined
    ? EndpointBody<N> extends undefined
      ? [input?: CallInput<N>]
      : [input: CallInput<N>]
    : [input: CallInput<N>];

/** An endpoint's method and path, exactly as the shared table (api-paths.ts) has them. */
export type EndpointRoute<N extends ApiName> = (typeof API_PATHS)[N];

/**
 * Calls endpoint N at its route, the table's entry for it: `callEndpoint` (api-endpoint.ts) is
 * the way to call the API by name; this is what it runs, and what the first page's own calls use
 * with their entries written out (see session.ts). The types of parameters, body and answer are
 * the endpoint's. Credentials always
 * go along, cross-origin too; every call carries CLIENT_REQUEST_HEADER (our CSRF proof for
 * browsers that send no Fetch Metadata). A `{result: "error"}` answer becomes an ApiCallError
 * carrying the server's sentence. Every call tells the network status (network-status.ts)
 * whether it got an answer: the page shows 'Offline' after one that got none.
 *
 * The answer is typed from the endpoint's response schema without checking it again here: the
 * server serialises every reply through that same schema, and a check in the browser would
 * put TypeBox into every page (see api-paths.ts).
 */
export async function callRoute<N extends ApiName>(
  route: EndpointRoute<N>,
  ...[input]: CallArgs<N>
): Promise<EndpointResponse<N>> {
  const { method, path } = route;
  const params = input?.params as Record<string, string | number> | undefined;
  const query = input?.query as Record<string, string | number | boolean | undefined> | undefined;
  const body: unknown = input?.body;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${fillPath(path, params)}${queryString(query)}`, {
      method,
      credentials: 'include',
      headers: {
        [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_HEADER_VALUE,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    networkStatus.unreachable();
    throw new ApiCallError(0, UNREACHABLE);
  }
  networkStatus.answered();
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok || payload === null) {
    const err = isErrorResponse(payload) ? payload.err : `Request failed (${response.status})`;
    throw new ApiCallError(response.status, err);
  }
  return payload as EndpointResponse<N>;
}

/** `?name=value&…` of the query's fields that are set, or '' when none is. */
function queryString(query: Record<string, string | number | boolean | undefined> | undefined) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    typeof value === 'object' && value !== null && 'err' in value && typeof value.err === 'string'
  );
}

/** Whether a call was answered 404: there is no such thing for this caller. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiCallError && error.status === 404;
}

/** True for a call that never got an answer (offline, blocked): nothing says it arrived. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiCallError && error.status === 0;
}

/** The sentence of an error for an alert: the server's `err`, or the error's own message. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
