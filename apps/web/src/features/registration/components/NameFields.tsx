import { SimpleGrid, TextInput } from '@mantine/core';
import { de } from '../../../i18n/de';
import { firstNameError, lastNameError } from '../wizard';

interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onChange: (field: 'firstName' | 'lastName', value: string) => void;
  /** Which fields show their message (after leaving them, or after trying to go on). */
  touched: { firstName: boolean; lastName: boolean };
  onTouch: (field: 'firstName' | 'lastName') => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** First and last name, at least 2 characters each (PRODUCT.md §5), with sample names as placeholders. */
export function NameFields({
  firstName,
  lastName,
  onChange,
  touched,
  onTouch,
  disabled,
  autoFocus,
}: NameFieldsProps) {
  const t = de.registration.fields;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={t.firstName}
        placeholder={t.firstNamePlaceholder}
        autoComplete="given-name"
        required
        data-autofocus={autoFocus || undefined}
        value={firstName}
        disabled={disabled}
        onChange={(event) => onChange('firstName', event.currentTarget.value)}
        onBlur={() => onTouch('firstName')}
        error={touched.firstName ? firstNameError(firstName) : null}
      />
      <TextInput
        label={t.lastName}
        placeholder={t.lastNamePlaceholder}
        autoComplete="family-name"
        required
        value={lastName}
        disabled={disabled}
        onChange={(event) => onChange('lastName', event.currentTarget.value)}
        onBlur={() => onTouch('lastName')}
        error={touched.lastName ? lastNameError(lastName) : null}
      />
    </SimpleGrid>
  );
}
