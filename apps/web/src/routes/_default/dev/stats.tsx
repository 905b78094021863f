import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../components/UnderConstruction';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_default/dev/stats')({
  component: StatsPage,
});

function StatsPage() {
  return <UnderConstruction title={de.titles.devStats} />;
}
