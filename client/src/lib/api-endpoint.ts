import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { API_PATHS, type ApiName } from '@jotto/shared/api-paths';
import { type CallArgs, callRoute } from './api-client.ts';

/**
 * The way the client calls the API: by the endpoint's name in the shared table, which gives the
 * method, the path and the types of parameters, body and answer (`callRoute` does the call).
 *
 * Apart from api-client.ts so that the table stays out of the first page's JavaScript: the
 * landing loads api-client.ts for its two calls (session.ts), and this module, with the table of
 * every route, only comes with the screens that call the API by name (0.66 KB gzipped, which
 * kept the landing over its 100 KB budget; docs/SCALING.md has the figure).
 */
export function callEndpoint<N extends ApiName>(
  name: N,
  ...args: CallArgs<N>
): Promise<EndpointResponse<N>> {
  return callRoute<N>(API_PATHS[name], ...args);
}
