import { useSuspenseQuery } from '@tanstack/react-query';
import { classesQueryOptions } from '../features/classes/queries';
import { SubjectsView } from '../features/subjects';

/** `/subjects`: the subjects with how many classes use each (a class names its subject, not the other way). */
export function SubjectsPage() {
  const { data: classes } = useSuspenseQuery(classesQueryOptions);
  const classCount = (subjectId: string) => classes.filter((cls) => cls.subject_id === subjectId).length;
  return <SubjectsView classCount={classCount} />;
}
