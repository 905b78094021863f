import type { FastifyInstance } from 'fastify';
import { withAccess } from '../plugins/app/auth';
import account from './api/account';
import admin from './api/admin';
import classes from './api/classes';
import config from './api/config';
import demo from './api/demo';
import files from './api/files';
import { removeFilesOfDeletedTasks } from './api/files/cleanup';
import health from './api/health';
import joinClass from './api/join-class';
import profile from './api/profile';
import renderLatex from './api/render-latex';
import students from './api/students';
import submit from './api/submit';
import subjects from './api/subjects';
import submissions from './api/submissions';
import tasks from './api/tasks';
import uploads from './api/uploads';

/**
 * Every route module, registered once, grouped by who may call it. A route outside these groups needs a
 * teacher (plugins/app/auth.ts).
 */
export default async function routes(app: FastifyInstance) {
  await app.register(
    withAccess('public', async (scope) => {
      await scope.register(health);
      await scope.register(config);
      await scope.register(demo);
      // The submit page of a task and the students' uploads (DESIGN §8: no account).
      await scope.register(submit);
      await scope.register(uploads);
    }),
  );
  await app.register(
    withAccess('authenticated', async (scope) => {
      await scope.register(account);
      // The caller's own profile and /api/encrypt, /api/decrypt (DESIGN §5: for the signed-in user only).
      await scope.register(profile);
    }),
  );
  // The teacher's daily work (issue 4): every row is the caller's own (created_by), anything else is 404.
  await app.register(
    withAccess('teacher', async (scope) => {
      // Deleting a task or class also deletes the stored files of its tasks.
      removeFilesOfDeletedTasks(scope);
      await scope.register(subjects);
      await scope.register(classes);
      await scope.register(tasks);
      await scope.register(students);
      await scope.register(joinClass);
      await scope.register(submissions);
      await scope.register(files);
      await scope.register(renderLatex);
    }),
  );
  await app.register(withAccess('organization_member', admin));
}
