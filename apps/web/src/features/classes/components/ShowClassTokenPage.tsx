import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { configQueryOptions } from '../../config/queries';
import { classQueryOptions, classTokenQueryOptions } from '../queries';
import { formatJoinToken, joinClassUrl } from '../token';

/** `/showClassToken?classId=…` (no layout): the join code, large, with a QR code of the join link. */
export function ShowClassTokenPage({ classId }: { classId: string | undefined }) {
  usePageTitle(de.titles.showClassToken);
  if (!classId) {
    return (
      <Stack gap="md" align="flex-start" maw={560} mx="auto" py="xl">
        <Title order={1}>{de.titles.showClassToken}</Title>
        <Text>{de.showClassToken.missingClass}</Text>
        <ButtonLink to="/classes">{de.showClassToken.toClasses}</ButtonLink>
      </Stack>
    );
  }
  return <ClassToken classId={classId} />;
}

function ClassToken({ classId }: { classId: string }) {
  const t = de.showClassToken;
  const { data: cls } = useSuspenseQuery(classQueryOptions(classId));
  const { data: token } = useSuspenseQuery(classTokenQueryOptions(classId));
  const { data: config } = useSuspenseQuery(configQueryOptions);
  const link = joinClassUrl(config.publicUrl, token.join_token);
  const code = formatJoinToken(token.join_token);

  return (
    <Stack gap="lg" align="center" py="md">
      <Group w="100%" maw={900}>
        <AnchorLink to="/classes/$classId" params={{ classId }} size="sm">
          ← {t.backToClass}
        </AnchorLink>
      </Group>
      <Title order={1} ta="center">
        {t.heading(cls.name)}
      </Title>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          {t.codeLabel}
        </Text>
        <Text
          ff="monospace"
          fw={800}
          lts={4}
          style={{ fontSize: 'clamp(2.5rem, 9vw, 6rem)', lineHeight: 1.1 }}
          aria-label={`${t.codeLabel}: ${token.join_token.split('').join(' ')}`}
          data-testid="join-token-large"
        >
          {code}
        </Text>
      </Stack>
      <Paper p="lg" withBorder bg="white">
        <Center>
          <QRCodeSVG
            value={link}
            size={320}
            level="M"
            marginSize={2}
            title={t.qrLabel(cls.name)}
            role="img"
            aria-label={t.qrLabel(cls.name)}
            style={{ width: 'min(320px, 70vw)', height: 'auto' }}
          />
        </Center>
      </Paper>
      <Text size="sm" c="dimmed" ta="center">
        {t.linkLabel}:{' '}
        <Anchor href={link} style={{ wordBreak: 'break-all' }}>
          {link}
        </Anchor>
      </Text>
    </Stack>
  );
}
