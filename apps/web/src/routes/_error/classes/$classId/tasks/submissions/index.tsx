import { createFileRoute } from '@tanstack/react-router';
import { LegacySubmissionsNotice } from '../../../../../../features/dev';
import { de } from '../../../../../../i18n/de';

export const Route = createFileRoute('/_error/classes/$classId/tasks/submissions/')({
  component: RouteComponent,
});

function RouteComponent() {
  const { classId } = Route.useParams();
  return <LegacySubmissionsNotice classId={classId} title={de.titles.taskSubmissions} />;
}
