import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_center/demo')({
  component: DemoPage,
});

function DemoPage() {
  return <UnderConstruction title={de.titles.demo} />;
}
