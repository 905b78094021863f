import { SUBJECTS } from '@app/contract';
import { Chip, Group, Stack, Text } from '@mantine/core';
import { de } from '../../../i18n/de';

interface SubjectChipsProps {
  value: string[];
  onChange: (names: string[]) => void;
  /** Subjects the teacher has already: shown selected, not to be unticked here. */
  existing?: ReadonlySet<string>;
  disabled?: boolean;
}

/** The 14 subjects of PRODUCT.md §9 as chips to tick, with a summary of the choice. */
export function SubjectChips({ value, onChange, existing, disabled }: SubjectChipsProps) {
  const t = de.registration.subjects;
  const shown = SUBJECTS.map((s) => s.name).filter((name) => value.includes(name) || existing?.has(name));
  return (
    <Stack gap="sm">
      <Chip.Group
        multiple
        value={shown}
        onChange={(names) => onChange(names.filter((name) => !existing?.has(name)))}
      >
        <Group gap="xs" role="group" aria-label={t.groupLabel}>
          {SUBJECTS.map((subject) => {
            const owned = existing?.has(subject.name) ?? false;
            return (
              <Chip key={subject.code} value={subject.name} disabled={disabled || owned} size="sm">
                {subject.name}
              </Chip>
            );
          })}
        </Group>
      </Chip.Group>
      <Text
        size="sm"
        c={shown.length === 0 ? 'dimmed' : undefined}
        aria-live="polite"
        data-testid="subjects-summary"
      >
        {shown.length === 0 ? t.none : t.selected(shown)}
      </Text>
    </Stack>
  );
}
