import { ZMessageResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccount } from '../../../auth/account';
import { AppError } from '../../../lib/app-error';

/** `DELETE /api/account` (spec §7): the signed-in user deletes themself and everything they own. */
const account: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/account',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['account'], response: { 200: ZMessageResponse } },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      await deleteAccount(app, request.user.id);
      request.log.info({ userId: request.user.id }, 'account deleted');
      return { message: 'Konto und alle zugehörigen Daten wurden gelöscht' };
    },
  );
};

export default account;
