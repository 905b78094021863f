import type { SubmitPageResponse } from '@app/contract';
import { NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { deSubmit } from '../../../../i18n/de.submit';
import type { Uploader } from '../../submitQueries';

const t = deSubmit.submit;
const MISSING = '__missing__';

type Students = SubmitPageResponse['students'];

/**
 * Who hands in: picked from the class list, or typed when the list is empty or the name is missing from it.
 * `preselected` (from a printed worksheet's code) starts picked; the student can still change it.
 */
export function useStudentName(students: Students, preselected: string | null) {
  // The API names only a student of the list, and the form mounts once the page data is there.
  const [choice, setChoice] = useState(preselected ?? '');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const typing = students.length === 0 || choice === MISSING;

  /** The uploader for the next requests, or null with the field's message when no valid name is given. */
  const resolve = (): { who: Uploader; label: string } | null => {
    setError(null);
    if (typing) {
      const name = typed.replace(/\s+/g, ' ').trim();
      if (name.length < 2) {
        setError(t.nameTypedError);
        return null;
      }
      return { who: { studentName: name }, label: name };
    }
    const student = students.find((s) => s.id === choice);
    if (!student) {
      setError(t.namePickError);
      return null;
    }
    return { who: { studentId: student.id }, label: student.label };
  };

  const pick = (value: string) => {
    setChoice(value);
    setError(null);
  };
  const type = (value: string) => {
    setTyped(value);
    setError(null);
  };

  return { choice, typed, error, typing, resolve, pick, type };
}

/** The name section: the class list (with "my name is missing") and, when needed, a typed name. */
export function StudentNameSection({
  headingId,
  students,
  name,
}: {
  headingId: string;
  students: Students;
  name: ReturnType<typeof useStudentName>;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t.nameHeading}
      </Title>
      {students.length > 0 && (
        <NativeSelect
          label={t.namePick}
          value={name.choice}
          onChange={(event) => name.pick(event.currentTarget.value)}
          error={!name.typing ? name.error : null}
          size="md"
          data={[
            { value: '', label: t.namePlaceholder, disabled: true },
            ...students.map((s) => ({ value: s.id, label: s.label })),
            { value: MISSING, label: t.nameMissing },
          ]}
        />
      )}
      {name.typing && (
        <TextInput
          label={t.nameTyped}
          description={t.nameTypedHint}
          value={name.typed}
          onChange={(event) => name.type(event.currentTarget.value)}
          error={name.error}
          size="md"
          autoComplete="name"
          maxLength={100}
        />
      )}
    </Stack>
  );
}
