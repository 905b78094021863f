import {
  newId,
  ZClass,
  ZCreateStudentsResponse,
  ZListSubmissionsResponse,
  ZSubject,
  ZTask,
  ZUploadReceipt,
  type Task,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  skillDetails,
  skillFeedback,
  skillGroupFeedback,
  skillGroups,
  skills,
  skillXSkillGroup,
  submissions,
  taskXSkillGroup,
} from '../../src/db/schema';
import type { SignedIn } from './tokens';

// A teacher's class that handed in: subject, class with students, a published task with a rubric, and one
// uploaded photo per student through the public upload route. For the AI correction suites.

export interface RubricSkill {
  id: string;
  name: string;
  max: number;
}
export interface RubricGroup {
  id: string;
  name: string;
  skills: RubricSkill[];
}

export interface Classroom {
  task: Task;
  /** Submission ids in student order. */
  submissionIds: string[];
  studentNames: string[];
  groups: RubricGroup[];
  skillIds: string[];
}

/**
 * A small deterministic JPEG (differs per seed, so uploads are not deduplicated): 40×30 unless told otherwise.
 * `orientation` adds an EXIF orientation and camera metadata, as a phone writes them.
 */
export async function photo(
  seed: number,
  options: { width?: number; height?: number; quality?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 40, height = 30 } = options;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + seed * 31) % 251;
  let image = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: options.quality });
  if (options.orientation) {
    image = image
      .withExif({ IFD0: { Copyright: 'Geheime Kamera', Make: 'Schulhandy' } })
      .withMetadata({ orientation: options.orientation });
  }
  return image.toBuffer();
}

/** The listening app's base URL (uploads go through real HTTP: multipart). */
export async function baseUrlOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const FIRST = ['Greta', 'Ali', 'Zoe', 'Mehmet', 'Lina', 'Jonas', 'Sofia', 'Paul', 'Emma', 'Noah'];
const LAST = [
  'Gärtner',
  'Acar',
  'Zander',
  'Yilmaz',
  'Weber',
  'Schulz',
  'Becker',
  'Hoffmann',
  'Wagner',
  'Koch',
];

export function rubricGroups(): RubricGroup[] {
  return [
    {
      id: newId(),
      name: 'Fachliche Richtigkeit',
      skills: [
        { id: newId(), name: 'Ansatz', max: 3 },
        { id: newId(), name: 'Ergebnis', max: 2 },
      ],
    },
    { id: newId(), name: 'Darstellung', skills: [{ id: newId(), name: 'Lesbarkeit', max: 4 }] },
  ];
}

/** Links the groups (with skills and one detail per score) to the task, as the rubric editor would. */
export async function addRubric(
  app: FastifyInstance,
  ownerId: string,
  taskId: string,
  groups: RubricGroup[],
) {
  const db = app.db;
  for (const [position, group] of groups.entries()) {
    await db.insert(skillGroups).values({ id: group.id, name: group.name, created_by: ownerId });
    await db
      .insert(taskXSkillGroup)
      .values({ task_id: taskId, skillGroup_id: group.id, position, created_by: ownerId });
    for (const [i, skill] of group.skills.entries()) {
      await db.insert(skills).values({
        id: skill.id,
        name: skill.name,
        maxScore: skill.max,
        position: i,
        group_id: group.id,
        created_by: ownerId,
      });
      await db
        .insert(skillXSkillGroup)
        .values({ skill_id: skill.id, group_id: group.id, created_by: ownerId });
      for (let score = 0; score <= skill.max; score++)
        await db.insert(skillDetails).values({
          skill_id: skill.id,
          score,
          value: `${skill.name}: Stufe ${score}`,
          created_by: ownerId,
        });
    }
  }
}

export async function classroom(
  app: FastifyInstance,
  teacher: SignedIn,
  /** `names`: the students as "First Last" (default: generated German names). */
  options: { students: number; rubric?: boolean; title?: string; names?: string[] },
): Promise<Classroom> {
  const base = await baseUrlOf(app);
  const subject = ZSubject.parse(
    (await teacher.call('POST', '/api/subjects', { name: 'Mathematik' })).json(),
  );
  const klass = ZClass.parse(
    (await teacher.call('POST', '/api/classes', { name: '7b', grade: '7', subject_id: subject.id })).json(),
  );
  const names =
    options.names ??
    Array.from(
      { length: options.students },
      (_, i) => `${FIRST[i % 10]} ${LAST[(i * 3) % 10]}${i >= 10 ? i : ''}`,
    );
  const { students } = ZCreateStudentsResponse.parse(
    (await teacher.call('POST', '/api/createStudents', { class_id: klass.id, names })).json(),
  );
  const task = ZTask.parse(
    (
      await teacher.call('POST', '/api/tasks', {
        class_id: klass.id,
        title: options.title ?? 'Bruchrechnung',
        status: 'published',
      })
    ).json(),
  );
  const groups = rubricGroups();
  if (options.rubric !== false) await addRubric(app, teacher.id, task.id, groups);
  for (const [i, student] of students.entries()) {
    const form = new FormData();
    form.append('studentId', student.user_id);
    form.append(
      'files',
      new Blob([new Uint8Array(await photo(i + 1))], { type: 'image/jpeg' }),
      `Seite ${i + 1}.jpg`,
    );
    const res = await fetch(`${base}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
    });
    if (res.status !== 200) throw new Error(`upload ${res.status}: ${await res.text()}`);
    ZUploadReceipt.parse(await res.json());
  }
  const list = ZListSubmissionsResponse.parse(
    (await teacher.call('GET', `/api/submissions/getAll?taskId=${task.id}`)).json(),
  ).data;
  const byName = new Map(list.map((e) => [`${e.name.first_name} ${e.name.last_name}`, e.id]));
  return {
    task,
    submissionIds: names.map((n) => byName.get(n)!),
    studentNames: names,
    groups,
    skillIds: groups.flatMap((g) => g.skills.map((s) => s.id)),
  };
}

/** Waits until `check` resolves true (polling), or fails after `ms`. */
export async function until(
  check: () => Promise<boolean> | boolean,
  ms = 15_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function statusOf(app: FastifyInstance, submissionId: string) {
  const [row] = await app.db.select().from(submissions).where(eq(submissions.id, submissionId));
  return row!;
}

export async function feedbackRows(app: FastifyInstance, submissionId: string) {
  return {
    skills: await app.db.select().from(skillFeedback).where(eq(skillFeedback.submission_id, submissionId)),
    groups: await app.db
      .select()
      .from(skillGroupFeedback)
      .where(eq(skillGroupFeedback.submission_id, submissionId)),
  };
}
