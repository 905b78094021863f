import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { de } from '../i18n/de';
import { PasswordRules } from './PasswordRules';

/** What a field takes from its form: `form.getInputProps(…)`, or value, handlers and error by hand. */
type FieldProps = Pick<PasswordInputProps, 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'>;

interface PasswordFieldsProps {
  password: FieldProps;
  /** The repetition ("Passwort wiederholen"). */
  confirmation: FieldProps;
  /** Prefix of the element ids, unique on the page. */
  idPrefix: string;
  /** The first field's label: 'Passwort' unless the form changes an existing one ('Neues Passwort'). */
  label?: string;
  disabled?: boolean;
  /** The first field takes the focus when its dialog step opens. */
  autoFocus?: boolean;
}

/**
 * The new password and its repetition, each with show/hide, and the live rule list between them: the one
 * way the four password forms (sign-up, new password, account, registration dialog) ask for a password.
 * Validate with `passwordFormRules` (lib/passwordRules.ts), which has the same messages.
 */
export function PasswordFields({
  password,
  confirmation,
  idPrefix,
  label = de.auth.password,
  disabled,
  autoFocus,
}: PasswordFieldsProps) {
  const toggle = { 'aria-label': de.auth.showPassword };
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
        aria-describedby={`${idPrefix}-rules`}
        visibilityToggleButtonProps={toggle}
        disabled={disabled}
        {...password}
      />
      <PasswordRules
        password={typeof password.value === 'string' ? password.value : ''}
        id={`${idPrefix}-rules`}
      />
      <PasswordInput
        label={de.auth.passwordConfirmation}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
        disabled={disabled}
        {...confirmation}
      />
    </>
  );
}
