import type { ClassStudent } from '@app/contract';
import { de } from '../../i18n/de';

/** "Vorname Nachname" of a student; students without a profile name show as 'Ohne Namen'. */
export function studentName(student: Pick<ClassStudent, 'first_name' | 'last_name'>): string {
  return [student.first_name, student.last_name].filter(Boolean).join(' ') || de.classes.students.unnamed;
}
