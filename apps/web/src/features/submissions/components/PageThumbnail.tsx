import type { SubmissionFile } from '@app/contract';
import { Image, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { fileThumbnailUrl } from '../queries';
import { stackPageNumber } from './stackPages';

const t = de.submissions.add;

/**
 * The thumbnail of a scanned page (an image or a PDF page, from the thumbnail route). Should the server have
 * none for it (a broken or unreadable file), a card with the page number stands in.
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
  const [failed, setFailed] = useState(false);
  if (!failed) {
    return (
      <Image
        src={fileThumbnailUrl(file.id)}
        alt={alt}
        w={width}
        h={height}
        fit="contain"
        radius="sm"
        loading="lazy"
        bg="gray.1"
        onError={() => setFailed(true)}
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
