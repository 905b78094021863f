import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../components/links';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

/** The public landing page: kept small, it is the first chunk most visitors load. */
export function Landing() {
  usePageTitle(de.titles.home);
  return (
    <Container component="main" size="sm" py={96} px="md">
      <Stack gap="lg" align="flex-start">
        <Title order={1} fz={{ base: 40, sm: 56 }}>
          {de.app.name}
        </Title>
        <Text fz="lg" c="dimmed">
          {de.app.pitch}
        </Text>
        <Group gap="sm">
          <ButtonLink to="/login" size="md">
            {de.app.login}
          </ButtonLink>
          <ButtonLink to="/register" size="md" variant="light">
            {de.app.register}
          </ButtonLink>
          <ButtonLink to="/demo" size="md" variant="subtle">
            {de.app.demo}
          </ButtonLink>
        </Group>
      </Stack>
    </Container>
  );
}
