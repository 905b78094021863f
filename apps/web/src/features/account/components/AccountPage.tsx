import { avatarUrlOf, isDemoEmail } from '@app/contract';
import { Alert, Avatar, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ChangePasswordForm, useSession } from '../../auth';
import { ProfileSettings } from '../../registration';
import { profileQueryOptions } from '../queries';
import { ColorSchemeSettings } from './ColorSchemeSettings';
import { DeleteAccount } from './DeleteAccount';
import { ExportData } from './ExportData';

function Section({
  id,
  heading,
  children,
  danger = false,
}: {
  id: string;
  heading: string;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={`${id}-heading`}
      style={danger ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${id}-heading`} c={danger ? 'red' : undefined}>
          {heading}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function DemoLocked() {
  return (
    <Alert color="gray" variant="light">
      {de.errors.DEMO_ACCOUNT_LOCKED}
    </Alert>
  );
}

/** `/account` ('Preferences', PRODUCT.md §2): who is signed in, profile, colour mode, password, data. */
export function AccountPage() {
  usePageTitle(de.titles.account);
  const { session } = useSession();
  const email = session?.user?.email ?? '';
  const profile = useQuery(profileQueryOptions);
  const meta = profile.data?.meta_data;
  const name = meta ? `${meta.first_name} ${meta.last_name}`.trim() : '';
  const t = de.account;
  // Every visitor of the demo shares its logins: the server refuses these two, so the page does not offer them.
  const demo = isDemoEmail(email);

  return (
    <Stack gap="lg" maw={820}>
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar src={avatarUrlOf(meta, email)} alt={t.avatarAlt(name || email)} size={64} radius="xl" />
        <Stack gap={2} miw={0}>
          <Title order={1}>{de.titles.account}</Title>
          {name && <Text fw={500}>{name}</Text>}
          {email && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t.signedInAs(email)}
            </Text>
          )}
        </Stack>
      </Group>

      <Section id="account-profile" heading={de.registration.settings.heading}>
        <ProfileSettings />
      </Section>

      <Section id="account-color-scheme" heading={t.colorScheme.heading}>
        <ColorSchemeSettings profile={profile.data ?? null} />
      </Section>

      <Section id="account-password" heading={t.password.heading}>
        {demo ? (
          <DemoLocked />
        ) : (
          <ChangePasswordForm intro={t.password.intro} idPrefix="account-password" fullWidth={false} />
        )}
      </Section>

      <Section id="account-export" heading={t.export.heading}>
        <ExportData />
      </Section>

      <Divider />

      <Section id="account-delete" heading={t.delete.heading} danger>
        {demo ? <DemoLocked /> : <DeleteAccount email={email} />}
      </Section>
    </Stack>
  );
}
