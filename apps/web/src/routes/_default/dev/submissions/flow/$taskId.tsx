import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../components/UnderConstruction';
import { de } from '../../../../../i18n/de';

export const Route = createFileRoute('/_default/dev/submissions/flow/$taskId')({
  component: SubmissionFlowPage,
});

function SubmissionFlowPage() {
  return <UnderConstruction title={de.titles.devSubmissionFlow} />;
}
