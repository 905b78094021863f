import {
  ZCluster,
  ZCreateClusterRequest,
  ZDeletedResponse,
  ZIdParams,
  ZListClustersResponse,
  ZUpdateClusterRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCluster, deleteCluster, listClusters, updateCluster } from '../../../domain/rubrics';
import { ctxOf } from '../../context';

/** `/api/clusters`: the caller's criteria clusters, the input of the skill generation. */
const clusterRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clusters'];
  app.get(
    '/api/clusters',
    {
      schema: {
        tags,
        summary: 'The caller’s criteria clusters, last changed first',
        response: { 200: ZListClustersResponse },
      },
    },
    (request) => listClusters(ctxOf(request)),
  );
  app.post(
    '/api/clusters',
    {
      schema: {
        tags,
        summary: 'Create a cluster',
        body: ZCreateClusterRequest,
        response: { 201: ZCluster },
      },
    },
    async (request, reply) => reply.code(201).send(await createCluster(ctxOf(request), request.body)),
  );
  app.patch(
    '/api/clusters/:id',
    {
      schema: {
        tags,
        summary: 'Change a cluster',
        params: ZIdParams,
        body: ZUpdateClusterRequest,
        response: { 200: ZCluster },
      },
    },
    (request) => updateCluster(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/clusters/:id',
    {
      schema: {
        tags,
        summary: 'Delete a cluster',
        params: ZIdParams,
        response: { 200: ZDeletedResponse },
      },
    },
    async (request) => {
      await deleteCluster(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};

export default clusterRoutes;
