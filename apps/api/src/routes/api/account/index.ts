import { ZMessageResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteOwnAccount, exportAccountData } from '../../../domain/accounts';
import { sendZipExport } from '../../../lib/send-file';
import { ctxOf } from '../../context';

/**
 * `DELETE /api/account` (PRODUCT.md §7): the signed-in user deletes themself and everything they own.
 * `GET /api/account/export`: everything of theirs as a ZIP (PRODUCT.md §4 Account).
 */
const account: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/export',
    {
      // Reads every row and file of the user: a few per hour are plenty.
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['account'],
        summary: 'All of the signed-in user’s data as a ZIP (JSON per entity, uploaded files, README.txt)',
      },
    },
    async (request, reply) => {
      return sendZipExport(reply, await exportAccountData(ctxOf(request)));
    },
  );

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
