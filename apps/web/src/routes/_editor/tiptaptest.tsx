import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_editor/tiptaptest')({
  component: TiptapTestPage,
});

function TiptapTestPage() {
  return <UnderConstruction title={de.titles.tiptapTest} />;
}
