import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { classTokenQueryOptions, useRotateClassToken } from '../queries';
import { formatJoinToken } from '../token';

/** The class's join code: shown, enlarged with a QR code on /showClassToken, or replaced by a new one. */
export function JoinTokenCard({ classId }: { classId: string }) {
  const t = de.classes.token;
  const { data } = useSuspenseQuery(classTokenQueryOptions(classId));
  const rotate = useRotateClassToken();
  const [confirm, setConfirm] = useState(false);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="class-token">
      <Stack gap="sm">
        <Title order={2} size="h4" id="class-token">
          {t.heading}
        </Title>
        <Text
          ff="monospace"
          fz={28}
          fw={700}
          lts={2}
          aria-label={`${t.heading}: ${data.join_token.split('').join(' ')}`}
          data-testid="join-token"
        >
          {formatJoinToken(data.join_token)}
        </Text>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        <Group gap="xs">
          <ButtonLink to="/showClassToken" search={{ classId }} size="xs" variant="light">
            {t.show}
          </ButtonLink>
          <ButtonLink to="/joinClass" search={{ token: data.join_token }} size="xs" variant="default">
            {t.join}
          </ButtonLink>
          <Button
            size="xs"
            variant="subtle"
            color="orange"
            loading={rotate.isPending}
            onClick={() => setConfirm(true)}
          >
            {t.rotate}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={t.rotateTitle}
        text={t.rotateText}
        confirmLabel={t.rotateConfirm}
        color="orange"
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          rotate.mutate(classId);
        }}
      />
    </Paper>
  );
}
