// `.ci/run` starts the built server with each supported Node version (22 and 24 beside the machine's own) and
// checks the paths that use native and WebAssembly code: the embedded database, a photo through sharp, a PDF
// through pdf-lib and pdfjs (thumbnail; a copier's JBIG2 page with a standard font too), a worksheet with a
// formula through MathJax. Prints what it did.
import { createRequire } from 'node:module';
import path from 'node:path';
import { minimalPdf, photo } from '../e2e/helpers/files';
import { removeDir, repoRoot, startServer } from '../e2e/helpers/server';

/** sharp from the API's dependencies, to look at a thumbnail's pixels. */
const sharp = createRequire(path.join(repoRoot, 'apps/api/package.json'))('sharp') as (input: Buffer) => {
  greyscale(): {
    raw(): {
      toBuffer(o: {
        resolveWithObject: true;
      }): Promise<{ data: Buffer; info: { width: number; height: number } }>;
    };
  };
};

/**
 * A copier's page, 300 × 360 pt: a JBIG2 image of 64 × 64 (black, a white square inside) over the lower
 * 300 pt and "Kopie" in Helvetica, not embedded, above it. pdfjs draws both only with its WebAssembly
 * decoders and standard fonts, which the bundle finds beside pdfjs-dist in node_modules (ai/pdf-pages.ts).
 */
function copierPdf(): Buffer {
  const image = Buffer.from(
    '000000003000010000001300000040000000400000000000000000000000000000012600010000003400000040000000400000' +
      '000000000000000003fffdff02fefefeff65f0a01ce23fc534a45841c81cb8ff7fff7fff7eed47e4ffac',
    'hex',
  );
  const content = 'q 300 0 0 300 0 0 cm /Im0 Do Q BT /F1 24 Tf 20 320 Td (Kopie) Tj ET';
  const objects: Buffer[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 360] /Contents 4 0 R ' +
      '/Resources << /XObject << /Im0 5 0 R >> /Font << /F1 6 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 1 ' +
      `/Filter /JBIG2Decode /Length ${image.length} >>\nstream\n`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ].map((text, i) => {
    const body =
      i === 4
        ? Buffer.concat([Buffer.from(text, 'latin1'), image, Buffer.from('\nendstream')])
        : Buffer.from(text, 'latin1');
    return Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
  });
  const head = Buffer.from('%PDF-1.4\n');
  const offsets: number[] = [];
  let at = head.length;
  for (const object of objects) {
    offsets.push(at);
    at += object.length;
  }
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.concat([head, ...objects, Buffer.from(tail)]);
}

/** The copier page's thumbnail shows the image (mostly black) and the text line above it (some ink). */
async function checkCopierThumbnail(webp: Buffer): Promise<void> {
  const { data, info } = await sharp(webp).greyscale().raw().toBuffer({ resolveWithObject: true });
  const textRows = Math.floor(info.height * 0.15);
  let ink = 0;
  for (let i = 0; i < textRows * info.width; i++) if (data[i]! < 128) ink++;
  let sum = 0;
  for (let i = textRows * info.width; i < data.length; i++) sum += data[i]!;
  const mean = sum / (data.length - textRows * info.width);
  if (ink < 20 || mean > 160)
    throw new Error(`copier page drawn blank (text ink ${ink} px, image mean ${mean.toFixed(0)})`);
}

const started = Date.now();
const server = await startServer();
try {
  const origin = server.url;
  const check = async (what: string, res: Response, status = 200) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    return res;
  };
  await check('health', await fetch(`${origin}/api/health`));
  const session = await check('demo session', await fetch(`${origin}/api/demo/session`, { method: 'POST' }));
  const token = ((await session.json()) as { access_token: string }).access_token;
  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(origin + url, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const subject = await api<{ id: string }>('POST', '/api/subjects', { name: 'Smoke' });
  const cls = await api<{ id: string }>('POST', '/api/classes', {
    name: '5a',
    grade: '5',
    subject_id: subject.id,
  });
  const task = await api<{ id: string }>('POST', '/api/tasks', {
    title: 'Smoke',
    description: '',
    class_id: cls.id,
    due_date: null,
    status: 'published',
    data: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'inlineMath', attrs: { latex: '\\frac{1}{2}' } }] }],
    },
    feedback_template: null,
    allow_late_submissions: false,
  });
  const form = new FormData();
  form.append('studentName', 'Test Kind');
  form.append(
    'files',
    new Blob([new Uint8Array(await photo(1600, 1200, 5))], { type: 'image/jpeg' }),
    'foto.jpg',
  );
  form.append('files', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'blatt.pdf');
  form.append('files', new Blob([new Uint8Array(copierPdf())], { type: 'application/pdf' }), 'kopie.pdf');
  const upload = await check(
    'upload',
    await fetch(`${origin}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
      headers: { 'X-Requested-With': 'fetch' },
    }),
  );
  const { received } = (await upload.json()) as {
    received: Array<{ id: string; mime: string; original_name: string }>;
  };
  for (const file of received) {
    const thumb = await check(
      `thumbnail of ${file.original_name}`,
      await fetch(`${origin}/api/files/${file.id}/thumbnail`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    if (!thumb.headers.get('content-type')?.startsWith('image/webp'))
      throw new Error('thumbnail is not WebP');
    if (file.original_name === 'kopie.pdf')
      await checkCopierThumbnail(Buffer.from(await thumb.arrayBuffer()));
  }
  if (!received.some((file) => file.original_name === 'kopie.pdf'))
    throw new Error('copier page not received');
  const worksheet = await check(
    'worksheet',
    await fetch(`${origin}/api/tasks/${task.id}/worksheet.pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  const pdf = Buffer.from(await worksheet.arrayBuffer());
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('worksheet is not a PDF');
  console.log(
    `Node ${process.version}: health, upload (photo and PDFs), thumbnails (JBIG2, standard font), worksheet PDF ok in ${Date.now() - started} ms`,
  );
} catch (err) {
  console.error(server.output().split('\n').slice(-30).join('\n'));
  throw err;
} finally {
  await server.stop();
  removeDir(server.dataDir);
}
