import { Alert, Button, Code, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AiNotConfiguredNotice, useAiEnabled } from '../../ai';
import { OCR_MAX_BYTES, useOcrTest } from '../queries';

const t = de.dev.ocr;
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** `/dev/ocr-test` (organization members): one image through the AI gateway's `analyze`, nothing stored. */
export function DevOcrTestPage() {
  usePageTitle(de.titles.devOcrTest);
  const aiEnabled = useAiEnabled();
  const ocr = useOcrTest();
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = file !== null && file.size > OCR_MAX_BYTES;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file && !tooLarge) ocr.mutate(file);
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{de.titles.devOcrTest}</Title>
      <Text>{t.intro}</Text>
      <AiNotConfiguredNotice />
      {aiEnabled && (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <FileInput
              label={t.file}
              placeholder={t.filePlaceholder}
              accept={ACCEPT}
              value={file}
              onChange={(next) => {
                setFile(next);
                ocr.reset();
              }}
              error={tooLarge ? t.tooLarge : undefined}
              clearable
            />
            <Group>
              <Button type="submit" disabled={!file || tooLarge} loading={ocr.isPending}>
                {t.read}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {ocr.isError && (
        <Alert color="red" role="alert">
          {ocr.error.message}
        </Alert>
      )}
      {ocr.data && (
        <Stack gap="xs" component="section" aria-labelledby="ocr-result">
          <Title order={2} size="h4" id="ocr-result">
            {t.result}
          </Title>
          {ocr.data.text.trim() ? (
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {ocr.data.text}
            </Code>
          ) : (
            <Text c="dimmed">{t.empty}</Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
