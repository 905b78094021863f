import { Paper, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { BulkStudentsForm } from './BulkStudentsForm';
import { CreateStudentForm } from './CreateStudentForm';
import { StudentCredentials, type StudentLogin } from './StudentCredentials';

/**
 * Adding students to a class: a pasted list of names (one account each, logins generated) or one account by
 * hand. The new logins are shown once, above the forms, until the teacher closes them.
 */
export function AddStudents({ classId, className }: { classId: string; className: string }) {
  const [logins, setLogins] = useState<StudentLogin[] | null>(null);
  const show = (created: StudentLogin[]) => setLogins((current) => [...(current ?? []), ...created]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-students">
      <Stack gap="sm">
        <Title order={2} size="h4" id="add-students">
          {de.students.addHeading}
        </Title>
        {logins && (
          <StudentCredentials className={className} logins={logins} onClose={() => setLogins(null)} />
        )}
        <Tabs defaultValue="bulk" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="bulk">{de.students.bulkTab}</Tabs.Tab>
            <Tabs.Tab value="single">{de.students.singleTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="bulk" pt="sm">
            <BulkStudentsForm classId={classId} onCreated={show} />
          </Tabs.Panel>
          <Tabs.Panel value="single" pt="sm">
            <CreateStudentForm classId={classId} onCreated={(login) => show([login])} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
