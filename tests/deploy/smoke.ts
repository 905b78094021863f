// `.ci/run` starts the built server with each supported Node version (22 and 24 beside the machine's own) and
// checks the paths that use native and WebAssembly code: the embedded database, a photo through sharp, a PDF
// through pdf-lib and pdfjs (thumbnail), a worksheet with a formula through MathJax. Prints what it did.
import { minimalPdf, photo } from '../e2e/helpers/files';
import { removeDir, startServer } from '../e2e/helpers/server';

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
  const upload = await check(
    'upload',
    await fetch(`${origin}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
      headers: { 'X-Requested-With': 'fetch' },
    }),
  );
  const { received } = (await upload.json()) as { received: Array<{ id: string; mime: string }> };
  for (const file of received) {
    const thumb = await check(
      `thumbnail of ${file.mime}`,
      await fetch(`${origin}/api/files/${file.id}/thumbnail`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    if (!thumb.headers.get('content-type')?.startsWith('image/webp'))
      throw new Error('thumbnail is not WebP');
  }
  const worksheet = await check(
    'worksheet',
    await fetch(`${origin}/api/tasks/${task.id}/worksheet.pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  const pdf = Buffer.from(await worksheet.arrayBuffer());
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('worksheet is not a PDF');
  console.log(
    `Node ${process.version}: health, upload (photo and PDF), thumbnails, worksheet PDF ok in ${Date.now() - started} ms`,
  );
} catch (err) {
  console.error(server.output().split('\n').slice(-30).join('\n'));
  throw err;
} finally {
  await server.stop();
  removeDir(server.dataDir);
}
