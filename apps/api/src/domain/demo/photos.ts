import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CONTENT } from '@app/contract';
import { handwritingPage, renderJpeg, type DrawnText } from '../../lib/handwriting/page';
import { apiRoot } from '../../paths';
import { attemptOf, solutionLines } from './content';

// The photos of the demo's hand-ins. Rendering twenty pages costs about a second of CPU, and the demo is
// seeded at the first start of every fresh data directory, so `pnpm build` renders them once into
// dist/demo-photos (tsup.config.ts), named by a hash of their SVG: a changed drawing never finds a stale photo.
// Without the build (tests, `pnpm dev`) they are rendered on the spot.

const PHOTO_DIR = path.join(apiRoot, 'dist', 'demo-photos');

/** The photo of hand-in `index` (among those handed in): its SVG and the texts drawn on it, with their boxes. */
export function demoPage(index: number): { svg: string; drawn: DrawnText[] } {
  return handwritingPage(7001 + index * 131, solutionLines(attemptOf(index)));
}

function pages(): string[] {
  return Array.from({ length: DEMO_CONTENT.submissions }, (_, i) => demoPage(i).svg);
}

const fileOf = (dir: string, svg: string) =>
  path.join(dir, `${createHash('sha256').update(svg).digest('hex').slice(0, 20)}.jpg`);

/** The JPEG of every hand-in, in student order: from the build's photos, else rendered one after another. */
export async function demoPhotos(dir = PHOTO_DIR): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (const svg of pages()) {
    photos.push(await readFile(fileOf(dir, svg)).catch(() => renderJpeg(svg)));
  }
  return photos;
}

/** Renders the photos into `dir` (the build's step). */
export async function writeDemoPhotos(dir = PHOTO_DIR): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const svg of pages()) await writeFile(fileOf(dir, svg), await renderJpeg(svg));
}
