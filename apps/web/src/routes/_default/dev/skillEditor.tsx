import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../components/UnderConstruction';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_default/dev/skillEditor')({
  component: SkillEditorPage,
});

function SkillEditorPage() {
  return <UnderConstruction title={de.titles.devSkillEditor} />;
}
