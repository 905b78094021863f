import type { SubmitPageResponse } from '@app/contract';
import { useId, useState } from 'react';
import { deSubmit } from '../../../../i18n/de.submit';
import type { Uploader } from '../../submitQueries';
import controls from './controls.module.css';
import classes from './Submit.module.css';

const t = deSubmit.submit;
/** The select's entry "Mein Name fehlt". */
export const NAME_MISSING = '__missing__';

type Students = SubmitPageResponse['students'];

/**
 * Who hands in: picked from the class list, or typed when the list is empty or the name is missing from it.
 * `initial` is what was picked or typed before the page's script ran (the server's form), or the student of a
 * printed worksheet's code; the student can still change it.
 */
export function useStudentName(students: Students, initial: { choice: string; typed: string }) {
  const [choice, setChoice] = useState(() =>
    initial.choice === NAME_MISSING || students.some((s) => s.id === initial.choice) ? initial.choice : '',
  );
  const [typed, setTyped] = useState(initial.typed);
  const [error, setError] = useState<string | null>(null);
  const typing = students.length === 0 || choice === NAME_MISSING;

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
  const id = useId();
  const pickError = !name.typing ? name.error : null;
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <h2 className={classes.heading} id={headingId}>
        {t.nameHeading}
      </h2>
      {students.length > 0 && (
        <div>
          <label className={controls.label} htmlFor={`${id}-pick`}>
            {t.namePick}
          </label>
          <select
            id={`${id}-pick`}
            className={controls.field}
            value={name.choice}
            onChange={(event) => name.pick(event.currentTarget.value)}
            aria-invalid={pickError ? true : undefined}
            aria-describedby={pickError ? `${id}-pick-error` : undefined}
          >
            <option value="" disabled>
              {t.namePlaceholder}
            </option>
            {students.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
            <option value={NAME_MISSING}>{t.nameMissing}</option>
          </select>
          {pickError && (
            <span className={controls.fieldError} id={`${id}-pick-error`}>
              {pickError}
            </span>
          )}
        </div>
      )}
      {name.typing && (
        <div>
          <label className={controls.label} htmlFor={`${id}-typed`}>
            {t.nameTyped}
          </label>
          <span className={controls.hint} id={`${id}-typed-hint`}>
            {t.nameTypedHint}
          </span>
          <input
            id={`${id}-typed`}
            className={controls.field}
            value={name.typed}
            onChange={(event) => name.type(event.currentTarget.value)}
            autoComplete="name"
            maxLength={100}
            aria-invalid={name.error ? true : undefined}
            aria-describedby={`${id}-typed-hint${name.error ? ` ${id}-typed-error` : ''}`}
          />
          {name.error && (
            <span className={controls.fieldError} id={`${id}-typed-error`}>
              {name.error}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
