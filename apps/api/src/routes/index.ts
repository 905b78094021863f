import type { FastifyInstance } from 'fastify';
import { withAccess } from '../plugins/app/auth';
import account from './api/account';
import admin from './api/admin';
import config from './api/config';
import demo from './api/demo';
import health from './api/health';

/**
 * Every route module, registered once, grouped by who may call it. A route outside these groups needs a
 * teacher (plugins/app/auth.ts).
 */
export default async function routes(app: FastifyInstance) {
  await app.register(
    withAccess('public', async (scope) => {
      await scope.register(health);
      await scope.register(config);
      await scope.register(demo);
    }),
  );
  await app.register(withAccess('authenticated', account));
  await app.register(withAccess('organization_member', admin));
}
