import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_TEACHER } from '../../../domain/demo';
import { AppError } from '../../../lib/app-error';

const ZDemoSession = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.string(),
});

/**
 * `POST /api/demo/session`: signs into the demo teacher for the one-click `/demo` page. It goes through the
 * built-in auth's own password grant, so the session is exactly what a normal sign-in gives.
 */
const demo: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/demo/session',
    {
      config: { rateLimit: { max: 30, timeWindow: '5 minutes' } },
      schema: { tags: ['demo'], response: { 200: ZDemoSession } },
    },
    async (request) => {
      if (!app.config.DEMO || app.config.SUPABASE_URL) throw new AppError('DEMO_DISABLED');
      const res = await app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: DEMO_TEACHER.email, password: DEMO_TEACHER.password },
      });
      const session = ZDemoSession.safeParse(res.json());
      if (res.statusCode !== 200 || !session.success) {
        request.log.error({ status: res.statusCode }, 'demo sign-in failed');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return session.data;
    },
  );
};

export default demo;
