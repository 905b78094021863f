import { List, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { de } from '../../../i18n/de';
import { adminPermissionsQueryOptions, adminRolesQueryOptions } from '../queries';

/** `/admin/rights`: the roles (`getAllRoles`) and what each may do (`getAllPermissions`). */
export function AdminRights() {
  const { data: roles } = useSuspenseQuery(adminRolesQueryOptions);
  const { data: permissions } = useSuspenseQuery(adminPermissionsQueryOptions);

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2}>{de.admin.rights.roles}</Title>
        {roles.roles.length === 0 ? (
          <Text c="dimmed">{de.admin.rights.none}</Text>
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{de.admin.rights.role}</Table.Th>
                <Table.Th>{de.admin.rights.description}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.roles.map((entry) => (
                <Table.Tr key={entry.role}>
                  <Table.Td>
                    <Text fw={600}>{de.roles[entry.role]}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {entry.role}
                    </Text>
                  </Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2}>{de.admin.rights.permissions}</Title>
        {permissions.permissions.length === 0 && <Text c="dimmed">{de.admin.rights.none}</Text>}
        {permissions.permissions.map((entry) => (
          <Stack key={entry.role} gap={4}>
            <Title order={3} size="h5">
              {de.roles[entry.role]}
            </Title>
            <List size="sm" spacing={2}>
              {entry.permissions.map((permission) => (
                <List.Item key={permission}>{permission}</List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
