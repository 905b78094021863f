import { PasswordInput, Stack } from '@mantine/core';
import { de } from '../../../i18n/de';
import { PasswordRules } from '../../auth';
import { confirmationError, passwordError } from '../wizard';

interface PasswordFieldsProps {
  password: string;
  confirmation: string;
  onChange: (field: 'password' | 'passwordConfirmation', value: string) => void;
  touched: { password: boolean; passwordConfirmation: boolean };
  onTouch: (field: 'password' | 'passwordConfirmation') => void;
  disabled?: boolean;
}

/** Password and confirmation, each with show/hide, the live rule list and the contract's messages. */
export function PasswordFields({
  password,
  confirmation,
  onChange,
  touched,
  onTouch,
  disabled,
}: PasswordFieldsProps) {
  return (
    <Stack gap="sm">
      <PasswordInput
        label={de.auth.password}
        autoComplete="new-password"
        required
        data-autofocus
        aria-describedby="registration-password-rules"
        visibilityToggleButtonProps={{ 'aria-label': de.auth.showPassword }}
        value={password}
        disabled={disabled}
        onChange={(event) => onChange('password', event.currentTarget.value)}
        onBlur={() => onTouch('password')}
        error={touched.password ? passwordError(password) : null}
      />
      <PasswordRules password={password} id="registration-password-rules" />
      <PasswordInput
        label={de.auth.passwordConfirmation}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ 'aria-label': de.auth.showPassword }}
        value={confirmation}
        disabled={disabled}
        onChange={(event) => onChange('passwordConfirmation', event.currentTarget.value)}
        onBlur={() => onTouch('passwordConfirmation')}
        error={touched.passwordConfirmation ? confirmationError(password, confirmation) : null}
      />
    </Stack>
  );
}
