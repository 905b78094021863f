import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../components/UnderConstruction';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_student/submit/$taskId')({
  component: SubmitPage,
});

function SubmitPage() {
  return <UnderConstruction title={de.titles.submit} />;
}
