import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from './i18n/de';
import { renderApp } from './test/renderApp';
import { createTeacherApi, makeClass, makeSubject, makeTask } from './test/teacherApi';

describe('routing', () => {
  it('shows header and message of the error page from the query', async () => {
    const message = 'Email link wurde bereits verwendet oder ist abgelaufen.';
    await renderApp(`/error?header=${encodeURIComponent('Hoppla!')}&message=${encodeURIComponent(message)}`);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Hoppla!');
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: de.app.homeLink }).getAttribute('href')).toBe('/');
  });

  it('falls back to a general heading and sentence on the error page without a query', async () => {
    await renderApp('/error');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(de.errorPage.defaultHeader);
    expect(screen.getByText(de.errorPage.defaultMessage)).toBeTruthy();
  });

  it('renders the German 404 page for an unknown path', async () => {
    await renderApp('/gibt-es-nicht/wirklich');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(de.notFound.heading);
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: de.app.homeLink }).getAttribute('href')).toBe('/');
    expect(document.title).toBe(de.titles.notFound);
  });

  it('renders the 404 page for an unknown path below a known layout', async () => {
    await renderApp('/classes/abc/tasks/def/unbekannt');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(de.notFound.heading);
  });

  it('sets the document title of a page', async () => {
    createTeacherApi().install();
    await renderApp('/notifications', { signedInAs: 'teacher' });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Die letzten Benachrichtigungen',
    );
    expect(document.title).toBe('Die letzten Benachrichtigungen');
  });

  it('routes a static segment before a parameter (tasks/new/:id is not tasks/:taskId)', async () => {
    const cls = makeClass();
    createTeacherApi({ classes: [cls] }).install();
    await renderApp(`/classes/${cls.id}/tasks/new/abc`, { signedInAs: 'teacher' });

    await waitFor(() => expect(document.title).toBe(de.titles.newTask));
    // No layout: no navigation bar.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('follows the system colour scheme unless a page forces one', async () => {
    const systemPrefersDark = (query: string) =>
      ({
        matches: query.includes('prefers-color-scheme: dark'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
    vi.spyOn(window, 'matchMedia').mockImplementation(systemPrefersDark);
    const colorScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

    const cls = makeClass();
    const task = makeTask({ class_id: cls.id });
    createTeacherApi({
      classes: [cls],
      subjects: [makeSubject({ id: cls.subject_id })],
      tasks: [task],
    }).install();
    const { router } = await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    expect(colorScheme()).toBe('dark');

    // The QR code page forces light mode (route staticData).
    await act(() =>
      router.navigate({
        to: '/classes/$classId/tasks/$taskId/qr',
        params: { classId: cls.id, taskId: task.id },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/qr$/));
    await waitFor(() => expect(colorScheme()).toBe('light'));

    await act(() => router.navigate({ to: '/classes' }));
    expect(colorScheme()).toBe('dark');
  });

  it('shows the landing page with links to sign in, register and the demo', async () => {
    await renderApp('/');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(de.app.name);
    expect(screen.getByRole('link', { name: de.app.login }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: de.app.register }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: de.app.demo }).getAttribute('href')).toBe('/demo');
  });
});
