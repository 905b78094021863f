import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { withAccess } from '../app/auth';
import { VERSION } from '../../version';

/** OpenAPI document built from the routes' zod schemas: UI at /api/docs, JSON at /api/openapi.json. */
export default fp(
  async function swaggerPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Klassenzimmer API',
          description: 'Aufgaben, Abgaben und Rubrik-Feedback für Lehrkräfte.',
          version: VERSION,
        },
        servers: [{ url: app.config.PUBLIC_URL }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    // The document describes an open-source API: readable without signing in.
    await app.register(
      withAccess('public', async (docs) => {
        await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
        docs.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
      }),
    );
  },
  { name: 'swagger', dependencies: ['config', 'auth'] },
);
