import { ZGetProfileResponse, ZUpdateProfileRequest, ZUpdateProfileResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProfile, saveProfile } from '../../../domain/profiles';
import { ctxOf } from '../../context';
import encryption from './encryption';

/**
 * The signed-in user's own profile, with `/api/encrypt` + `/api/decrypt` (encryption.ts). Registered for any
 * signed-in user (routes/index.ts).
 */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];

  app.get(
    '/api/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s profile, decrypted (null while there is none)',
        response: { 200: ZGetProfileResponse },
      },
    },
    async (request) => ({ profile: await getProfile(ctxOf(request)) }),
  );

  app.put(
    '/api/profile',
    {
      schema: {
        tags,
        summary: 'Create or replace the signed-in user’s profile',
        body: ZUpdateProfileRequest,
        response: { 200: ZUpdateProfileResponse },
      },
    },
    (request) => saveProfile(ctxOf(request), request.body),
  );

  await app.register(encryption);
};

export default profileRoutes;
