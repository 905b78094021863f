import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../../components/UnderConstruction';
import { de } from '../../../../../../i18n/de';

export const Route = createFileRoute('/_error/classes/$classId/tasks/submissions/')({
  component: TaskSubmissionsPage,
});

function TaskSubmissionsPage() {
  return <UnderConstruction title={de.titles.taskSubmissions} />;
}
