import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../../components/UnderConstruction';
import { de } from '../../../../../../i18n/de';

export const Route = createFileRoute('/_content/classes/$classId/tasks/$taskId/')({
  component: TaskPage,
});

function TaskPage() {
  return <UnderConstruction title={de.titles.task} />;
}
