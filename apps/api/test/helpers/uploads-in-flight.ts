import { randomUUID } from 'node:crypto';

// Uploads through the public route over real HTTP, for tests that kill the server while one is on its way.

/** A public upload whose body stops after `sendBytes` bytes and never ends (the process is killed first). */
export function stalledUpload(url: string, studentId: string, file: Buffer, sendBytes: number) {
  const boundary = `kz${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="studentId"\r\n\r\n${studentId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="Seite.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const part = Buffer.concat([head, file]).subarray(0, sendBytes);
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new Uint8Array(part)),
  });
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  }).then(
    (res) => res.status,
    () => 'cut off' as const,
  );
}

export async function upload(base: string, taskId: string, studentId: string, file: Buffer) {
  const form = new FormData();
  form.append('studentId', studentId);
  form.append('files', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'Seite.jpg');
  return fetch(`${base}/api/submissions/studentupload/${taskId}`, { method: 'POST', body: form });
}
