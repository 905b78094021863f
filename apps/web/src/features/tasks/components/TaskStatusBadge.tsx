import type { TaskStatus } from '@app/contract';
import { Badge } from '@mantine/core';
import { de } from '../../../i18n/de';

const colorByStatus: Record<TaskStatus, string> = { draft: 'gray', published: 'teal', closed: 'orange' };

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge color={colorByStatus[status]} variant="light">
      {de.tasks.status[status]}
    </Badge>
  );
}
