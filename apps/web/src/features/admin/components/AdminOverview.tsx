import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { adminUsersQueryOptions } from '../queries';

/** `/admin`: how many accounts there are, how many wait for a role, and the way to the admin pages. */
export function AdminOverview() {
  const { data } = useSuspenseQuery(adminUsersQueryOptions);
  const waiting = data.users.filter((user) => user.roles.length === 0).length;

  return (
    <Stack gap="lg">
      <Text c="dimmed">{de.admin.overview.intro}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              <AnchorLink to="/admin/users">{de.admin.overview.users}</AnchorLink>
            </Title>
            <Text size="sm">{de.admin.overview.usersText}</Text>
            <Text size="sm" fw={600}>
              {de.admin.overview.userCount(data.users.length)} · {de.admin.overview.waitingCount(waiting)}
            </Text>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              <AnchorLink to="/admin/rights">{de.admin.overview.rights}</AnchorLink>
            </Title>
            <Text size="sm">{de.admin.overview.rightsText}</Text>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
