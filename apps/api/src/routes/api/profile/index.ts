import {
  ZDecryptRequest,
  ZDecryptResponse,
  ZEncryptRequest,
  ZEncryptResponse,
  ZGetProfileResponse,
  ZUpdateProfileRequest,
  ZUpdateProfileResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { currentUserId } from '../../../lib/current-user';
import { profileCipher } from '../../../lib/profile-crypto';
import { getProfile, saveProfile } from './service';

/**
 * The signed-in user's own profile and spec §7 `/api/encrypt` + `/api/decrypt` (DESIGN §5: for the signed-in
 * user only — the user id is the associated data, so nobody can decrypt another user's text here).
 * Registered for any signed-in user (routes/index.ts).
 */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];
  const cipher = () => profileCipher(app.config);

  app.post(
    '/api/encrypt',
    {
      schema: {
        tags,
        summary: 'Encrypt a text for the signed-in user',
        body: ZEncryptRequest,
        response: { 200: ZEncryptResponse },
      },
    },
    (request) => ({ encryptedText: cipher().encrypt(request.body.text, currentUserId(request)) }),
  );

  app.post(
    '/api/decrypt',
    {
      schema: {
        tags,
        summary: 'Decrypt a text the signed-in user encrypted (400 DECRYPT_FAILED otherwise)',
        body: ZDecryptRequest,
        response: { 200: ZDecryptResponse },
      },
    },
    (request) => ({ decryptedText: cipher().decrypt(request.body.encryptedText, currentUserId(request)) }),
  );

  app.get(
    '/api/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s profile, decrypted (null while there is none)',
        response: { 200: ZGetProfileResponse },
      },
    },
    async (request) => ({ profile: await getProfile(app.db, cipher(), currentUserId(request)) }),
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
    (request) => {
      const userId = currentUserId(request);
      if (request.body.user_id !== undefined && request.body.user_id !== userId)
        throw new AppError('PROFILE_FOR_OTHER_USER');
      return saveProfile(app.db, cipher(), userId, request.body.meta_data);
    },
  );
};

export default profileRoutes;
