import {
  ZClass,
  ZCreateStudentsResponse,
  ZListFilesResponse,
  ZListSubmissionsResponse,
  ZSubject,
  ZTask,
  ZUploadReceipt,
  type Task,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFiles } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf } from './helpers/classroom';
import { drivers } from './helpers/database';
import { bearer, signIn, type SignedIn } from './helpers/tokens';

// The same photo from two students (shared by messenger): each keeps their hand-in. Identical content is
// recognised only within one hand-in (the same submission, or the same typed name's unmatched files); the
// teacher's list marks the rows that share a file.

/** A JPEG that differs per seed. */
const photo = (seed: number) =>
  sharp({
    create: {
      width: 80 + seed,
      height: 60,
      channels: 3,
      background: { r: (seed * 37) % 256, g: 120, b: 80 },
    },
  })
    .jpeg()
    .toBuffer();

describe.each(drivers)('Identical files from different students on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let teacher: SignedIn;
  let task: Task;
  let anna: string;
  let jonas: string;
  let lina: string;

  async function upload(fields: Record<string, string>, files: Buffer[], url?: string, token?: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    files.forEach((bytes, i) =>
      form.append('files', new Blob([bytes], { type: 'image/jpeg' }), `foto${i}.jpg`),
    );
    const res = await fetch(`${base}${url ?? `/api/submissions/studentupload/${task.id}`}`, {
      method: 'POST',
      body: form,
      headers: token ? bearer(token) : {},
    });
    expect(res.status).toBe(200);
    return ZUploadReceipt.parse(await res.json());
  }
  const list = async () =>
    ZListSubmissionsResponse.parse(
      (await teacher.call('GET', `/api/submissions/getAll?taskId=${task.id}`)).json(),
    ).data;
  const entryOf = async (studentId: string) => (await list()).find((e) => e.student_id === studentId)!;
  const unmatched = async () =>
    ZListFilesResponse.parse((await teacher.call('GET', `/api/files?taskId=${task.id}`)).json()).files.filter(
      (f) => f.submission_id === null,
    );

  beforeAll(async () => {
    t = await createTestApp({ driver });
    base = await baseUrlOf(t.app);
    teacher = await signIn(t.app);
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Kunst' })).json());
    const klass = ZClass.parse(
      (await teacher.call('POST', '/api/classes', { name: '6b', grade: '6', subject_id: subject.id })).json(),
    );
    const { students } = ZCreateStudentsResponse.parse(
      (
        await teacher.call('POST', '/api/createStudents', {
          class_id: klass.id,
          names: ['Anna Becker', 'Jonas Schulz', 'Lina Weber'],
        })
      ).json(),
    );
    [anna, jonas, lina] = students.map((s) => s.user_id) as [string, string, string];
    task = ZTask.parse(
      (
        await teacher.call('POST', '/api/tasks', {
          class_id: klass.id,
          title: 'Stillleben',
          status: 'published',
        })
      ).json(),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the hand-in of a student who sends the same photo as another, and marks both rows', async () => {
    const shared = await photo(1);
    const first = await upload({ studentId: anna }, [shared]);
    expect(first).toMatchObject({ duplicates: 0, received: [{ duplicate: false }] });

    const second = await upload({ studentId: jonas }, [shared, await photo(2)]);
    // True for Jonas: nothing of this was in his hand-in yet.
    expect(second.duplicates).toBe(0);
    expect(second.received.map((r) => r.duplicate)).toEqual([false, false]);
    expect(second.received[0]!.id).not.toBe(first.received[0]!.id);

    const jonasEntry = await entryOf(jonas);
    const annaEntry = await entryOf(anna);
    expect(jonasEntry).toMatchObject({ status: 'abgegeben', display_status: 'abgegeben' });
    expect(jonasEntry.files.map((f) => f.id)).toEqual(second.received.map((r) => r.id));
    expect(annaEntry.files.map((f) => f.id)).toEqual([first.received[0]!.id]);
    expect(jonasEntry.identical_files_with).toEqual([annaEntry.id]);
    expect(annaEntry.identical_files_with).toEqual([jonasEntry.id]);
    expect((await entryOf(lina)).identical_files_with).toEqual([]);

    // Each keeps their own copy: deleting Anna's file leaves Jonas's readable.
    expect((await teacher.call('DELETE', `/api/files/${first.received[0]!.id}`)).statusCode).toBe(200);
    const content = await teacher.call('GET', `/api/files/${second.received[0]!.id}/content`);
    expect(content.statusCode).toBe(200);
    expect((await entryOf(jonas)).identical_files_with).toEqual([]);
    expect((await entryOf(jonas)).files).toHaveLength(2);
  });

  it('still recognises a file sent twice to the same hand-in', async () => {
    const bytes = await photo(3);
    const first = await upload({ studentId: lina }, [bytes]);
    const again = await upload({ studentId: lina }, [bytes, bytes]);
    expect(again.duplicates).toBe(2);
    expect(again.received.map((r) => [r.id, r.duplicate])).toEqual([
      [first.received[0]!.id, true],
      [first.received[0]!.id, true],
    ]);
    expect((await entryOf(lina)).files.map((f) => f.id)).toEqual([first.received[0]!.id]);
  });

  it('keeps an upload under a typed name ("Mein Name fehlt") that another student already handed in', async () => {
    const shared = await photo(4);
    const picked = await upload({ studentId: anna }, [shared]);
    const typed = await upload({ studentName: 'Jonas Schulz' }, [shared]);
    expect(typed).toMatchObject({ duplicates: 0, received: [{ duplicate: false }] });
    expect(typed.received[0]!.id).not.toBe(picked.received[0]!.id);
    const waiting = await unmatched();
    expect(waiting).toEqual([
      expect.objectContaining({ id: typed.received[0]!.id, uploader_label: 'Jonas Schulz' }),
    ]);

    // The same typed name sending it again is a duplicate; another typed name is not.
    const retry = await upload({ studentName: 'Jonas  Schulz' }, [shared]);
    expect(retry.received).toMatchObject([{ id: typed.received[0]!.id, duplicate: true }]);
    const other = await upload({ studentName: 'Paul Koch' }, [shared]);
    expect(other.received[0]!.duplicate).toBe(false);
    // So is a teacher's scan of the same sheet (their own unmatched files).
    const scan = await upload({}, [shared], `/api/submissions/teacherupload/${task.id}`, teacher.token);
    expect(scan.received[0]!.duplicate).toBe(false);
    expect(await unmatched()).toHaveLength(3);

    // Matched to Jonas, it is his hand-in, marked as the same as Anna's.
    const jonasId = (await entryOf(jonas)).id;
    const match = await teacher.call('POST', '/api/submissions/match', {
      submissionId: jonasId,
      fileId: typed.received[0]!.id,
    });
    expect(match.statusCode).toBe(200);
    const jonasEntry = await entryOf(jonas);
    expect(jonasEntry.files.map((f) => f.id)).toContain(typed.received[0]!.id);
    expect(jonasEntry.identical_files_with).toEqual([(await entryOf(anna)).id]);
  });

  it('matching a file into a hand-in that already has the same content keeps it once', async () => {
    const bytes = await photo(5);
    const picked = await upload({ studentId: lina }, [bytes]);
    const typed = await upload({ studentName: 'Lina W.' }, [bytes]);
    const linaEntry = await entryOf(lina);
    const before = linaEntry.files.length;
    const match = await teacher.call('POST', '/api/submissions/match', {
      submissionId: linaEntry.id,
      fileId: typed.received[0]!.id,
    });
    expect(match.statusCode).toBe(200);
    const after = await entryOf(lina);
    expect(after.files).toHaveLength(before);
    expect(after.files.map((f) => f.id)).toContain(picked.received[0]!.id);
    const rows = await t.app.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.id, typed.received[0]!.id));
    expect(rows).toEqual([]);
  });
});
