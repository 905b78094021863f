import {
  studentLabels,
  SUBMIT_PAGE_LIMITS,
  submissionWindow,
  ZSubmitPageResponse,
  ZUploadParams,
  type SubmitPageResponse,
  type TaskData,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tasks } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { isoOrNull } from '../../../lib/dates';
import { profileCipher } from '../../../lib/profile-crypto';
import { classMembers, compareGerman } from '../../../lib/student-names';
import { mapValidationErrors } from '../../../lib/validation-errors';

/**
 * `GET /api/submit/:taskId` (public): what the submit page needs — the task's title and content, whether it
 * takes uploads, and the class list as labels ("Greta G."). Nothing else about the students or the teacher.
 */
const submitRoutes: FastifyPluginAsyncZod = async (app) => {
  mapValidationErrors(app, ['TASK_NOT_FOUND']);

  app.get(
    '/api/submit/:taskId',
    {
      schema: {
        tags: ['submissions'],
        summary: 'The public submit page of a task',
        params: ZUploadParams,
        response: { 200: ZSubmitPageResponse },
      },
    },
    async (request, reply): Promise<SubmitPageResponse> => {
      const [task] = await app.db.select().from(tasks).where(eq(tasks.id, request.params.taskId));
      if (!task) throw new AppError('TASK_NOT_FOUND');
      const { accepting, reason } = submissionWindow(task);
      let students: SubmitPageResponse['students'] = [];
      if (accepting) {
        const members = await classMembers(app.db, profileCipher(app.config), task.class_id);
        const labels = studentLabels(members);
        students = members
          .map((m) => ({ id: m.id, label: labels.get(m.id)! }))
          .sort((a, b) => compareGerman(a.label, b.label));
      }
      // Names of minors: never in a shared cache.
      reply.header('cache-control', 'private, no-store');
      return {
        task: {
          id: task.id,
          title: task.title,
          // A draft is not public yet: its title only.
          description: task.status === 'draft' ? '' : task.description,
          data: task.status === 'draft' ? null : ((task.data as TaskData | null) ?? null),
          due_date: isoOrNull(task.due_date),
          status: task.status,
          allow_late_submissions: task.allow_late_submissions,
        },
        accepting,
        closed_reason: reason,
        students,
        limits: SUBMIT_PAGE_LIMITS,
      };
    },
  );
};

export default submitRoutes;
