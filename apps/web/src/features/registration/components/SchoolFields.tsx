import { FEDERAL_STATES, type SchoolLookupItem } from '@app/contract';
import { Anchor, Combobox, ScrollArea, Select, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { de } from '../../../i18n/de';
import { toast } from '../../../lib/toast';
import { schoolSearchQueryOptions } from '../queries';
import type { SchoolValues } from '../wizard';

const STATE_OPTIONS = FEDERAL_STATES.map((s) => ({ value: s.code, label: s.name }));
/** How long typing must pause before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

interface SchoolFieldsProps {
  value: SchoolValues;
  onChange: (next: SchoolValues) => void;
  /** Whether the server has a school directory; otherwise school and city are free text. */
  directory: boolean;
  /** The directory's address, credited as the data source. */
  source: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Federal state, school and city (PRODUCT.md §2 step 3). With a directory the school field suggests the
 * state's schools as the user types (the server searches, PRODUCT.md §7); picking one fills the city, which
 * stays editable. Without a directory, or when it fails, everything is free text.
 */
export function SchoolFields({ value, onChange, directory, source, disabled, autoFocus }: SchoolFieldsProps) {
  const t = de.registration.fields;
  return (
    <Stack gap="sm">
      <Select
        label={t.federalState}
        placeholder={t.federalStatePlaceholder}
        data={STATE_OPTIONS}
        value={value.state || null}
        onChange={(code) => onChange({ ...value, state: code ?? '' })}
        clearable
        // Not searchable: a searchable Select opens its list on focus, and each step focuses its first field.
        // Arrow keys open and move, Enter picks.
        allowDeselect={false}
        disabled={disabled}
        data-autofocus={autoFocus || undefined}
        comboboxProps={{ withinPortal: true }}
      />
      {directory ? (
        <SchoolSearch
          state={value.state}
          value={value.schule}
          disabled={disabled}
          onChange={(schule) => onChange({ ...value, schule })}
          onPick={(school) => onChange({ ...value, schule: school.name, city: school.city ?? value.city })}
        />
      ) : (
        <TextInput
          label={t.school}
          placeholder={t.schoolPlaceholder}
          description={de.registration.school.freeTextHint}
          value={value.schule}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, schule: event.currentTarget.value })}
        />
      )}
      <TextInput
        label={t.city}
        placeholder={t.cityPlaceholder}
        autoComplete="address-level2"
        value={value.city}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, city: event.currentTarget.value })}
      />
      {directory && source ? (
        <Text size="xs" c="dimmed">
          {de.registration.school.source}{' '}
          <Anchor href={source} target="_blank" rel="noreferrer" size="xs">
            {hostOf(source)}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

interface SchoolSearchProps {
  state: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  onPick: (school: SchoolLookupItem) => void;
}

/** The school name with suggestions: arrow keys move, Enter picks, Escape closes the list. */
function SchoolSearch({ state, value, disabled, onChange, onPick }: SchoolSearchProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...schoolSearchQueryOptions(state, query),
    enabled: state !== '' && combobox.dropdownOpened,
    placeholderData: keepPreviousData,
  });
  const failedAt = search.isError ? search.errorUpdatedAt : 0;
  useEffect(() => {
    // Once per failure: the field keeps working as free text.
    if (failedAt) toast.error(de.toasts.registration.schoolsLoadFailed);
  }, [failedAt]);

  const items = search.isError ? [] : (search.data?.items ?? []);
  // 'Keine Schulen gefunden' only for an answer to what is typed now, not while typing or asking.
  const answered = search.isSuccess && !search.isPlaceholderData && query === value.trim();
  const t = de.registration;

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => {
        const school = items.find((item) => item.id === id);
        if (school) onPick(school);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t.fields.school}
          placeholder={t.fields.schoolSearchPlaceholder}
          description={state ? undefined : t.school.chooseStateFirst}
          autoComplete="off"
          // The ARIA combobox pattern: Combobox.Target adds aria-expanded, aria-controls, aria-activedescendant.
          role="combobox"
          aria-autocomplete="list"
          value={value}
          disabled={disabled}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={state === '' || search.isError}>
        <Combobox.Options>
          <ScrollArea.Autosize mah={260} type="scroll">
            {items.map((item) => (
              <Combobox.Option value={item.id} key={item.id}>
                <Text size="sm">{item.name}</Text>
                {item.city ? (
                  <Text size="xs" c="dimmed">
                    {item.city}
                  </Text>
                ) : null}
              </Combobox.Option>
            ))}
            {items.length === 0 ? (
              <Combobox.Empty>{answered ? t.school.noResults : t.school.searching}</Combobox.Empty>
            ) : null}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
