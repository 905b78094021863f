import { Textarea, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';

interface EditableTextProps {
  label: string;
  value: string;
  /**
   * Called on leaving the field (or Enter in a single line) when the text changed. The typed text stays
   * until the returned promise settles; then the field shows `value` again (the saved or restored text).
   */
  onSave: (value: string) => Promise<unknown> | void;
  multiline?: boolean;
  /** A required text (a name): an empty field goes back to the saved value instead of saving. */
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  hideLabel?: boolean;
  error?: boolean;
}

/**
 * A text field that saves when the teacher leaves it: no save button per field, and the saved value shows
 * again when the server's value changes (e.g. after a rollback).
 */
export function EditableText({
  label,
  value,
  onSave,
  multiline = false,
  required = false,
  placeholder,
  disabled,
  hideLabel = false,
  error,
}: EditableTextProps) {
  // null while the field shows the saved value; the teacher's text while typing or saving.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const next = draft.trim();
    if ((required && !next) || next === value) {
      setDraft(null);
      return;
    }
    void Promise.resolve(onSave(next)).finally(() => setDraft(null));
  };
  const common = {
    label,
    'aria-label': label,
    labelProps: hideLabel ? { className: 'visually-hidden', style: visuallyHidden } : undefined,
    value: draft ?? value,
    placeholder,
    disabled,
    error,
    onChange: (event: { currentTarget: { value: string } }) => setDraft(event.currentTarget.value),
    onBlur: commit,
  };
  if (multiline) return <Textarea {...common} autosize minRows={1} maxRows={8} />;
  return (
    <TextInput
      {...common}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}

/** Hidden on screen, read by screen readers (the label of a field inside a table cell). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
