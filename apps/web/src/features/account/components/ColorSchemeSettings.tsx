import { COLOR_SCHEME_PREFERENCES, type ColorSchemePreference, type Profile } from '@app/contract';
import { SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import { toastApiError } from '../../../lib/toast';
import { rememberColorScheme } from '../colorSchemeStorage';
import { saveColorSchemePreference } from '../queries';

const isPreference = (value: string): value is ColorSchemePreference =>
  (COLOR_SCHEME_PREFERENCES as readonly string[]).includes(value);

/** Light, dark or the system's mode: applied at once, kept in the profile for every device. */
export function ColorSchemeSettings({ profile }: { profile: Profile | null }) {
  const t = de.account.colorScheme;
  const queryClient = useQueryClient();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();

  const choose = (value: string) => {
    if (!isPreference(value)) return;
    setColorScheme(value);
    rememberColorScheme(value);
    saveColorSchemePreference(queryClient, profile, value).catch((error: unknown) =>
      toastApiError(error, t.saveFailed),
    );
  };

  return (
    <Stack gap="xs">
      <Text id={labelId} fw={500} size="sm">
        {t.label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        // What is applied: the profile's mode once loaded (ProfileColorScheme), else this browser's.
        value={colorScheme}
        onChange={choose}
        data={COLOR_SCHEME_PREFERENCES.map((value) => ({ value, label: t[value] }))}
        w={{ base: '100%', xs: 'auto' }}
        maw={420}
      />
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
    </Stack>
  );
}
