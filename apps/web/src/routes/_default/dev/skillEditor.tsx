import { createFileRoute } from '@tanstack/react-router';
import { DevSkillEditorPage } from '../../../features/rubrics';

export const Route = createFileRoute('/_default/dev/skillEditor')({
  component: DevSkillEditorPage,
});
