import type { FastifyInstance } from 'fastify';
import { withAccess } from '../plugins/app/auth';
import account from './api/account';
import admin from './api/admin';
import classes from './api/classes';
import classInvitations from './api/class-invitations';
import config from './api/config';
import corrections from './api/corrections';
import demo from './api/demo';
import events from './api/events';
import feedbackLink from './api/feedback-link';
import files from './api/files';
import { removeFilesOfDeletedTasks } from './api/files/cleanup';
import grading from './api/grading';
import health from './api/health';
import joinClass from './api/join-class';
import notifications from './api/notifications';
import publicPages from './pages';
import pdfs from './api/pdfs';
import profile from './api/profile';
import renderLatex from './api/render-latex';
import renderTikz from './api/render-tikz';
import rubrics from './api/rubrics';
import schools from './api/schools';
import skillProfile from './api/skill-profile';
import students from './api/students';
import submit from './api/submit';
import subjects from './api/subjects';
import submissions from './api/submissions';
import tasks from './api/tasks';
import tikzFonts from './api/tikz-fonts';

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
      // The submit page of a task and the students' uploads (ARCHITECTURE.md §8: no account).
      await scope.register(submit);
      // The student's handed-back feedback through their personal link (ADR 010).
      await scope.register(feedbackLink);
      // Both pages as HTML from the server, and the submit page's form post without JavaScript (ADR 020).
      await scope.register(publicPages);
      // The fonts of TikZ pictures, which the public pages show too (ARCHITECTURE.md §4).
      await scope.register(tikzFonts);
    }),
  );
  await app.register(
    withAccess('authenticated', async (scope) => {
      await scope.register(account);
      // The caller's own profile and /api/encrypt, /api/decrypt (ARCHITECTURE.md §5: for themself only).
      await scope.register(profile);
      // Live changes of the caller's own rows (server-sent events, ARCHITECTURE.md §2).
      await scope.register(events);
      // The caller's notifications and coin balance (ARCHITECTURE.md §5).
      await scope.register(notifications);
      // The school directory, answered from the server's cache (ARCHITECTURE.md §4).
      await scope.register(schools);
    }),
  );
  // The teacher's daily work: only the rows domain/access.ts grants the caller, anything else is 404.
  await app.register(
    withAccess('teacher', async (scope) => {
      // Deleting a task or class also deletes the stored files of its tasks.
      removeFilesOfDeletedTasks(scope);
      await scope.register(subjects);
      await scope.register(classes);
      // Classes colleagues shared with the caller, waiting for an answer (co-teaching).
      await scope.register(classInvitations);
      await scope.register(tasks);
      await scope.register(students);
      await scope.register(joinClass);
      await scope.register(submissions);
      await scope.register(files);
      await scope.register(corrections);
      await scope.register(grading);
      // Per student, the skills of the class's handed-back tasks (ADR 025).
      await scope.register(skillProfile);
      await scope.register(renderLatex);
      await scope.register(renderTikz);
      await scope.register(rubrics);
      // Printable worksheets, feedback sheets and class overviews (ARCHITECTURE.md §4).
      await scope.register(pdfs);
    }),
  );
  await app.register(
    withAccess('organization_member', async (scope) => {
      await scope.register(admin);
    }),
  );
}
