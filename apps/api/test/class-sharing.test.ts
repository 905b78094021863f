import {
  CLASS_INVITATION_NOTIFICATION,
  ZClass,
  ZClassTeacher,
  ZGradeChangesResponse,
  ZListClassStudentsResponse,
  ZListClassesResponse,
  ZListClassInvitationsResponse,
  ZListClassTeachersResponse,
  ZListNotificationsResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../src/domain/accounts/roles';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, until, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { connect, type Stream } from './helpers/sse';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';
import { unzip } from './helpers/zip';

// Co-teaching: a class's owner invites a colleague by e-mail with a role; the colleague accepts or declines;
// the owner changes the role or removes them, which ends their access and their live updates at once.

const PASSWORD = 'Klassen2026Zimmer';
let counter = 0;

describe.each(drivers)('Sharing a class with colleagues on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let anna: SignedIn & { email: string };
  let bert: SignedIn & { email: string };
  let room: Classroom;
  const streams: Stream[] = [];

  /** A teacher with an account (e-mail address, role, profile name) and a token. */
  async function teacher(first: string, last: string) {
    const email = `${first.toLowerCase()}-${Date.now().toString(36)}-${counter++}@schule.example`;
    const user = await t.app.authAdmin.createUser({ email, password: PASSWORD });
    await grantRole(t.app.db, user.id, 'teacher', null);
    const signedIn = await signIn(t.app, { id: user.id });
    const profile = await signedIn.call('PUT', '/api/profile', {
      meta_data: { first_name: first, last_name: last },
    });
    expect(profile.statusCode).toBe(200);
    return { ...signedIn, email };
  }

  const classId = () => room.task.class_id;
  const share = (who: SignedIn, email: string, role: string) =>
    who.call('POST', `/api/classes/${classId()}/teachers`, { email, role });

  beforeAll(async () => {
    t = await createTestApp({ driver });
    base = await baseUrlOf(t.app);
    anna = await teacher('Anna', 'Yılmaz');
    bert = await teacher('Bert', 'Wąsowski');
    room = await classroom(t.app, anna, { students: 2 });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  it('invites by e-mail: unknown addresses, students and the owner are refused with German messages', async () => {
    const unknown = await share(anna, 'niemand@schule.example', 'grade');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.json()).code).toBe('COLLEAGUE_NOT_FOUND');
    expect(errorOf(unknown.json()).message).toContain('keine Lehrkraft');

    // A student account (no teacher role) is no colleague.
    const studentEmail = `schueler-${counter++}@schule.example`;
    await t.app.authAdmin.createUser({ email: studentEmail, password: PASSWORD });
    expect(errorOf((await share(anna, studentEmail, 'grade')).json()).code).toBe('COLLEAGUE_NOT_FOUND');

    const self = await share(anna, anna.email, 'grade');
    expect(self.statusCode).toBe(409);
    expect(errorOf(self.json()).code).toBe('CLASS_ALREADY_SHARED');

    const bad = await anna.call('POST', `/api/classes/${classId()}/teachers`, {
      email: 'kein@',
      role: 'grade',
    });
    expect(bad.statusCode).toBe(400);
    const badRole = await share(anna, bert.email, 'owner');
    expect(badRole.statusCode).toBe(400);

    // A stranger cannot share someone else's class: the class's 404.
    const stranger = await share(bert, bert.email, 'manage');
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger.json()).code).toBe('CLASS_NOT_FOUND');
  });

  it('the invited colleague sees nothing until accepting; then the class with their role', async () => {
    const res = await share(anna, ` ${bert.email.toUpperCase()} `, 'grade');
    expect(res.statusCode).toBe(201);
    expect(ZClassTeacher.parse(res.json())).toMatchObject({
      user_id: bert.id,
      name: 'Bert Wąsowski',
      role: 'grade',
      status: 'pending',
    });
    expect((await share(anna, bert.email, 'view')).statusCode).toBe(409);

    // The bell: an invitation notification.
    const inbox = ZListNotificationsResponse.parse((await bert.call('GET', '/api/notifications')).json());
    const invitation = inbox.notifications.find((n) => n.type === CLASS_INVITATION_NOTIFICATION);
    expect(invitation?.details).toContain('Anna Yılmaz');
    expect(invitation?.details).toContain('kann bewerten');

    // Pending: no access yet.
    expect((await bert.call('GET', `/api/classes/${classId()}`)).statusCode).toBe(404);
    expect(ZListClassesResponse.parse((await bert.call('GET', '/api/classes')).json())).toEqual([]);
    const waiting = ZListClassInvitationsResponse.parse(
      (await bert.call('GET', '/api/class-invitations')).json(),
    );
    expect(waiting.invitations).toEqual([
      expect.objectContaining({ class_id: classId(), invited_by_name: 'Anna Yılmaz', role: 'grade' }),
    ]);

    expect(inbox.unreadCount).toBe(1);
    const accepted = await bert.call('POST', `/api/class-invitations/${classId()}/accept`);
    expect(accepted.statusCode).toBe(200);
    // Answered: the bell has nothing left about it.
    const after = ZListNotificationsResponse.parse((await bert.call('GET', '/api/notifications')).json());
    expect(after.unreadCount).toBe(0);
    expect(ZClass.parse(accepted.json()).my_role).toBe('grade');
    expect((await bert.call('POST', `/api/class-invitations/${classId()}/accept`)).statusCode).toBe(404);

    const list = ZListClassesResponse.parse((await bert.call('GET', '/api/classes')).json());
    expect(list.map((c) => [c.id, c.my_role])).toEqual([[classId(), 'grade']]);
    expect(ZListClassesResponse.parse((await anna.call('GET', '/api/classes')).json())[0]!.my_role).toBe(
      'owner',
    );

    const teachers = ZListClassTeachersResponse.parse(
      (await bert.call('GET', `/api/classes/${classId()}/teachers`)).json(),
    ).teachers;
    expect(teachers.map((x) => [x.name, x.role, x.status])).toEqual([
      ['Anna Yılmaz', 'owner', 'accepted'],
      ['Bert Wąsowski', 'grade', 'accepted'],
    ]);
  });

  it('a grading colleague grades, but cannot delete the class, a task or a student, nor share it', async () => {
    const [skill] = room.skillIds;
    const graded = await bert.call('PUT', `/api/feedback/${room.submissionIds[0]}/skills/${skill}`, {
      score: 1,
    });
    expect(graded.statusCode).toBe(200);
    const changes = ZGradeChangesResponse.parse(
      (await anna.call('GET', `/api/feedback/${room.submissionIds[0]}/changes`)).json(),
    );
    expect(changes.changes[0]).toMatchObject({ teacher_name: 'Bert Wąsowski', mine: false });

    // Bert's data export: the class is Anna's, so only his grading in it, apart and without names or files.
    const exported = await bert.call('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    const entries = await unzip(exported.rawPayload);
    const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8')) as unknown;
    expect(json('classes.json')).toEqual([]);
    expect(json('tasks.json')).toEqual([]);
    expect(json('submissions.json')).toEqual([]);
    expect([...entries.keys()].filter((name) => name.startsWith('files/'))).toEqual([]);
    expect(json('grading_in_shared_classes.json')).toMatchObject({
      skills: [{ submission_id: room.submissionIds[0], score: 1, task_title: room.task.title }],
    });
    expect(JSON.stringify(json('grading_in_shared_classes.json'))).not.toContain(room.studentNames[0]!);

    const del = await bert.call('DELETE', `/api/classes/${classId()}`);
    expect(del.statusCode).toBe(403);
    expect(errorOf(del.json()).code).toBe('CLASS_DELETE_OWNER_ONLY');
    expect((await bert.call('DELETE', `/api/tasks/${room.task.id}`)).statusCode).toBe(404);
    const students = ZListClassStudentsResponse.parse(
      (await bert.call('GET', `/api/classes/${classId()}/students`)).json(),
    );
    expect(students).toHaveLength(2);
    expect(
      (await bert.call('DELETE', `/api/classes/${classId()}/students/${students[0]!.user_id}`)).statusCode,
    ).toBe(404);
    expect((await share(bert, 'x@schule.example', 'view')).statusCode).toBe(404);
    // The owner's class is unchanged.
    expect((await anna.call('GET', `/api/tasks/${room.task.id}`)).statusCode).toBe(200);
  });

  it('live updates reach the colleague; removal ends access and the stream’s events at once', async () => {
    const stream = await connect(`${base}/api/events`, { authorization: `Bearer ${bert.token}` });
    streams.push(stream);
    await until(() => t.app.realtime.size >= 1, 3000, 'the subscription');
    const [skill] = room.skillIds;
    const second = room.submissionIds[1]!;
    expect((await anna.call('PUT', `/api/feedback/${second}/skills/${skill}`, { score: 2 })).statusCode).toBe(
      200,
    );
    await until(
      () => stream.events.some((e) => e.table === 'skill_feedback' && e.new.submission_id === second),
      5000,
      'Anna’s score on Bert’s stream',
    );

    const removed = await anna.call('DELETE', `/api/classes/${classId()}/teachers/${bert.id}`);
    expect(removed.statusCode).toBe(204);
    // Bert's open page learns of it (the class_teachers event) and gets the 404 from then on.
    await until(
      () => stream.events.some((e) => e.table === 'class_teachers' && e.eventType === 'DELETE'),
      5000,
      'the removal event',
    );
    expect((await bert.call('GET', `/api/classes/${classId()}`)).statusCode).toBe(404);
    expect((await bert.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).statusCode).toBe(404);

    const before = stream.events.length;
    expect((await anna.call('PUT', `/api/feedback/${second}/skills/${skill}`, { score: 1 })).statusCode).toBe(
      200,
    );
    // Anna's own stream would get it within this time; Bert's gets nothing more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.events.slice(before).filter((e) => e.table !== 'class_teachers')).toEqual([]);
  });

  it('the owner cannot be removed; a colleague may leave; an invitation can be declined', async () => {
    const owner = await anna.call('DELETE', `/api/classes/${classId()}/teachers/${anna.id}`);
    expect(owner.statusCode).toBe(409);
    expect(errorOf(owner.json()).code).toBe('CLASS_OWNER_NOT_REMOVABLE');

    expect((await share(anna, bert.email, 'manage')).statusCode).toBe(201);
    expect((await bert.call('POST', `/api/class-invitations/${classId()}/decline`)).statusCode).toBe(204);
    expect(
      ZListClassInvitationsResponse.parse((await bert.call('GET', '/api/class-invitations')).json())
        .invitations,
    ).toEqual([]);
    expect((await bert.call('GET', `/api/classes/${classId()}`)).statusCode).toBe(404);

    // Managing colleague: changes roles, may not remove the owner, and leaves by themself.
    expect((await share(anna, bert.email, 'manage')).statusCode).toBe(201);
    expect((await bert.call('POST', `/api/class-invitations/${classId()}/accept`)).statusCode).toBe(200);
    const ownerByManager = await bert.call('PATCH', `/api/classes/${classId()}/teachers/${anna.id}`, {
      role: 'view',
    });
    expect(ownerByManager.statusCode).toBe(409);
    const renamed = await bert.call('PATCH', `/api/classes/${classId()}`, { name: '7b (geteilt)' });
    expect(renamed.statusCode).toBe(200);
    expect(ZClass.parse(renamed.json())).toMatchObject({ name: '7b (geteilt)', my_role: 'manage' });
    expect((await bert.call('DELETE', `/api/classes/${classId()}`)).statusCode).toBe(403);
    const left = await bert.call('DELETE', `/api/classes/${classId()}/teachers/${bert.id}`);
    expect(left.statusCode).toBe(204);
    expect((await bert.call('GET', `/api/classes/${classId()}`)).statusCode).toBe(404);
  });
});
