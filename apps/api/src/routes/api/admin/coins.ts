import { ZAdminCoinsQuery, ZAdminCoinsResponse, ZAdminGrantCoinsRequest } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coinBalance, grantCoins } from '../../../domain/coins';
import { notify } from '../../../domain/notifications';
import { requireUser } from './index';

// Coins for organization members (DESIGN §5, ADR 009): see and top up a user's AI credit balance.
const adminCoins: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/coins',
    {
      schema: {
        tags,
        summary: 'A user’s coin balance',
        querystring: ZAdminCoinsQuery,
        response: { 200: ZAdminCoinsResponse },
      },
    },
    async (request) => {
      await requireUser(app, request.query.user_id);
      return { user_id: request.query.user_id, coinCount: await coinBalance(app.db, request.query.user_id) };
    },
  );

  app.post(
    '/api/admin/coins',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Grant coins to a user',
        body: ZAdminGrantCoinsRequest,
        response: { 200: ZAdminCoinsResponse },
      },
    },
    async (request) => {
      const { user_id, amount } = request.body;
      await requireUser(app, user_id);
      const by = request.user?.id ?? null;
      // The receiver learns about it on the bell; both or neither are stored.
      const coinCount = await app.db.transaction(async (tx) => {
        const balance = await grantCoins(tx, { userId: user_id, amount, by });
        await notify(tx, {
          receiver_user_id: user_id,
          type: 'coins_granted',
          title: amount === 1 ? 'Du hast 1 Coin erhalten' : `Du hast ${amount} Coins erhalten`,
          details: `Dein KI-Guthaben beträgt jetzt ${balance} Coins.`,
          link_to: '/notifications',
          created_by: by,
        });
        return balance;
      });
      request.log.info({ userId: user_id, amount }, 'coins granted');
      return { user_id, coinCount };
    },
  );
};

export default adminCoins;
