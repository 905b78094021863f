import { ZGradeChangesResponse, ZSubject } from '@app/contract';
import { eq, getTableName, inArray } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../src/domain/accounts/roles';
import * as schema from '../src/db/schema';
import { classroom, type Classroom } from './helpers/classroom';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// Deleting an account deletes what it owns, not what it wrote into another teacher's class: grading rows a
// co-teacher wrote in a shared class stay with the class as its history, under the co-teacher's name.

const PASSWORD = 'Klassen2026Zimmer';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@schule.example`;

/** Every row of every table of the schema, as JSON, by table name. */
async function dump(t: TestApp): Promise<Map<string, Set<string>>> {
  const tables = new Map<string, Set<string>>();
  for (const table of Object.values(schema)) {
    if (!(table instanceof PgTable)) continue;
    const rows = await t.app.db.select().from(table);
    tables.set(getTableName(table), new Set(rows.map((row) => JSON.stringify(row))));
  }
  return tables;
}

/** The rows of `before` that are gone in `after`, by table (tables that lost none are left out). */
function removed(before: Map<string, Set<string>>, after: Map<string, Set<string>>) {
  const gone: Record<string, string[]> = {};
  for (const [table, rows] of before) {
    const lost = [...rows].filter((row) => !after.get(table)!.has(row));
    if (lost.length > 0) gone[table] = lost;
  }
  return gone;
}

describe.each(drivers)('Account deletion and co-teachers’ grading on %s', (driver) => {
  let t: TestApp;
  let a: SignedIn;
  let b: SignedIn;
  let room: Classroom;

  /** A teacher with an auth user (deleting the account deletes it) and a token. */
  async function teacher(label: string): Promise<SignedIn> {
    const user = await t.app.authAdmin.createUser({ email: uniqueEmail(label), password: PASSWORD });
    await grantRole(t.app.db, user.id, 'teacher', null);
    const signedIn = await signIn(t.app, { id: user.id });
    const meta_data = { first_name: label, last_name: 'Lehrkraft' };
    expect((await signedIn.call('PUT', '/api/profile', { meta_data })).statusCode).toBe(200);
    return signedIn;
  }

  beforeAll(async () => {
    t = await createTestApp({ driver });
    a = await teacher('Anna');
    b = await teacher('Bert');
    room = await classroom(t.app, a, { students: 2 });
    const [ansatz] = room.skillIds;
    const [mine, theirs] = room.submissionIds;
    // A grades one hand-in.
    const put = await a.call('PUT', `/api/feedback/${mine}/skills/${ansatz}`, { score: 2 });
    expect(put.statusCode).toBe(200);
    // A shares the class with B, who grades the other one.
    const share = await a.call('POST', `/api/classes/${room.task.class_id}/teachers`, {
      email: (await t.app.authAdmin.getUserById(b.id))!.email,
      role: 'grade',
    });
    expect(share.statusCode).toBe(201);
    const accept = await b.call('POST', `/api/class-invitations/${room.task.class_id}/accept`);
    expect(accept.statusCode).toBe(200);
    const graded = await b.call('PUT', `/api/feedback/${theirs}/skills/${ansatz}`, { score: 1 });
    expect(graded.statusCode).toBe(200);
    const db = t.app.db;
    await db.insert(schema.skillGroupFeedback).values({
      skillGroup_id: room.groups[0]!.id,
      submission_id: theirs!,
      feedback: 'Gut begonnen.',
      teacher_edited_at: new Date(),
      created_by: b.id,
    });
    await db
      .insert(schema.gradingViews)
      .values({ submission_id: theirs!, viewed_by: b.id, viewed_at: new Date() });
    await db.insert(schema.feedbackReleases).values({
      submission_id: theirs!,
      content: { groups: [], score: 1, max_score: 9 },
      created_by: b.id,
    });
    // What else B wrote for A: a student put into A's class, a coin grant, a notification.
    await db
      .insert(schema.classUser)
      .values({ class_id: room.task.class_id, user_id: randomUUID(), created_by: b.id });
    await db.insert(schema.coinLedger).values({ user_id: a.id, delta: 5, reason: 'grant', created_by: b.id });
    await db
      .insert(schema.notifications)
      .values({ type: 'info', title: 'Willkommen', receiver_user_id: a.id, created_by: b.id });
    // B's own subject and class.
    const subject = ZSubject.parse((await b.call('POST', '/api/subjects', { name: 'Kunst' })).json());
    const klass = await b.call('POST', '/api/classes', { name: '9a', grade: '9', subject_id: subject.id });
    expect(klass.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it("deleting a co-teacher's account keeps their grading in the other teacher's class and all of that teacher's data", async () => {
    const before = await dump(t);
    const res = await b.call('DELETE', '/api/account');
    expect(res.statusCode).toBe(200);
    expect(await t.app.authAdmin.getUserById(b.id)).toBeNull();

    // Only B's own rows went: their subject, class, profile, role, notification and access to A's class. The score log
    // keeps B's name as text (checked below).
    const after = await dump(t);
    const gone = removed(before, after);
    const logged = (table: Map<string, Set<string>>) =>
      [...table.get('grade_changes')!].map(
        (row) => JSON.parse(row) as { id: string; teacher_name: string | null },
      );
    expect(logged(after).map((c) => c.id)).toEqual(logged(before).map((c) => c.id));
    delete gone.grade_changes;
    expect(Object.keys(gone).sort()).toEqual([
      'class_teachers',
      'classes',
      // The invitation on B's bell.
      'notifications',
      'subjects',
      'user_profile',
      'user_roles',
    ]);
    for (const rows of Object.values(gone)) {
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(b.id);
    }

    // B's grading stays part of A's class, still naming B.
    const theirs = room.submissionIds[1]!;
    const grading = await a.call('GET', `/api/feedback/${theirs}`);
    expect(grading.statusCode).toBe(200);
    const changes = ZGradeChangesResponse.parse(
      (await a.call('GET', `/api/feedback/${theirs}/changes`)).json(),
    );
    expect(changes.changes).toEqual([
      expect.objectContaining({
        actor: 'teacher',
        teacher_id: b.id,
        teacher_name: 'Bert Lehrkraft',
        mine: false,
        to_score: 1,
      }),
    ]);
  });

  it("deleting the class's teacher removes their class, task, hand-ins and every grading row in them", async () => {
    const ids = room.submissionIds;
    const res = await a.call('DELETE', '/api/account');
    expect(res.statusCode).toBe(200);
    const db = t.app.db;
    expect(await db.select().from(schema.tasks).where(eq(schema.tasks.id, room.task.id))).toEqual([]);
    expect(await db.select().from(schema.classes).where(eq(schema.classes.id, room.task.class_id))).toEqual(
      [],
    );
    expect(await db.select().from(schema.subjects).where(eq(schema.subjects.created_by, a.id))).toEqual([]);
    expect(await db.select().from(schema.submissions).where(inArray(schema.submissions.id, ids))).toEqual([]);
    expect(
      await db.select().from(schema.submissionFiles).where(eq(schema.submissionFiles.task_id, room.task.id)),
    ).toEqual([]);
    for (const table of [
      schema.skillFeedback,
      schema.skillGroupFeedback,
      schema.gradeChanges,
      schema.gradingViews,
      schema.feedbackReleases,
    ])
      expect(
        await db.select().from(table).where(inArray(table.submission_id, ids)),
        getTableName(table),
      ).toEqual([]);
    expect(await db.select().from(schema.skillGroups).where(eq(schema.skillGroups.created_by, a.id))).toEqual(
      [],
    );
    // The student accounts A created went with A.
    expect(await db.select().from(schema.userProfile).where(eq(schema.userProfile.created_by, a.id))).toEqual(
      [],
    );
  });
});
