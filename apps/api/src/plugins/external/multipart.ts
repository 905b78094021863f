import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * ARCHITECTURE.md §8 limits: 20 MB a file, 20 files a submission. Routes stream parts; nothing is buffered
 * here.
 */
export const UPLOAD_LIMITS = { fileSize: 20 * 1024 * 1024, files: 20, fields: 20, fieldSize: 64 * 1024 };

export default fp(
  async function multipartPlugin(app: FastifyInstance) {
    await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  },
  { name: 'multipart' },
);
