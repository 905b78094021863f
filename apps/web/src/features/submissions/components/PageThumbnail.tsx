import type { SubmissionFile } from '@app/contract';
import { Image, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { de } from '../../../i18n/de';
import { fileThumbnailUrl } from '../queries';
import { stackPageNumber } from './stackPages';

const t = de.submissions.add;

/** The server renders thumbnails one at a time and answers 503 while busy: try again twice, a little later. */
const RETRIES = 2;
const RETRY_MS = 2000;

/**
 * The thumbnail of a scanned page (an image or a PDF page, from the thumbnail route). Should the server have
 * none for it (a broken or unreadable file, or still busy after the retries), a card with the page number
 * stands in.
 */
export function PageThumbnail({
  file,
  width,
  height,
  alt,
}: {
  file: SubmissionFile;
  width: number;
  height: number;
  alt: string;
}) {
  const [failures, setFailures] = useState(0);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (failures === 0 || failures > RETRIES) return;
    const timer = setTimeout(() => setAttempt(failures), RETRY_MS * failures);
    return () => clearTimeout(timer);
  }, [failures]);

  if (failures <= RETRIES) {
    return (
      <Image
        // A new element for each attempt: the browser asks again.
        key={attempt}
        src={fileThumbnailUrl(file.id)}
        alt={alt}
        w={width}
        h={height}
        fit="contain"
        radius="sm"
        loading="lazy"
        bg="gray.1"
        onError={() => setFailures((n) => n + 1)}
      />
    );
  }
  const page = stackPageNumber(file.original_name);
  return (
    <Paper
      withBorder
      w={width}
      h={height}
      radius="sm"
      p={4}
      style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}
      role="img"
      aria-label={alt}
    >
      <Text size="xs" fw={700} ta="center">
        {page === null ? t.pdf : t.pdfPage(page)}
      </Text>
    </Paper>
  );
}
