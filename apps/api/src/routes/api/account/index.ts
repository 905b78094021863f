import { ZMessageResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteOwnAccount } from '../../../domain/accounts';
import { ctxOf } from '../../context';

/** `DELETE /api/account` (PRODUCT.md §7): the signed-in user deletes themself and everything they own. */
const account: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/account',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['account'], response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await deleteOwnAccount(ctxOf(request));
      return { message: 'Konto und alle zugehörigen Daten wurden gelöscht' };
    },
  );
};

export default account;
