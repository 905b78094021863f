import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../../components/UnderConstruction';
import { de } from '../../../../../../i18n/de';

export const Route = createFileRoute('/_none/classes/$classId/tasks/new/$id')({
  component: NewTaskPage,
});

function NewTaskPage() {
  return <UnderConstruction title={de.titles.newTask} />;
}
