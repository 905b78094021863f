import { ZDecryptRequest, ZDecryptResponse, ZEncryptRequest, ZEncryptResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decryptForActor, encryptForActor } from '../../../domain/profiles';
import { ctxOf } from '../../context';

/**
 * PRODUCT.md §7 `/api/encrypt` + `/api/decrypt` (ARCHITECTURE.md §5: for the signed-in user only — the user
 * id is the associated data, so nobody can decrypt another user's text here).
 */
const encryptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];

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
    (request) => ({ encryptedText: encryptForActor(ctxOf(request), request.body.text) }),
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
    (request) => ({ decryptedText: decryptForActor(ctxOf(request), request.body.encryptedText) }),
  );
};

export default encryptionRoutes;
