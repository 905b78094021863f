import { Anchor, Image, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { fileKind } from '../../submissions';
import type { ShownEvidence } from '../review';
import classes from './grading.module.css';

interface ShownFile {
  id: string;
  original_name: string;
  mime: string;
}

interface SubmissionFilesProps {
  files: readonly ShownFile[];
  /** Where a file's bytes come from (the teacher's download, or through the student's token). */
  urlOf: (fileId: string) => string;
  /** The alt text of an image. */
  altOf: (file: ShownFile) => string;
  strings: {
    noFiles: string;
    pdfTitle: (name: string) => string;
    openPdf: string;
    pdfPageHint?: (page: number) => string;
  };
  /** Height of an embedded PDF (CSS). */
  pdfHeight?: string;
  /** The AI's evidence to mark on its file (grading page only; ADR 024). */
  highlight?: ShownEvidence | null;
  /** A picture of a PDF's first page, to mark evidence on it (teacher side only). */
  previewOf?: (fileId: string) => string;
}

/** The marked region of a quote, over the picture it sits on (box as fractions of the picture). */
function EvidenceBox({ highlight }: { highlight: ShownEvidence }) {
  if (!highlight.box) return null;
  const { x, y, w, h } = highlight.box;
  return (
    <div
      className={classes.evidenceBox}
      role="img"
      aria-label={highlight.label}
      data-testid="evidence-box"
      style={{ left: `${x * 100}%`, top: `${y * 100}%`, width: `${w * 100}%`, height: `${h * 100}%` }}
    />
  );
}

/** The thumbnail route renders one page at a time and answers 503 while busy: asked again twice, later. */
const PREVIEW_RETRIES = 2;
const PREVIEW_RETRY_MS = 2000;

/** A PDF's first page as a picture with the box on it; the box waits for the picture, a failed one hides both. */
function PdfPagePreview({ src, alt, highlight }: { src: string; alt: string; highlight: ShownEvidence }) {
  const [loaded, setLoaded] = useState(false);
  const [failures, setFailures] = useState(0);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (failures === 0 || failures > PREVIEW_RETRIES) return;
    const timer = setTimeout(() => setAttempt(failures), PREVIEW_RETRY_MS * failures);
    return () => clearTimeout(timer);
  }, [failures]);
  if (failures > PREVIEW_RETRIES) return null;
  return (
    <div className={classes.evidenceFrame}>
      <img
        // A new element per attempt: the browser asks again.
        key={attempt}
        src={src}
        alt={alt}
        className={classes.evidenceImage}
        onLoad={() => setLoaded(true)}
        onError={() => setFailures((n) => n + 1)}
      />
      {loaded ? <EvidenceBox highlight={highlight} /> : null}
    </div>
  );
}

/**
 * A submission's files as they were handed in: photos inline, PDFs embedded (with a link to open them in a
 * tab of their own, where a phone cannot embed them). Shared by the grading page and the student's page, so
 * it takes its strings from the caller (the student's page does not load the whole catalog). On the grading
 * page the AI's evidence is marked on its file: a box over the photo, or over the preview of a PDF's first
 * page (later pages: the PDF opens at that page).
 */
export function SubmissionFiles({
  files,
  urlOf,
  altOf,
  strings,
  pdfHeight = '80vh',
  highlight = null,
  previewOf,
}: SubmissionFilesProps) {
  const marked = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlight) marked.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlight]);
  if (files.length === 0) return <Text c="dimmed">{strings.noFiles}</Text>;
  return (
    <Stack gap="md">
      {files.map((file) => {
        const shown = highlight?.fileId === file.id ? highlight : null;
        if (fileKind({ type: file.mime, name: file.original_name }) === 'pdf') {
          const page = shown?.page ?? 1;
          return (
            <Paper key={file.id} withBorder ref={shown ? marked : undefined}>
              {shown && page === 1 && shown.box && previewOf ? (
                <PdfPagePreview
                  key={shown.key}
                  src={previewOf(file.id)}
                  alt={altOf(file)}
                  highlight={shown}
                />
              ) : null}
              {shown && strings.pdfPageHint ? (
                <Text size="sm" p="xs">
                  {strings.pdfPageHint(page)}
                </Text>
              ) : null}
              <iframe
                // A new page number is a new document for the viewer: the key reloads it there.
                key={page}
                src={page > 1 ? `${urlOf(file.id)}#page=${String(page)}` : urlOf(file.id)}
                title={strings.pdfTitle(file.original_name)}
                style={{ width: '100%', height: pdfHeight, border: 0, display: 'block' }}
              />
              <Anchor href={urlOf(file.id)} target="_blank" rel="noopener" size="sm" p="xs" display="block">
                {strings.openPdf}
              </Anchor>
            </Paper>
          );
        }
        return (
          <div key={file.id} className={classes.evidenceFrame} ref={shown ? marked : undefined}>
            <Anchor href={urlOf(file.id)} target="_blank" rel="noopener">
              <Image src={urlOf(file.id)} alt={altOf(file)} fit="contain" radius="sm" />
            </Anchor>
            {shown ? <EvidenceBox highlight={shown} /> : null}
          </div>
        );
      })}
    </Stack>
  );
}
