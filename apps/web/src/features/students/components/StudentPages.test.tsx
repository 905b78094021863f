import type { ClassStudent } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { createTeacherApi, makeClass, makeSubject } from '../../../test/teacherApi';

const lea: ClassStudent = {
  user_id: '00000000-0000-4000-8000-0000000000c1',
  first_name: 'Lea',
  last_name: 'Sommer',
};

function twoClasses() {
  const subject = makeSubject();
  const from = makeClass({ name: '7a', subject_id: subject.id, updated_at: '2025-01-02T00:00:00.000Z' });
  const to = makeClass({ name: '8a', subject_id: subject.id, updated_at: '2025-01-01T00:00:00.000Z' });
  const api = createTeacherApi({
    subjects: [subject],
    classes: [from, to],
    students: { [from.id]: [lea] },
  }).install();
  return { api, from, to };
}

describe('One student account at /createStudent', () => {
  it('creates the account in the chosen class and shows its login once', async () => {
    const { api, to } = twoClasses();
    await renderApp(`/createStudent?classId=${to.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Schüler erstellen' })).toBeTruthy();
    expect(document.title).toBe('Schüler erstellen');
    await user.type(screen.getByRole('textbox', { name: de.students.single.firstName }), 'Mia');
    await user.type(screen.getByRole('textbox', { name: de.students.single.lastName }), 'Kern');
    await user.type(screen.getByRole('textbox', { name: /^E-Mail-Adresse/ }), 'Mia.Kern@Schule.de');
    const password = screen.getByLabelText<HTMLInputElement>(/^Passwort/, { selector: 'input' }).value;
    expect(password).toMatch(/^[A-Z][a-z]{3}-[A-Z][a-z]{3}-[A-Z][a-z]{3}-\d\d$/);
    await user.click(screen.getByRole('button', { name: de.students.single.submit }));

    expect(await screen.findByText(de.students.single.created)).toBeTruthy();
    const logins = within(await screen.findByRole('region', { name: de.students.credentials.heading }));
    expect(logins.getByText('Mia Kern')).toBeTruthy();
    expect(logins.getByText('mia.kern@schule.de')).toBeTruthy();
    expect(logins.getByText(password)).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        path: '/api/createStudent',
        body: {
          class_id: to.id,
          email: 'mia.kern@schule.de',
          password,
          first_name: 'Mia',
          last_name: 'Kern',
        },
      }),
    );
  });

  it('checks the address and the password rules before sending', async () => {
    const { api, to } = twoClasses();
    await renderApp(`/createStudent?classId=${to.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByRole('textbox', { name: /^E-Mail-Adresse/ }), 'keine-adresse');
    const password = screen.getByLabelText(/^Passwort/, { selector: 'input' });
    await user.clear(password);
    await user.type(password, 'kurz');
    await user.click(screen.getByRole('button', { name: de.students.single.submit }));

    expect(await screen.findByText(de.students.single.emailInvalid)).toBeTruthy();
    expect(screen.getByText('Das Passwort muss mindestens 8 Zeichen lang sein')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('Taking a student into another class at /joinClass', () => {
  it('puts a student of one class into the class of the join code', async () => {
    const { api, to } = twoClasses();
    const token = (await (await fetch(`/api/classes/${to.id}/token`)).json()) as { join_token: string };
    await renderApp(`/joinClass?token=${token.join_token}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    expect(document.title).toBe(de.titles.joinClass);
    const code = await screen.findByRole('textbox', { name: /^Klassen-Code/ });
    expect((code as HTMLInputElement).value).toBe(
      `${token.join_token.slice(0, 5)}-${token.join_token.slice(5)}`,
    );
    await user.click(screen.getByRole('textbox', { name: de.joinClass.fromClass }));
    await user.click(await screen.findByRole('option', { name: '7a', hidden: true }));
    await user.click(screen.getByRole('textbox', { name: de.joinClass.student }));
    await user.click(await screen.findByRole('option', { name: 'Lea Sommer', hidden: true }));
    await user.click(screen.getByRole('button', { name: de.joinClass.submit }));

    expect(await screen.findAllByText('Schüler wurde der Klasse hinzugefügt')).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: `${de.joinClass.toClass} 8a` }).getAttribute('href')).toBe(
      `/classes/${to.id}`,
    );
    expect(api.db.students[to.id]?.map((s) => s.user_id)).toEqual([lea.user_id]);
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        path: '/api/join_class',
        body: { student_user_id: lea.user_id, p_token: token.join_token },
      }),
    );
  });

  it('says clearly when the join code is wrong or was replaced', async () => {
    const { from } = twoClasses();
    await renderApp('/joinClass', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByRole('textbox', { name: /^Klassen-Code/ }), 'abcde-fghjk');
    await user.click(screen.getByRole('textbox', { name: de.joinClass.fromClass }));
    await user.click(await screen.findByRole('option', { name: from.name, hidden: true }));
    await user.click(screen.getByRole('textbox', { name: de.joinClass.student }));
    await user.click(await screen.findByRole('option', { name: 'Lea Sommer', hidden: true }));
    await user.click(screen.getByRole('button', { name: de.joinClass.submit }));

    expect(await screen.findByText(de.errors.JOIN_TOKEN_INVALID)).toBeTruthy();
  });
});

describe('The join code at /showClassToken', () => {
  it('shows the code large with a QR code of the join link', async () => {
    const { to } = twoClasses();
    await renderApp(`/showClassToken?classId=${to.id}`, { signedInAs: 'teacher' });

    const code = await screen.findByTestId('join-token-large');
    expect(code.textContent).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(screen.getByRole('img', { name: de.showClassToken.qrLabel('8a') }).tagName.toLowerCase()).toBe(
      'svg',
    );
    const link = screen.getByRole('link', { name: /\/joinClass\?token=/ });
    await waitFor(() =>
      expect(link.getAttribute('href')).toBe(
        `http://localhost:3000/joinClass?token=${code.textContent?.replace('-', '')}`,
      ),
    );
    expect(document.title).toBe(de.titles.showClassToken);
  });

  it('asks for a class when none is given', async () => {
    twoClasses();
    await renderApp('/showClassToken', { signedInAs: 'teacher' });

    expect(await screen.findByText(de.showClassToken.missingClass)).toBeTruthy();
  });
});
