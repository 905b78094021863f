import type { PdfExportFormat } from '@app/contract';
import { Alert, Anchor, Button, Progress, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api';
import { downloadPdfExport, usePdfExport, useStartPdfExport } from '../queries';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/**
 * The class export of the feedback sheets (PRODUCT.md §4 "PDF-Vorlagen"): one PDF or a ZIP with one PDF per
 * student, made by a background job; its progress ("x von y") is polled every second, the file is downloaded
 * once it is ready and stays available through a link.
 */
export function FeedbackExport({ taskId }: { taskId: string }) {
  const t = de.pdfs.export;
  const [format, setFormat] = useState<PdfExportFormat>('pdf');
  const [exportId, setExportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartPdfExport(taskId);
  const { data: current } = usePdfExport(exportId);
  // The automatic download happens once per export; afterwards the link is there for another copy.
  const downloaded = useRef<string | null>(null);

  const download = async (exp: NonNullable<typeof current>) => {
    try {
      await downloadPdfExport(exp);
    } catch (e) {
      setError(messageOf(e, t.downloadFailed));
    }
  };

  useEffect(() => {
    if (current?.status !== 'done' || downloaded.current === current.id) return;
    downloaded.current = current.id;
    void download(current);
    // `download` only closes over stable setters and strings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  const running = current?.status === 'queued' || current?.status === 'running';
  const begin = () => {
    setError(null);
    start.mutate(format, {
      onSuccess: (exp) => setExportId(exp.id),
      onError: (e) => setError(messageOf(e, t.failed)),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="feedback-export">
      <Text fw={600} id="feedback-export">
        {t.heading}
      </Text>
      <Text size="sm" c="dimmed">
        {t.help}
      </Text>
      <Radio.Group label={t.format} value={format} onChange={(value) => setFormat(value as PdfExportFormat)}>
        <Stack gap="xs" mt={4}>
          <Radio value="pdf" label={t.pdf} description={t.pdfHelp} disabled={running} />
          <Radio value="zip" label={t.zip} description={t.zipHelp} disabled={running} />
        </Stack>
      </Radio.Group>
      <div>
        <Button
          variant="default"
          loading={start.isPending}
          disabled={running}
          onClick={begin}
          style={{ maxWidth: '100%' }}
        >
          {t.start}
        </Button>
      </div>
      {current && running && (
        <Stack gap={4}>
          <Progress.Root
            size="lg"
            role="progressbar"
            aria-label={t.progressLabel}
            aria-valuemin={0}
            aria-valuemax={current.total}
            aria-valuenow={current.done}
            aria-valuetext={t.progress(current.done, current.total)}
          >
            <Progress.Section
              value={current.total > 0 ? (100 * current.done) / current.total : 0}
              withAria={false}
            />
          </Progress.Root>
          <Text size="sm" aria-live="polite">
            {current.status === 'queued' ? t.queued : t.progress(current.done, current.total)}
          </Text>
        </Stack>
      )}
      {current?.status === 'done' && current.file_name && (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {t.ready}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            style={{ overflowWrap: 'anywhere' }}
            onClick={() => void download(current)}
          >
            {t.downloadAgain(current.file_name)}
          </Anchor>
        </Stack>
      )}
      {(current?.status === 'failed' || error) && (
        <Alert color="red" role="alert">
          {error ?? current?.error ?? t.failed}
        </Alert>
      )}
    </Stack>
  );
}
