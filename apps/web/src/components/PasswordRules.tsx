import { passwordErrors } from '@app/contract';
import { List, Text, VisuallyHidden } from '@mantine/core';
import { de } from '../i18n/de';

const messages = de.auth.passwordMessages;
const RULES = [messages.tooShort, messages.noUppercase, messages.noLowercase, messages.noDigit] as const;

/**
 * The PRODUCT.md §5 password rules as a live checklist under the password field (rules from the contract).
 */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const broken = new Set(passwordErrors(password));
  return (
    <div id={id}>
      <Text size="sm" fw={500} mb={4}>
        {de.auth.passwordRules}
      </Text>
      <List size="sm" spacing={2} listStyleType="none" aria-live="polite">
        {RULES.map((rule) => {
          const met = !broken.has(rule);
          return (
            <List.Item key={rule} c={met ? 'teal' : 'dimmed'} data-met={met}>
              <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
              {rule}
              <VisuallyHidden> ({met ? de.auth.ruleMet : de.auth.ruleOpen})</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
