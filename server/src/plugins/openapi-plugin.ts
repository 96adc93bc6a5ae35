import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An OpenAPI 3 document of every API route, generated from the same TypeBox schemas that
 * validate them, at GET {API_PREFIX}/openapi.json.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { apiPrefix: string }) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Jotto API',
          version: '1.0.0',
          description: 'Five-letter word guessing, solo and versus.',
        },
      },
    });
    app.get(`${options.apiPrefix}/openapi.json`, { schema: { hide: true } }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
