import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { deSubmit } from '../../../../i18n/de.submit';
import { formatDateTime } from '../../../../lib/dates';
import type { Receipt } from './useUploadQueue';
import classes from './SubmitForm.module.css';

const t = deSubmit.submit;

/** The confirmation after the last upload: what the teacher received, when, and from whom (focused when shown). */
export function SubmitReceipt({
  receipt,
  onMore,
}: {
  receipt: Receipt;
  /** Present while the task still accepts files: back to the form for more. */
  onMore?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="submit-receipt"
      bg="var(--mantine-color-teal-light)"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="submit-receipt" ref={heading} tabIndex={-1}>
          {t.receipt.heading}
        </Title>
        <Text>{t.receipt.intro(receipt.name)}</Text>
        <ul aria-label={t.receipt.heading} className={classes.receiptList}>
          {receipt.files.map((file) => (
            <li key={file.id}>
              {file.original_name} ({deSubmit.size(file.size)}
              {file.pages && file.pages > 1 ? `, ${t.receipt.pages(file.pages)}` : ''})
            </li>
          ))}
        </ul>
        <Text fw={600}>{t.receipt.at(formatDateTime(receipt.receivedAt))}</Text>
        {receipt.duplicates > 0 && <Text size="sm">{t.receipt.duplicates(receipt.duplicates)}</Text>}
        {onMore && (
          <div>
            <Button variant="default" onClick={onMore}>
              {t.receipt.more}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
