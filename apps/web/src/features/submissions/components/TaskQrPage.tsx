import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { configQueryOptions } from '../../config/queries';
import { taskQueryOptions } from '../../tasks/queries';
import classes from './TaskQrPage.module.css';

const t = de.submissions.qr;

/** The public submit link of a task: `PUBLIC_URL` when the server publishes one, else this page's origin. */
function submitUrl(taskId: string, publicUrl: string | null | undefined): string {
  const base = (publicUrl || window.location.origin).replace(/\/+$/, '');
  return `${base}/submit/${encodeURIComponent(taskId)}`;
}

/**
 * `/classes/{classId}/tasks/{taskId}/qr` (no layout, always light): a large QR code of the submit link with
 * the task title and the link as text, for the projector or a printout.
 */
export function TaskQrPage({ classId, taskId }: { classId: string; taskId: string }) {
  usePageTitle(de.titles.taskQr);
  const { data: task } = useSuspenseQuery(taskQueryOptions(taskId));
  const { data: config } = useQuery(configQueryOptions);
  const url = submitUrl(taskId, config?.publicUrl);

  return (
    <Stack className={classes.page} align="center" gap="lg">
      <Group className={classes.noPrint} justify="space-between" w="100%">
        <ButtonLink variant="default" to="/classes/$classId/tasks/$taskId" params={{ classId, taskId }}>
          ← {t.back}
        </ButtonLink>
        <Button onClick={() => window.print()}>{t.print}</Button>
      </Group>
      <Title order={1} ta="center" className={classes.title}>
        {task.title}
      </Title>
      <Text ta="center" size="lg">
        {t.intro}
      </Text>
      <div className={classes.code}>
        <QRCodeSVG
          value={url}
          size={512}
          level="M"
          marginSize={2}
          title={t.codeLabel(url)}
          role="img"
          aria-label={t.codeLabel(url)}
          style={{ width: '100%', height: 'auto' }}
        />
      </div>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          {t.link}
        </Text>
        <Text component="code" className={classes.url} data-testid="submit-url">
          {url}
        </Text>
      </Stack>
    </Stack>
  );
}
