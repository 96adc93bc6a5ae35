import type { FastifyContextConfig } from 'fastify';
import type { EndpointDefinition, SchemaAt } from '@jotto/shared/api-endpoints';
import { ERROR_RESPONSES } from '@jotto/shared/api-envelope';

/**
 * The route options an entry of the shared endpoint table stands for: method, URL, the schemas
 * that validate, serialise and document it, `changesState` for the cross-site guard and
 * `access` for the session plugin's access check. A route file spreads this into `app.route`
 * and adds its handler, so the path, schemas and access a client sees are the ones the server
 * registers and enforces.
 */
export function endpointRoute<const E extends EndpointDefinition>(
  endpoint: E,
  // The table's access is the route's: a route file cannot declare another.
  config: Omit<FastifyContextConfig, 'access'> = {},
) {
  const schema = {
    tags: [endpoint.tag],
    params: endpoint.params as SchemaAt<E, 'params'>,
    querystring: endpoint.query as SchemaAt<E, 'query'>,
    body: endpoint.body as SchemaAt<E, 'body'>,
    response: { 200: endpoint.response as E['response'], ...ERROR_RESPONSES },
  };
  // Fastify and the OpenAPI generator treat a present-but-undefined schema as a schema.
  if (schema.params === undefined) delete schema.params;
  if (schema.querystring === undefined) delete schema.querystring;
  if (schema.body === undefined) delete schema.body;
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { changesState: endpoint.changesState === true, ...config, access: endpoint.access },
  };
}
