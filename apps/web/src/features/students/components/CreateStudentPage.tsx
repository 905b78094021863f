import { classAccessAllows } from '@app/contract';
import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { classesQueryOptions } from '../../classes/queries';
import { CreateStudentForm } from './CreateStudentForm';
import { StudentCredentials, type StudentLogin } from './StudentCredentials';

/**
 * `/createStudent` (title 'Schüler erstellen', no layout): one student account in one of the classes the
 * teacher may manage (their own, and colleagues' they manage: co-teaching).
 */
export function CreateStudentPage({ classId }: { classId?: string }) {
  usePageTitle(de.titles.createStudent);
  const t = de.students.single;
  const { data: allClasses } = useSuspenseQuery(classesQueryOptions);
  const classes = allClasses.filter((cls) => classAccessAllows(cls.my_role, 'manage'));
  const [created, setCreated] = useState<{ logins: StudentLogin[]; classId: string } | null>(null);
  const preselected = classes.find((cls) => cls.id === classId);
  const createdIn = created ? classes.find((cls) => cls.id === created.classId) : undefined;
  const backTo = createdIn ?? preselected;

  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          {backTo ? (
            <AnchorLink to="/classes/$classId" params={{ classId: backTo.id }} size="sm">
              ← {t.backToClass}
            </AnchorLink>
          ) : (
            <AnchorLink to="/classes" size="sm">
              ← {de.classes.backToClasses}
            </AnchorLink>
          )}
          <Title order={1}>{de.titles.createStudent}</Title>
        </Stack>
        {created && (
          <StudentCredentials
            className={createdIn?.name ?? ''}
            logins={created.logins}
            onClose={() => setCreated(null)}
          />
        )}
        {classes.length === 0 ? (
          <Group>
            <Text>{t.noClasses}</Text>
            <ButtonLink to="/classes" variant="light">
              {t.toClasses}
            </ButtonLink>
          </Group>
        ) : (
          <Paper withBorder p="md">
            <CreateStudentForm
              classes={classes}
              initialClassId={preselected?.id}
              onCreated={(login, inClass) =>
                setCreated((current) =>
                  current && current.classId === inClass
                    ? { classId: inClass, logins: [...current.logins, login] }
                    : { classId: inClass, logins: [login] },
                )
              }
            />
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
