import { Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';

interface ErrorPageProps {
  header?: string | undefined;
  message?: string | undefined;
}

/** `/error?header=…&message=…`: where guards send people with a message (PRODUCT.md §2, §4). */
export function ErrorPage({ header, message }: ErrorPageProps) {
  const heading = header?.trim() || de.errorPage.defaultHeader;
  usePageTitle(heading);
  return (
    <Stack align="center" ta="center" gap="md">
      <Title order={1}>{heading}</Title>
      <Text>{message?.trim() || de.errorPage.defaultMessage}</Text>
      <ButtonLink to="/">{de.app.homeLink}</ButtonLink>
    </Stack>
  );
}
