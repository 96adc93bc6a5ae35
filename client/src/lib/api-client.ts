import type { ErrorResponse } from '@jotto/shared/api-envelope';

// Split hosting sets VITE_API_URL to the API's origin + prefix; by default the API is ours.
const API_BASE: string = import.meta.env.VITE_API_URL ?? '/api';

/** A failed call: `message` is the server's `err` sentence, ready for an alert. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/**
 * The one fetch wrapper: credentials always included (spec §7), JSON in and out, and any
 * `{result: "error"}` turned into an ApiCallError carrying the server's sentence.
 */
export async function callApi<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok || payload === null) {
    const err = isErrorResponse(payload) ? payload.err : `Request failed (${response.status})`;
    throw new ApiCallError(response.status, err);
  }
  return payload as T;
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    typeof value === 'object' && value !== null && typeof (value as ErrorResponse).err === 'string'
  );
}
