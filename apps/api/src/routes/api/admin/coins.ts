import { ZAdminCoinsQuery, ZAdminCoinsResponse, ZAdminGrantCoinsRequest } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { grantUserCoins, userCoins } from '../../../domain/accounts';
import { ctxOf } from '../../context';

// Coins for organization members (ARCHITECTURE.md §5, ADR 009): see and top up a user's AI credit balance.
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
      const { user_id } = request.query;
      return { user_id, coinCount: await userCoins(ctxOf(request), user_id) };
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
      return { user_id, coinCount: await grantUserCoins(ctxOf(request), user_id, amount) };
    },
  );
};

export default adminCoins;
