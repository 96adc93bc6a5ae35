/**
 * Whether a request URL (its query, if any, included) or a route pattern is under the API
 * prefix: the prefix itself, or the prefix followed by `/` or `?`. Read on every request, so
 * it compares in place rather than splitting the URL.
 */
export function isUnderApiPrefix(url: string, apiPrefix: string): boolean {
  if (!url.startsWith(apiPrefix)) return false;
  const next = url[apiPrefix.length];
  return next === undefined || next === '/' || next === '?';
}
