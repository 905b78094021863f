import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../components/UnderConstruction';
import { de } from '../../../../i18n/de';

export const Route = createFileRoute('/_editor/old/$taskId/edit')({
  component: OldTaskEditPage,
});

function OldTaskEditPage() {
  return <UnderConstruction title={de.titles.oldTaskEdit} />;
}
