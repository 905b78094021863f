import { createFileRoute } from '@tanstack/react-router';
import { DevCompetenceGenerationPage } from '../../../features/rubrics/components/DevRubricPages';

export const Route = createFileRoute('/_default/dev/competenceGenerationStep')({
  component: DevCompetenceGenerationPage,
});
