import type { ClassInvitation } from '@app/contract';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { de } from '../../../i18n/de';
import { useRealtimeEvents } from '../../../lib/events';
import {
  classInvitationsQueryOptions,
  useAcceptClassInvitation,
  useDeclineClassInvitation,
} from '../queries';

const t = de.sharing.invitations;

/**
 * The invitations to colleagues' classes at the top of `/classes` (co-teaching): class, grade, subject, who
 * invited and the role, with "Annehmen" (the class joins the list) and "Ablehnen". Nothing while there is
 * none; the list below works without them when they cannot be loaded.
 */
export function ClassInvitations() {
  const { data } = useQuery(classInvitationsQueryOptions);
  const accept = useAcceptClassInvitation();
  const decline = useDeclineClassInvitation();
  // An invitation that arrives while the list is open shows at once (lib/events.ts).
  useRealtimeEvents();

  const invitations = data?.invitations ?? [];
  if (invitations.length === 0) return null;
  const busy = (invitation: ClassInvitation) =>
    (accept.isPending && accept.variables.class_id === invitation.class_id) ||
    (decline.isPending && decline.variables.class_id === invitation.class_id);

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="class-invitations"
      bg="var(--mantine-color-blue-light)"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="class-invitations">
            {t.heading}
          </Title>
          <Text size="sm">{t.intro}</Text>
        </Stack>
        {/* Two columns only from md: on a tablet the navbar leaves too little room for two (the badges and
            buttons would wrap into a narrow column beside an empty one). */}
        <SimpleGrid cols={{ base: 1, md: 2 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {invitations.map((invitation) => (
            <Paper
              key={invitation.class_id}
              withBorder
              p="sm"
              component="li"
              data-invitation-class-id={invitation.class_id}
              aria-busy={busy(invitation) || undefined}
            >
              <Stack gap="xs">
                <Stack gap={4}>
                  <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                    {invitation.class_name}
                  </Text>
                  <Group gap={6}>
                    <Badge variant="light">{de.classes.gradeBadge(invitation.grade)}</Badge>
                    <Badge variant="light" color="gray">
                      {invitation.subject_name || de.classes.unknownSubject}
                    </Badge>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t.from(invitation.invited_by_name.trim())}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t.role(invitation.role)}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    loading={accept.isPending && accept.variables.class_id === invitation.class_id}
                    disabled={busy(invitation)}
                    aria-label={t.acceptLabel(invitation.class_name)}
                    onClick={() => accept.mutate(invitation)}
                  >
                    {t.accept}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={busy(invitation)}
                    aria-label={t.declineLabel(invitation.class_name)}
                    onClick={() => decline.mutate(invitation)}
                  >
                    {t.decline}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
