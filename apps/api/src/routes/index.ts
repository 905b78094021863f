import type { FastifyInstance } from 'fastify';
import config from './api/config';
import health from './api/health';

/** Every route module, registered once. New resources add a line here. */
export default async function routes(app: FastifyInstance) {
  await app.register(health);
  await app.register(config);
}
