import { createFileRoute } from '@tanstack/react-router';
import { DevSkillEditorPage } from '../../../features/rubrics/components/DevRubricPages';

export const Route = createFileRoute('/_default/dev/skillEditor')({
  component: DevSkillEditorPage,
});
