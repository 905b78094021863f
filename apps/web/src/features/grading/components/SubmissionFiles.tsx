import { Anchor, Image, Paper, Stack, Text } from '@mantine/core';
import { fileKind } from '../../submissions';

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
  strings: { noFiles: string; pdfTitle: (name: string) => string; openPdf: string };
  /** Height of an embedded PDF (CSS). */
  pdfHeight?: string;
}

/**
 * A submission's files as they were handed in: photos inline, PDFs embedded (with a link to open them in a
 * tab of their own, where a phone cannot embed them). Shared by the grading page and the student's page, so
 * it takes its strings from the caller (the student's page does not load the whole catalog).
 */
export function SubmissionFiles({ files, urlOf, altOf, strings, pdfHeight = '80vh' }: SubmissionFilesProps) {
  if (files.length === 0) return <Text c="dimmed">{strings.noFiles}</Text>;
  return (
    <Stack gap="md">
      {files.map((file) =>
        fileKind({ type: file.mime, name: file.original_name }) === 'pdf' ? (
          <Paper key={file.id} withBorder>
            <iframe
              src={urlOf(file.id)}
              title={strings.pdfTitle(file.original_name)}
              style={{ width: '100%', height: pdfHeight, border: 0, display: 'block' }}
            />
            <Anchor href={urlOf(file.id)} target="_blank" rel="noopener" size="sm" p="xs" display="block">
              {strings.openPdf}
            </Anchor>
          </Paper>
        ) : (
          <Anchor key={file.id} href={urlOf(file.id)} target="_blank" rel="noopener">
            <Image src={urlOf(file.id)} alt={altOf(file)} fit="contain" radius="sm" />
          </Anchor>
        ),
      )}
    </Stack>
  );
}
