import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { toast } from '../lib/toast';
import { renderApp } from '../test/renderApp';
import { createTeacherApi } from '../test/teacherApi';

const LANDMARKS = ['banner', 'navigation', 'main', 'complementary', 'contentinfo', 'search'] as const;

/** The accessible name a landmark gets from aria-label or aria-labelledby ('' when it has none). */
function nameOf(element: HTMLElement): string {
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  const ids = element.getAttribute('aria-labelledby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** Landmarks of one role that share a name (or lack one while there are several): a screen reader cannot tell them apart. */
function ambiguousLandmarks(): string[] {
  const problems: string[] = [];
  for (const role of LANDMARKS) {
    const elements = screen.queryAllByRole(role);
    if (elements.length < 2) continue;
    const names = elements.map(nameOf);
    names.forEach((name, index) => {
      if (!name) problems.push(`${role} #${String(index + 1)} has no name`);
      else if (names.indexOf(name) !== index) problems.push(`${role} "${name}" twice`);
    });
  }
  return problems;
}

describe('Accessible names on the app shell', { timeout: 20_000 }, () => {
  it.each([
    ['the content layout', '/classes'],
    ['the default layout', '/notifications'],
  ])('gives every landmark of %s a unique name', async (_, path) => {
    createTeacherApi().install();
    await renderApp(path, { signedInAs: 'teacher' });
    await screen.findByRole('main');
    await waitFor(() => expect(screen.getAllByRole('navigation').length).toBeGreaterThan(0));
    expect(ambiguousLandmarks()).toEqual([]);
    expect(screen.getByRole('navigation', { name: de.nav.main })).toBeTruthy();
  });

  it('names the close button of a toast in German', async () => {
    createTeacherApi().install();
    await renderApp('/classes', { signedInAs: 'teacher' });
    act(() => {
      toast.success(de.toasts.subjects.created);
    });
    const element = (await screen.findByText(de.toasts.subjects.created)).closest<HTMLElement>(
      '[data-toast]',
    );
    expect(element).not.toBeNull();
    const close = within(element!).getByRole('button');
    expect(close.getAttribute('aria-label')).toBe(de.close.toast);
  });

  it('names the close button of the image dialog (and every dialog) in German', async () => {
    createTeacherApi().install();
    await renderApp('/tiptaptest', { signedInAs: 'organization_member' });
    const user = userEvent.setup({ delay: null });
    // The editor is a lazy chunk: on a busy machine it takes longer than findBy's default second.
    await user.click(
      await screen.findByRole('button', { name: de.editor.toolbar.image }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: de.editor.image.title }, { timeout: 5_000 });
    expect(within(dialog).getByRole('button', { name: de.close.dialog })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: de.close.dialog }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
