import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { SESSION_COOKIE } from '@portal/contracts';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/rest/docs';

/**
 * The OpenAPI document, built from the routes as route() registers them from the endpoint
 * catalogue (@portal/contracts: paths, zod schemas, tags, summaries, operation ids, session
 * security): UI at /rest/docs, JSON at /rest/docs/json.
 */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: '广告主门户 API', description: 'The portal API under /rest.', version: '0.1.0' },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'swagger' },
);
