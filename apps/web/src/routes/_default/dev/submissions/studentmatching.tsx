import { createFileRoute } from '@tanstack/react-router';
import { DevStudentMatchingPage } from '../../../../features/dev';

export const Route = createFileRoute('/_default/dev/submissions/studentmatching')({
  component: DevStudentMatchingPage,
});
