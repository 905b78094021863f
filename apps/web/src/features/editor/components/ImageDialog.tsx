import { Alert, Button, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { IMAGE_ACCEPT, imageToDataUrl } from '../images';

interface ImageDialogProps {
  opened: boolean;
  onClose: () => void;
  onInsert: (image: { src: string; alt: string }) => void;
}

/** Picking an image file (scaled down to fit) with a description for screen readers. */
export function ImageDialog({ opened, onClose, onInsert }: ImageDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={de.editor.image.title} centered>
      {opened && <ImageForm onClose={onClose} onInsert={onInsert} />}
    </Modal>
  );
}

function ImageForm({ onClose, onInsert }: Omit<ImageDialogProps, 'opened'>) {
  const t = de.editor.image;
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const submit = async () => {
    if (!file) return;
    setWorking(true);
    setError(null);
    const result = await imageToDataUrl(file);
    setWorking(false);
    if (!result.ok) {
      setError(t[result.reason]);
      return;
    }
    onInsert({ src: result.dataUrl, alt: alt.trim() });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog sits in a portal inside the task form: its submit must not submit the task.
        event.stopPropagation();
        void submit();
      }}
    >
      <Stack gap="md">
        <FileInput
          label={t.file}
          description={t.fileDescription}
          placeholder={t.filePlaceholder}
          accept={IMAGE_ACCEPT}
          value={file}
          onChange={(value) => {
            setFile(value);
            setError(null);
          }}
          clearable
          data-autofocus
        />
        <TextInput
          label={t.alt}
          description={t.altDescription}
          value={alt}
          onChange={(event) => setAlt(event.currentTarget.value)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={!file} loading={working}>
            {t.insert}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
