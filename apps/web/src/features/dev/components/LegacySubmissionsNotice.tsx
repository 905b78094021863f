import { Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';

const t = de.dev.legacy;

/**
 * `/classes/{classId}/tasks/submissions` and `…/{id}` (error layout, PRODUCT.md §2): addresses of the original
 * product without a task; they say where the submissions are now and lead back to the class.
 */
export function LegacySubmissionsNotice({ classId, title }: { classId: string; title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="sm" maw={560} role="note" aria-labelledby="legacy-heading">
      <Title order={1} id="legacy-heading">
        {t.heading}
      </Title>
      <Text>{t.text}</Text>
      <div>
        <ButtonLink to="/classes/$classId" params={{ classId }}>
          {t.toClass}
        </ButtonLink>
      </div>
    </Stack>
  );
}
