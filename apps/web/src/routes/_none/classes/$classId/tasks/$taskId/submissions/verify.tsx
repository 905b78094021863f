import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../../../components/UnderConstruction';
import { de } from '../../../../../../../i18n/de';

export const Route = createFileRoute('/_none/classes/$classId/tasks/$taskId/submissions/verify')({
  component: SubmissionsVerifyPage,
});

function SubmissionsVerifyPage() {
  return <UnderConstruction title={de.titles.submissionsVerify} />;
}
