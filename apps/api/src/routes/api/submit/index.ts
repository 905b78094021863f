import type { FastifyInstance } from 'fastify';
import submitPage from './page';
import studentUpload from './student-upload';

/** The public side of submissions: a task's submit page and the students' uploads (no account). */
export default async function submitRoutes(app: FastifyInstance) {
  await app.register(submitPage);
  await app.register(studentUpload);
}
