import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// PDFs that readers open although they are unusual or damaged, written here byte by byte (or with qpdf, as
// scanner apps and office suites restrict them): the kinds the public test corpora of pdf.js and poppler
// collect, without their files.

const run = promisify(execFile);

/**
 * A PDF of the given objects (object n is `objects[n - 1]`, its body without `n 0 obj`), object 1 the
 * catalog, with a correct cross-reference table.
 */
export function rawPdf(objects: readonly string[]): Buffer {
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const stream = (content: string, dict = '') =>
  `<< ${dict} /Length ${content.length} >>\nstream\n${content}\nendstream`;

/**
 * One page whose content draws a form that draws a tiling pattern that draws the form again: a reader that
 * does not notice the cycle builds its operator list until memory runs out (pdf.js's operator_list_cycle).
 */
export function selfDrawingPdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fm 5 0 R >> >> /Contents 4 0 R >>',
    stream('1 0 0 1 100 500 cm /Fm Do'),
    stream(
      '/Inner Do',
      '/Type /XObject /Subtype /Form /BBox [0 0 225 161] /Resources << /XObject << /Inner 6 0 R >> >>',
    ),
    stream(
      'q /Pattern cs /P scn 0 0 224 160 re f Q',
      '/Type /XObject /Subtype /Form /BBox [0 0 225 161] /Resources << /Pattern << /P 7 0 R >> >>',
    ),
    stream(
      '/Back Do',
      '/PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 225 161] /XStep 225 /YStep 161 /Resources << /XObject << /Back 5 0 R >> >>',
    ),
  ]);
}

/**
 * `pages` pages of `size` points, each a line of text, under a page tree `depth` levels deep (each level a
 * /Pages node with one kid), as some PDF writers nest it.
 */
export function deepTreePdf(pages: number, depth: number, size: [number, number] = [595, 842]): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  // 2 … depth+1: the chain of /Pages nodes; then per page its /Page and content; then the font.
  const leafParent = depth + 1;
  const firstPage = depth + 2;
  const font = firstPage + pages * 2;
  for (let level = 0; level < depth; level++) {
    const self = level + 2;
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R`;
    const kids =
      self === leafParent
        ? Array.from({ length: pages }, (_, i) => `${firstPage + i * 2} 0 R`).join(' ')
        : `${self + 1} 0 R`;
    objects.push(`<< /Type /Pages ${parent} /Kids [${kids}] /Count ${pages} >>`);
  }
  for (let i = 0; i < pages; i++) {
    const page = firstPage + i * 2;
    objects.push(
      `<< /Type /Page /Parent ${leafParent} 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${page + 1} 0 R >>`,
    );
    objects.push(stream(`BT /F1 28 Tf 60 ${size[1] - 100} Td (Seite ${i + 1} von ${pages}) Tj ET`));
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  return rawPdf(objects);
}

/**
 * The PDF with a damaged end, as a scan cut short by a phone app or a broken USB stick leaves it: every
 * cross-reference offset wrong and no `startxref` or `%%EOF`. The objects themselves are whole, so a reader
 * rebuilds the table by scanning them.
 */
export function damagedXref(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const xref = text.lastIndexOf('\nxref\n');
  const table = text
    .slice(xref)
    .replace(
      /^(\d{10}) 00000 n/gm,
      (_, offset: string) => `${String(Number(offset) + 7).padStart(10, '0')} 00000 n`,
    )
    .replace(/startxref[\s\S]*$/, '');
  return Buffer.from(text.slice(0, xref) + table, 'latin1');
}

/**
 * `pdf` encrypted with qpdf (AES-256): with `user` empty it opens without a password and only the owner
 * password guards printing and changes, as scanner apps write it; with a user password it needs one.
 */
export async function encryptedPdf(pdf: Buffer, user = ''): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'qpdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('qpdf', [
      '--encrypt',
      user,
      'Eigentümer-Passwort',
      '256',
      '--print=none',
      '--modify=none',
      '--extract=n',
      '--',
      join(dir, 'in.pdf'),
      join(dir, 'out.pdf'),
    ]);
    return await readFile(join(dir, 'out.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
