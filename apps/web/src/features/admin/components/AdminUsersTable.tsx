import { USER_ROLES, type AdminUser } from '@app/contract';
import { Badge, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { useSession } from '../../auth';
import { GrantCoinsButton } from '../../notifications';
import { adminUsersQueryOptions, useChangeUserRole, useDeleteUser, useSendPasswordReset } from '../queries';

const dateFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(value: string | null): string {
  return value ? dateFormat.format(new Date(value)) : de.admin.users.never;
}

/** `/admin/users`: every account with its roles; grant and revoke roles, send a reset link, delete. */
export function AdminUsersTable() {
  const { data } = useSuspenseQuery(adminUsersQueryOptions);
  const { session } = useSession();
  const changeRole = useChangeUserRole();
  const sendReset = useSendPasswordReset();
  const deleteUser = useDeleteUser();
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const myId = session?.user?.id;

  if (data.users.length === 0) return <Text c="dimmed">{de.admin.users.empty}</Text>;

  const confirmDelete = () => {
    if (toDelete) deleteUser.mutate({ id: toDelete.id, email: toDelete.email });
    setToDelete(null);
  };

  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{de.admin.users.email}</Table.Th>
              <Table.Th>{de.admin.users.status}</Table.Th>
              <Table.Th>{de.admin.users.createdAt}</Table.Th>
              <Table.Th>{de.admin.users.lastSignIn}</Table.Th>
              <Table.Th>{de.admin.users.roles}</Table.Th>
              <Table.Th>{de.admin.users.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.users.map((user) => {
              const isMe = user.id === myId;
              return (
                <Table.Tr key={user.id} data-user-id={user.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{user.email}</Text>
                      {isMe && (
                        <Badge size="xs" variant="light">
                          {de.admin.users.you}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={user.email_confirmed_at ? 'teal' : 'gray'} variant="light">
                      {user.email_confirmed_at ? de.admin.users.confirmed : de.admin.users.unconfirmed}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(user.created_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(user.last_sign_in_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      {USER_ROLES.map((role) => (
                        <Checkbox
                          key={role}
                          size="xs"
                          label={de.roles[role]}
                          aria-label={de.admin.users.roleToggle(de.roles[role], user.email)}
                          checked={user.roles.includes(role)}
                          // Nobody locks themselves out of the admin pages.
                          disabled={isMe && role === 'organization_member'}
                          onChange={(event) =>
                            changeRole.mutate({ user, role, grant: event.currentTarget.checked })
                          }
                        />
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {/* Wrapping: the whole table fits a laptop's width, without scrolling to the buttons. */}
                    <Group gap="xs" wrap="wrap">
                      <Button
                        size="xs"
                        variant="default"
                        loading={sendReset.isPending && sendReset.variables.email === user.email}
                        onClick={() => sendReset.mutate({ email: user.email })}
                      >
                        {de.admin.users.resetPassword}
                      </Button>
                      <GrantCoinsButton userId={user.id} email={user.email} />
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        disabled={isMe}
                        aria-label={de.admin.users.deleteLabel(user.email)}
                        onClick={() => setToDelete(user)}
                      >
                        {de.admin.users.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={de.admin.users.deleteTitle}
        centered
      >
        <Stack gap="md">
          <Text>{toDelete ? de.admin.users.deleteText(toDelete.email) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {de.admin.users.cancel}
            </Button>
            <Button color="red" onClick={confirmDelete}>
              {de.admin.users.deleteConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
