import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../components/UnderConstruction';
import { de } from '../../../../i18n/de';

export const Route = createFileRoute('/_content/classes/$classId/')({
  component: ClassPage,
});

function ClassPage() {
  return <UnderConstruction title={de.titles.class} />;
}
