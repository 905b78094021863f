import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../components/UnderConstruction';
import { de } from '../../../../i18n/de';

export const Route = createFileRoute('/_default/old/$taskId/')({
  component: OldTaskPage,
});

function OldTaskPage() {
  return <UnderConstruction title={de.titles.oldTask} />;
}
