import { tikzPictureText } from '@app/contract';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { deTikz } from '../../../i18n/de.tikz';
import { ApiError } from '../../../lib/api';
import { renderTikz } from '../queries';
import type { TikzAttrs } from '../tikz';
import classes from './editor.module.css';

export interface TikzDialogState extends TikzAttrs {
  /** Position of the picture being edited; absent for a new one. */
  pos?: number;
}

interface TikzDialogProps {
  state: TikzDialogState | null;
  onClose: () => void;
  onSubmit: (state: TikzDialogState) => void;
  onRemove: (state: TikzDialogState) => void;
}

/** How long typing must pause before the preview asks the server (TeX takes a while). */
export const TIKZ_PREVIEW_DELAY_MS = 600;

type Preview =
  | { kind: 'empty' }
  | { kind: 'loading'; svg: string | null }
  | { kind: 'ready'; source: string; svg: string }
  | { kind: 'error'; message: string; texError: string | null };

type Result = { source: string; svg: string } | { source: string; message: string; texError: string | null };

function previewOf(source: string, result: Result | null): Preview {
  if (!source) return { kind: 'empty' };
  if (result?.source !== source)
    return { kind: 'loading', svg: result && 'svg' in result ? result.svg : null };
  return 'svg' in result
    ? { kind: 'ready', source, svg: result.svg }
    : { kind: 'error', message: result.message, texError: result.texError };
}

function texErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const details = error.details as { texError?: unknown } | undefined;
  return typeof details?.texError === 'string' ? details.texError : null;
}

/** Typing TikZ with a live preview the server renders (debounced); Strg+Enter inserts the picture. */
export function TikzDialog({ state, onClose, onSubmit, onRemove }: TikzDialogProps) {
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.pos === undefined ? deTikz.insertTitle : deTikz.editTitle}
      size="xl"
      centered
    >
      {state && <TikzForm key={state.pos ?? 'new'} state={state} {...{ onClose, onSubmit, onRemove }} />}
    </Modal>
  );
}

function TikzForm({ state, onClose, onSubmit, onRemove }: TikzDialogProps & { state: TikzDialogState }) {
  const t = deTikz;
  const [source, setSource] = useState(state.source);
  // The server's last answer, for the source it was asked about; the preview shown is derived from it.
  const [result, setResult] = useState<Result | null>(
    state.svg ? { source: state.source.trim(), svg: state.svg } : null,
  );
  const previewId = useId();
  const trimmed = source.trim();
  const isNew = state.pos === undefined;
  const answered = result?.source;

  useEffect(() => {
    if (!trimmed || answered === trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      renderTikz(trimmed, controller.signal).then(
        (svg) => setResult({ source: trimmed, svg }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setResult({
            source: trimmed,
            message: error instanceof Error ? error.message : String(error),
            texError: texErrorOf(error),
          });
        },
      );
    }, TIKZ_PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, answered]);

  const preview = previewOf(trimmed, result);

  const submit = () => {
    if (!trimmed) return;
    // The picture of exactly this source when the preview has it; else the server renders it on save.
    const svg = preview.kind === 'ready' && preview.source === trimmed ? preview.svg : null;
    onSubmit({ ...state, source: trimmed, svg });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog sits in a portal inside the task form: its submit must not submit the task.
        event.stopPropagation();
        submit();
      }}
    >
      <Stack gap="md">
        <Textarea
          label={t.source}
          description={t.description}
          placeholder={t.placeholder}
          value={source}
          onChange={(event) => setSource(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
          autosize
          minRows={4}
          maxRows={14}
          data-autofocus
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          aria-describedby={previewId}
        />
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t.preview}
            </Text>
            {preview.kind === 'loading' && (
              <Group gap={6} role="status">
                <Loader size="xs" />
                <Text size="xs" c="dimmed">
                  {t.rendering}
                </Text>
              </Group>
            )}
          </Group>
          <div id={previewId} aria-live="polite" className={classes.preview}>
            <PreviewBody preview={preview} />
          </div>
        </Stack>
        <Group justify="space-between">
          <Group>
            {!isNew && (
              <Button color="red" variant="light" onClick={() => onRemove(state)}>
                {t.remove}
              </Button>
            )}
          </Group>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!trimmed || preview.kind === 'error'}>
              {isNew ? t.insert : t.apply}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function PreviewBody({ preview }: { preview: Preview }) {
  switch (preview.kind) {
    case 'empty':
      return (
        <Text c="dimmed" size="sm">
          {deTikz.emptyPreview}
        </Text>
      );
    case 'error':
      return (
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">{preview.message}</Text>
          {preview.texError && (
            <Text size="sm" ff="monospace" mt={4}>
              {deTikz.texError(preview.texError)}
            </Text>
          )}
        </Alert>
      );
    case 'loading':
      return preview.svg ? <Picture svg={preview.svg} dimmed /> : null;
    case 'ready':
      return <Picture svg={preview.svg} />;
  }
}

function Picture({ svg, dimmed = false }: { svg: string; dimmed?: boolean }) {
  const text = tikzPictureText(svg);
  return (
    <div
      role="img"
      aria-label={text ? deTikz.pictureLabelWithText(text) : deTikz.pictureLabel}
      className={classes.tikzPreview}
      data-dimmed={dimmed || undefined}
      // Sanitised by the server (no scripts, no outside references).
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
