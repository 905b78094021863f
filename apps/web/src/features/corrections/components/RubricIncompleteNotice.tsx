import { ZRubricIncompleteDetails, type RubricIncompleteDetails } from '@app/contract';
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

const t = de.corrections.rubricIncomplete;

/** The missing levels of the last correction request of the task, when the rubric was incomplete. */
function useRubricIncomplete(taskId: string): RubricIncompleteDetails | null {
  const errors = useMutationState({
    filters: { mutationKey: queryKeys.corrections.request(taskId) },
    select: (mutation) => mutation.state.error,
  });
  const last = errors.at(-1);
  if (!(last instanceof ApiError) || last.code !== 'CORRECTION_RUBRIC_INCOMPLETE') return null;
  const details = ZRubricIncompleteDetails.safeParse(last.details);
  return details.success ? details.data : null;
}

/**
 * Above the submissions table, after a correction was refused for missing levels: which skill lacks a level
 * for which scores, and the way to the rubric editor on the same page. Closing it forgets the refusal.
 */
export function RubricIncompleteNotice({ taskId }: { taskId: string }) {
  const queryClient = useQueryClient();
  const details = useRubricIncomplete(taskId);
  const titleId = useId();
  if (!details) return null;
  const close = () => {
    const cache = queryClient.getMutationCache();
    for (const mutation of cache.findAll({ mutationKey: queryKeys.corrections.request(taskId) }))
      cache.remove(mutation);
  };
  return (
    <Alert
      color="orange"
      role="alert"
      aria-labelledby={titleId}
      title={<span id={titleId}>{t.title}</span>}
      withCloseButton
      closeButtonLabel={t.close}
      onClose={close}
    >
      <Stack gap={6}>
        <Text size="sm">{t.intro}</Text>
        <List size="sm">
          {details.skills.map((skill) => (
            <List.Item key={skill.skillId}>{t.skill(skill.name, skill.scores)}</List.Item>
          ))}
        </List>
        <Anchor
          href="#task-rubric"
          size="sm"
          onClick={() => document.getElementById('task-rubric')?.scrollIntoView?.({ block: 'start' })}
        >
          {t.link}
        </Anchor>
      </Stack>
    </Alert>
  );
}
