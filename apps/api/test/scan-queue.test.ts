import {
  SCAN_SURE_CONFIDENCE,
  ZListFilesResponse,
  ZListSubmissionsResponse,
  ZTask,
  ZUploadReceipt,
  type SubmissionFile,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, type Classroom } from './helpers/classroom';
import {
  blankPage,
  codeCovered,
  compressed,
  filesOnceRead,
  phonePhoto,
  rasterise,
  scannerPdf,
  shuffled,
  skewed,
  thresholded,
} from './helpers/scan-pages';
import { bearer, signIn, type SignedIn } from './helpers/tokens';

// A class of 24 hands in the per-student worksheet (two pages each), scanned as a school's copier and a
// teacher's phone give it (ADR 017): sets in random order, pages askew by ±3°, three at 100 dpi in black and
// white, three as strong JPEG, two phone photos at 7° with a shadow, two upside down, two codes covered by a
// sticky note, one page of another task, two empty backs. Without any AI service: the names are read here.
// Every page with a visible code must land (at least 95 %), none on a wrong student; the covered pages get
// the right student first; the other task's page and the blank ones are never proposed for anyone.

const NAMES = [
  'Greta Fuchs',
  'Finn Schröder',
  'Ida König',
  'Mehmet Yılmaz',
  'Łukasz Wąsowski',
  'Đorđe Petrović',
  'Şeyma Öztürk',
  'Minh Nguyễn',
  'Αλέξης Παπαδόπουλος',
  'Ольга Иванова',
  'Jonas Weiß',
  'Lea Müller',
  'Ben Wagner',
  'Mia Hoffmann',
  'Elias Becker',
  'Hannah Schulz',
  'Noah Koch',
  'Emma Richter',
  'Paul Klein',
  'Lina Wolf',
  'Anton Neumann',
  'Clara Schwarz',
  'Yusuf Demir',
  'Zoe Krüger',
];
/** Long enough for two pages per student. */
const CONTENT = {
  type: 'doc',
  content: Array.from({ length: 13 }, (_, i) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Aufgabe ${i + 1}: ${'Berechne und begründe deinen Weg. '.repeat(8)}` }],
  })),
};

interface Sheet {
  bytes: Buffer;
  /** The student printed on it; null for the blank backs and the other task's page. */
  student: string | null;
  kind: 'code' | 'covered' | 'foreign' | 'blank';
}

describe('The best-guess queue of a real class stack', () => {
  let t: TestApp;
  let base: string;
  let owner: SignedIn;
  let room: Classroom;
  let stack: Sheet[];
  let files: SubmissionFile[];
  let studentOf: Map<string, string>;
  let nameOfStudent: Map<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://schule.example' } });
    base = await baseUrlOf(t.app);
    owner = await signIn(t.app);
    room = await classroom(t.app, owner, { students: NAMES.length, names: NAMES, rubric: false });
    await t.app.db.update(tasks).set({ data: CONTENT }).where(eq(tasks.id, room.task.id));
    const sheet = await owner.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`);
    expect(sheet.statusCode).toBe(200);
    const printed = (await rasterise(sheet.rawPayload)).map((page) => ({
      jpeg: page.jpeg,
      student: NAMES.find((name) => page.text.includes(name)) ?? null,
    }));
    expect(printed).toHaveLength(NAMES.length * 2);
    expect(printed.every((p) => p.student !== null)).toBe(true);

    const foreignTask = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: room.task.class_id,
          title: 'Prozentrechnung',
          status: 'published',
        })
      ).json(),
    );
    const foreign = await owner.call('GET', `/api/tasks/${foreignTask.id}/worksheet.pdf?perStudent=1`);
    const foreignPage = (await rasterise(foreign.rawPayload))[3]!.jpeg;

    // The sets in random order, each set's pages together (as collected from the desks).
    const sets = shuffled(NAMES, 11).map((name) => printed.filter((p) => p.student === name));
    const pages: Sheet[] = sets.flat().map((p) => ({ bytes: p.jpeg, student: p.student, kind: 'code' }));
    const at = (name: string, page: number) => pages.findIndex((p) => p.student === name) + page - 1;
    const degrade = async (i: number, how: (jpeg: Buffer) => Promise<Buffer>) => {
      pages[i] = { ...pages[i]!, bytes: await how(pages[i]!.bytes) };
    };
    // Covered codes: Greta's first page (her printed name is legible), Ольга's second page (a name the
    // German text reading cannot read: her neighbours and the class list must do).
    for (const i of [at('Greta Fuchs', 1), at('Ольга Иванова', 2)]) {
      await degrade(i, codeCovered);
      pages[i]!.kind = 'covered';
    }
    const codePages = pages.flatMap((p, i) => (p.kind === 'code' ? [i] : []));
    const pick = (n: number) => codePages[(n * 7) % codePages.length]!;
    for (const n of [1, 2, 3, 4]) await degrade(pick(n), (j) => skewed(j, n % 2 ? 3 : -3));
    for (const n of [5, 6, 7]) await degrade(pick(n), (j) => thresholded(j, 100));
    for (const n of [8, 9, 10]) await degrade(pick(n), (j) => compressed(j, 40));
    for (const n of [11, 12]) await degrade(pick(n), (j) => phonePhoto(j, n % 2 ? 7 : -7));
    for (const n of [13, 14]) await degrade(pick(n), (j) => skewed(j, 180));
    // Two empty backs after a sheet, one page of another task in between.
    pages.splice(at('Lea Müller', 2) + 1, 0, { bytes: await blankPage(1), student: null, kind: 'blank' });
    pages.splice(at('Paul Klein', 1) + 1, 0, { bytes: await blankPage(2), student: null, kind: 'blank' });
    pages.splice(at('Mia Hoffmann', 2) + 1, 0, { bytes: foreignPage, student: null, kind: 'foreign' });
    stack = pages;

    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await scannerPdf(stack.map((p) => p.bytes)))], { type: 'application/pdf' }),
      'klasse.pdf',
    );
    const started = performance.now();
    const res = await fetch(`${base}/api/submissions/teacherupload/${room.task.id}`, {
      method: 'POST',
      body: form,
      headers: bearer(owner.token),
    });
    expect(res.status).toBe(200);
    const receipt = ZUploadReceipt.parse(await res.json());
    expect(receipt.received).toHaveLength(stack.length);
    // The request returns once the pages are stored; they are read in the background.
    const returned = performance.now() - started;
    const right = ZListFilesResponse.parse(
      (await owner.call('GET', `/api/files?taskId=${room.task.id}`)).json(),
    ).files;
    const unreadAtAnswer = right.filter((f) => f.scan === null && f.submission_id === null).length;
    expect(unreadAtAnswer).toBeGreaterThan(0);
    const byId = new Map(
      (
        await filesOnceRead(
          owner,
          room.task.id,
          receipt.received.map((r) => r.id),
        )
      ).map((f) => [f.id, f]),
    );
    const read = performance.now() - started;
    console.log(
      `scan queue: ${stack.length} pages, upload answered after ${(returned / 1000).toFixed(1)} s, read after ${(read / 1000).toFixed(1)} s (${(stack.length / (read / 1000)).toFixed(1)} pages/s)`,
    );
    files = receipt.received.map((r) => byId.get(r.id)!);
    const list = ZListSubmissionsResponse.parse(
      (await owner.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).json(),
    ).data;
    studentOf = new Map(list.map((s) => [s.id, `${s.name.first_name} ${s.name.last_name}`]));
    nameOfStudent = new Map(list.map((s) => [s.student_id!, `${s.name.first_name} ${s.name.last_name}`]));
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('assigns at least 95 % of the pages with a visible code, and none to a wrong student', () => {
    const coded = stack.flatMap((p, i) => (p.kind === 'code' ? [i] : []));
    const assigned = coded.filter((i) => files[i]!.submission_id !== null);
    console.log(`scan queue: ${assigned.length}/${coded.length} pages with a code assigned by it`);
    expect(assigned.length / coded.length).toBeGreaterThanOrEqual(0.95);
    for (const [i, file] of files.entries()) {
      if (file.submission_id === null) continue;
      expect(studentOf.get(file.submission_id), `page ${i + 1}`).toBe(stack[i]!.student);
    }
  });

  it('proposes the right student first for each covered page, with reasons that are true', () => {
    for (const [i, sheet] of stack.entries()) {
      if (sheet.kind !== 'covered') continue;
      const scan = files[i]!.scan!;
      expect(files[i]!.submission_id).toBeNull();
      expect(scan.outcome).toBe('no_code');
      expect(nameOfStudent.get(scan.guess_student_id!), `page ${i + 1}`).toBe(sheet.student);
      expect(nameOfStudent.get(scan.candidates[0]!)).toBe(sheet.student);
      // A neighbour is named only where that page is the student's.
      const neighbour = (step: number) => {
        for (let j = i + step; j >= 0 && j < files.length; j += step) {
          const id = files[j]!.submission_id;
          if (id) return studentOf.get(id);
        }
        return undefined;
      };
      if (scan.reasons.includes('neighbours'))
        expect([neighbour(-1), neighbour(1)]).toEqual([sheet.student, sheet.student]);
      if (scan.reasons.includes('neighbour_before')) expect(neighbour(-1)).toBe(sheet.student);
      if (scan.reasons.includes('neighbour_after')) expect(neighbour(1)).toBe(sheet.student);
    }
    // Greta's page: her printed name, read on this server, and she alone misses a page of hers … or one of
    // few. Sure enough for Enter.
    const greta = stack.findIndex((p) => p.kind === 'covered' && p.student === 'Greta Fuchs');
    expect(files[greta]!.scan!.reasons).toContain('name');
    expect(files[greta]!.scan!.confidence).toBeGreaterThanOrEqual(SCAN_SURE_CONFIDENCE);
  });

  it('never proposes the other task’s page or an empty back for a student', () => {
    for (const [i, sheet] of stack.entries()) {
      if (sheet.kind !== 'foreign' && sheet.kind !== 'blank') continue;
      const file = files[i]!;
      expect(file.submission_id).toBeNull();
      expect(file.scan).toMatchObject({
        outcome: sheet.kind === 'foreign' ? 'foreign_code' : 'blank',
        guess_student_id: null,
        confidence: null,
        reasons: [],
        candidates: [],
      });
    }
  });
});
