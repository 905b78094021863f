import { ZListSubmissionsResponse, ZUploadReceipt, type SubmissionFile } from '@app/contract';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { greyOnGrey, phonePhoto, rasterisePng } from './helpers/poor-scans';
import { filesOnceRead, scannerPdf } from './helpers/scan-pages';
import { bearer, signIn, type SignedIn } from './helpers/tokens';

// Reading the worksheet's QR code from poor scans (ADR 017, measured in tests/bench/qr-decoders.ts): pages
// of the per-student worksheet printed through the API, made in the test into a fax-like 100 dpi
// black-and-white scan, a phone photo at 7° with a shadow, a faint grey-on-grey copy. Each must be assigned
// to its student by the code. jsQR, the decoder before ZXing, read neither the fax-like scan nor the faint
// copy; the photo (taken from afar: under 3 px a module at 1800 px) it read in its enlarged second pass,
// which ZXing needs too.

const run = promisify(execFile);
/** A longer host makes a denser code (45 modules across 80 pt): the harder case. */
const PUBLIC_URL = 'https://klassenzimmer.gymnasium-beispielstadt.de';

/** The text of every page of the PDF (pdftotext). */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'scan-text-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), join(dir, 'out.txt')]);
    return (await readFile(join(dir, 'out.txt'), 'utf8')).split('\f');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(drivers)('Reading the code of poor scans on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let owner: SignedIn;
  let room: Classroom;
  let worksheet: Buffer;
  /** The student printed on each page of the worksheet. */
  let students: string[];

  /** Uploads one file as the teacher's stack and answers the file once read, with its student if assigned. */
  async function readBack(name: string, bytes: Buffer, type: string) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${base}/api/submissions/teacherupload/${room.task.id}`, {
      method: 'POST',
      body: form,
      headers: bearer(owner.token),
    });
    expect(res.status).toBe(200);
    const [received] = ZUploadReceipt.parse(await res.json()).received;
    const files = await filesOnceRead(owner, room.task.id, [received!.id]);
    const file: SubmissionFile = files.find((f) => f.id === received!.id)!;
    const list = ZListSubmissionsResponse.parse(
      (await owner.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).json(),
    ).data;
    const submission = list.find((s) => s.id === file.submission_id);
    return {
      outcome: file.scan?.outcome,
      student: submission ? `${submission.name.first_name} ${submission.name.last_name}` : null,
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { PUBLIC_URL } });
    base = await baseUrlOf(t.app);
    owner = await signIn(t.app);
    room = await classroom(t.app, owner, { students: 3, rubric: false });
    const sheet = await owner.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`);
    expect(sheet.statusCode).toBe(200);
    worksheet = sheet.rawPayload;
    students = (await pageTexts(worksheet))
      .filter((text) => text.trim() !== '')
      .map((text) => room.studentNames.find((name) => text.includes(name))!);
    expect(students.length).toBeGreaterThanOrEqual(3);
    expect(students.every(Boolean)).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reads a page scanned at 100 dpi in black and white (fax-like: dark modules grown, light ones thin)', async () => {
    const pages = await rasterisePng(worksheet, 100, true);
    // A copier's 1-bit page, losslessly in the PDF.
    const read = await readBack('fax.pdf', await scannerPdf([pages[0]!]), 'application/pdf');
    expect(read).toEqual({ outcome: 'qr', student: students[0] });
  }, 120_000);

  it('reads a phone photo taken at 7° perspective with a shadow across the page', async () => {
    const pages = await rasterisePng(worksheet, 200);
    const last = pages.length - 1;
    const photo = await phonePhoto(pages[last]!, { size: 4000, fill: 0.5, blur: 2, quality: 85 });
    const read = await readBack('foto.jpg', photo, 'image/jpeg');
    expect(read).toEqual({ outcome: 'qr', student: students[last] });
  }, 120_000);

  it('reads a faint grey-on-grey copy', async () => {
    const pages = await rasterisePng(worksheet, 150);
    const read = await readBack(
      'blass.pdf',
      await scannerPdf([await greyOnGrey(pages[1]!)]),
      'application/pdf',
    );
    expect(read).toEqual({ outcome: 'qr', student: students[1] });
  }, 120_000);
});
