import { ZClass, ZCreateStudentsResponse, ZSubject, ZTask, type Task } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { submissionFiles } from '../../src/db/schema';
import { photo } from './classroom';
import { errorOf, type SignedIn as Teacher } from './tokens';

// Students hand in through /api/submissions/studentupload/{taskId} without an account: the class, the
// multipart request and the look at what was stored, shared by the uploads*.test.ts suites. Bodies are real
// multipart requests (FormData + fetch) against a listening server, so busboy, limits and disconnects behave
// as in production.

/** A 120×80 photo as a phone sends it (classroom.ts's `photo`, larger and at quality 90). */
export const uploadPhoto = (
  seed: number,
  options: { width?: number; height?: number; orientation?: number } = {},
) => photo(seed, { width: 120, height: 80, quality: 90, ...options });

/** A class with three students and a task in it (published unless said otherwise). */
export async function classWithTask(teacher: Teacher, task: Record<string, unknown> = {}) {
  const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Kunst' })).json());
  const klass = ZClass.parse(
    (await teacher.call('POST', '/api/classes', { name: '6b', grade: '6', subject_id: subject.id })).json(),
  );
  const { students } = ZCreateStudentsResponse.parse(
    (
      await teacher.call('POST', '/api/createStudents', {
        class_id: klass.id,
        names: ['Greta Glück', 'Max Müller', 'Max Meier'],
      })
    ).json(),
  );
  const created = await newTask(teacher, klass.id, task);
  return { klass, students, task: created };
}

export async function newTask(
  teacher: Teacher,
  classId: string,
  extra: Record<string, unknown> = {},
): Promise<Task> {
  const res = await teacher.call('POST', '/api/tasks', {
    class_id: classId,
    title: 'Stillleben zeichnen',
    status: 'published',
    data: { type: 'doc', content: [] },
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return ZTask.parse(res.json());
}

export interface Part {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** POSTs a multipart form the way the submit page does (FormData + fetch). */
export async function post(
  base: string,
  url: string,
  files: Part[],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append('files', new Blob([f.bytes], { type: f.type ?? 'image/jpeg' }), f.name);
  const res = await fetch(`${base}${url}`, { method: 'POST', body: form, headers });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

export const errorCode = (body: unknown) => errorOf(body).code;

/** Every file under `dir`, recursively (relative paths). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

/** The stored objects under DATA_DIR (storage's own temp files left out). */
export const storedFiles = (dataDir: string) =>
  filesUnder(path.join(dataDir, 'files')).filter((f) => !f.startsWith('.tmp'));

/** What an upload may leave behind: storage temp files and upload scratch files. */
export const leftoverFiles = (dataDir: string) => [
  ...filesUnder(path.join(dataDir, 'files', '.tmp')),
  ...filesUnder(path.join(dataDir, 'tmp')),
];

/** The file rows of a task. */
export const fileRows = (app: FastifyInstance, taskId: string) =>
  app.db.select().from(submissionFiles).where(eq(submissionFiles.task_id, taskId));
