import { ZListSchoolsRequest, ZListSchoolsResponse, ZSchoolStatesResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchoolStates, searchSchools } from '../../../domain/schools';
import { ctxOf } from '../../context';

/**
 * The public school directory for any signed-in user (routes/index.ts), answered from the server's cache
 * (ARCHITECTURE.md §4). Without SCHOOL_DIRECTORY_URL both say `directory: false`.
 */
const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['schools'];

  app.get(
    '/api/schools/states',
    {
      schema: {
        tags,
        summary: 'The 16 federal states, and whether a school directory is configured',
        response: { 200: ZSchoolStatesResponse },
      },
    },
    (request) => listSchoolStates(ctxOf(request)),
  );

  app.get(
    '/api/schools',
    {
      config: {
        // Per user, after authentication: a class room shares one address, a search field asks per keystroke.
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `schools:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Schools of a federal state matching q by name and city, best first (a few dozen at most)',
        querystring: ZListSchoolsRequest,
        response: { 200: ZListSchoolsResponse },
      },
    },
    (request) => searchSchools(ctxOf(request), request.query),
  );
};

export default schoolRoutes;
