import type { CreateStudentsResponse } from '@app/contract';
import { Alert, Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import classes from './StudentCredentials.module.css';

export type StudentLogin = Pick<CreateStudentsResponse['students'][number], 'name' | 'email' | 'password'>;

interface StudentCredentialsProps {
  className: string;
  logins: StudentLogin[];
  onClose: () => void;
}

/**
 * The logins of freshly created student accounts, shown this once (the server keeps no plain passwords) with a
 * warning, printable as a list ("Drucken": only the list goes on paper). Closing asks first.
 */
export function StudentCredentials({ className, logins, onClose }: StudentCredentialsProps) {
  const t = de.students.credentials;
  const [confirmClose, setConfirmClose] = useState(false);
  const [printing, setPrinting] = useState(false);

  // The print sheet exists only while printing ("Drucken" or the browser's own print command): on screen
  // the list is there once, for the eye and the screen reader.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const table = (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.name}</Table.Th>
          <Table.Th>{t.email}</Table.Th>
          <Table.Th>{t.password}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {logins.map((login) => (
          <Table.Tr key={login.email}>
            <Table.Td>{login.name}</Table.Td>
            <Table.Td className={classes.login}>{login.email}</Table.Td>
            <Table.Td className={classes.secret}>{login.password}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="student-credentials"
      bg="var(--mantine-color-body)"
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="student-credentials">
          {t.heading}
        </Title>
        <Alert color="orange" title={t.warningTitle} role="alert">
          {t.warning}
        </Alert>
        <Table.ScrollContainer minWidth={420}>{table}</Table.ScrollContainer>
        <Group>
          <Button onClick={() => window.print()}>{t.print}</Button>
          <Button variant="default" onClick={() => setConfirmClose(true)}>
            {t.close}
          </Button>
        </Group>
      </Stack>
      {printing &&
        createPortal(
          <div className={classes.sheet}>
            <h1>{t.printHeading(className)}</h1>
            {table}
          </div>,
          document.body,
        )}
      <ConfirmDialog
        opened={confirmClose}
        title={t.closeTitle}
        text={t.closeText}
        confirmLabel={t.closeConfirm}
        color="orange"
        onCancel={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          onClose();
        }}
      />
    </Paper>
  );
}
