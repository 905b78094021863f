import { createFileRoute } from '@tanstack/react-router';
import { DevCompetenceGenerationPage } from '../../../features/rubrics';

export const Route = createFileRoute('/_default/dev/competenceGenerationStep')({
  component: DevCompetenceGenerationPage,
});
