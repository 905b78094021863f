import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_none/createStudent')({
  component: CreateStudentPage,
});

function CreateStudentPage() {
  return <UnderConstruction title={de.titles.createStudent} />;
}
