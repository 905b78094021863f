import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import katex from 'katex';
import { useId, useMemo, useState } from 'react';
import { de } from '../../../i18n/de';
import type { MathKind } from '../extensions';
import { KATEX_OPTIONS } from '../katex';
import classes from './editor.module.css';

export interface MathDialogState {
  kind: MathKind;
  latex: string;
  /** Position of the formula being edited; absent for a new one. */
  pos?: number;
}

interface MathDialogProps {
  state: MathDialogState | null;
  onClose: () => void;
  onSubmit: (state: MathDialogState) => void;
  onRemove: (state: MathDialogState) => void;
}

function renderPreview(latex: string, kind: MathKind): string {
  try {
    return katex.renderToString(latex, { ...KATEX_OPTIONS, displayMode: kind === 'block' });
  } catch {
    return '';
  }
}

/** Typing a formula as LaTeX with a live KaTeX preview; Strg+Enter inserts it. */
export function MathDialog({ state, onClose, onSubmit, onRemove }: MathDialogProps) {
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.pos === undefined ? de.editor.math.insertTitle : de.editor.math.editTitle}
      size="lg"
      centered
    >
      {state && (
        <MathForm
          key={`${state.kind}-${state.pos ?? 'new'}`}
          state={state}
          {...{ onClose, onSubmit, onRemove }}
        />
      )}
    </Modal>
  );
}

function MathForm({ state, onClose, onSubmit, onRemove }: MathDialogProps & { state: MathDialogState }) {
  const t = de.editor.math;
  const [latex, setLatex] = useState(state.latex);
  const previewId = useId();
  const trimmed = latex.trim();
  const preview = useMemo(() => (trimmed ? renderPreview(trimmed, state.kind) : ''), [trimmed, state.kind]);
  const isNew = state.pos === undefined;

  const submit = () => {
    if (trimmed) onSubmit({ ...state, latex: trimmed });
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
          label={t.latex}
          description={state.kind === 'block' ? t.blockDescription : t.inlineDescription}
          placeholder={t.placeholder}
          value={latex}
          onChange={(event) => setLatex(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
          autosize
          minRows={2}
          maxRows={8}
          data-autofocus
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          aria-describedby={previewId}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t.preview}
          </Text>
          {preview ? (
            <div
              id={previewId}
              className={classes.preview}
              aria-live="polite"
              // KaTeX output with `trust: false`: no links, no raw HTML commands from the typed LaTeX.
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          ) : (
            <Text id={previewId} className={classes.preview} c="dimmed" size="sm" aria-live="polite">
              {t.emptyPreview}
            </Text>
          )}
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
            <Button type="submit" disabled={!trimmed}>
              {isNew ? t.insert : t.apply}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
