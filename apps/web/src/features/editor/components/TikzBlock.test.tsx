import type { TaskData } from '@app/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import TaskContent from './TaskContent';
import TaskEditor from './TaskEditor';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>';

/** The API's answers: a picture for `\draw`, the TeX error of the contract for anything else. */
function stubRenderApi() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(input).toBe('/api/render-tikz');
    const { tikzCode } = JSON.parse(init?.body as string) as { tikzCode: string };
    calls.push(tikzCode);
    if (tikzCode.includes('\\draw')) return Response.json({ svg: SVG });
    return Response.json(
      {
        error: {
          code: 'TIKZ_TEX_ERROR',
          message: 'Die TikZ-Grafik enthält einen Fehler und konnte nicht gesetzt werden.',
          details: { texError: 'Undefined control sequence.' },
        },
        requestId: 'r1',
      },
      { status: 422 },
    );
  });
  return calls;
}

function renderEditor(initialContent: TaskData | null = null) {
  const onChange = vi.fn<(data: TaskData | null) => void>();
  render(
    <MantineProvider>
      <span id="label">{de.tasks.content}</span>
      <TaskEditor initialContent={initialContent} onChange={onChange} labelId="label" />
    </MantineProvider>,
  );
  return { onChange, textbox: screen.getByRole('textbox', { name: de.tasks.content }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('The TikZ block of the task editor', () => {
  it(
    'previews the picture from the server, shows a TeX error in German and stores source and SVG',
    { timeout: 20_000 },
    async () => {
      const calls = stubRenderApi();
      const { onChange, textbox } = renderEditor();
      const user = userEvent.setup({ delay: null });

      await user.click(screen.getByRole('button', { name: de.tikz.toolbar }));
      const dialog = await screen.findByRole('dialog', { name: de.tikz.insertTitle });
      const input = within(dialog).getByLabelText(de.tikz.source);

      await user.type(input, '\\foo');
      expect(await within(dialog).findByText(de.tikz.texError('Undefined control sequence.'))).toBeTruthy();
      expect(within(dialog).getByText(/enthält einen Fehler/)).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: de.tikz.insert })).toHaveProperty('disabled', true);

      await user.clear(input);
      await user.type(input, '\\draw (0,0) -- (1,1);');
      const picture = await within(dialog).findByRole('img', { name: de.tikz.pictureLabel });
      expect(picture.querySelector('svg path')).not.toBeNull();
      // Debounced: not one request per keystroke.
      expect(calls.length).toBeLessThan(5);
      expect(calls.at(-1)).toBe('\\draw (0,0) -- (1,1);');

      await user.click(within(dialog).getByRole('button', { name: de.tikz.insert }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const data = onChange.mock.lastCall?.[0] as { content: Array<{ type: string; attrs?: unknown }> };
      expect(data.content.find((node) => node.type === 'tikz')?.attrs).toEqual({
        source: '\\draw (0,0) -- (1,1);',
        svg: SVG,
      });
      expect(textbox.querySelector('[data-tikz] svg path')).not.toBeNull();
    },
  );

  it('opens a stored picture for editing by a click and removes it', async () => {
    stubRenderApi();
    const { onChange, textbox } = renderEditor({
      type: 'doc',
      content: [{ type: 'tikz', attrs: { source: '\\draw (0,0);', svg: SVG } }, { type: 'paragraph' }],
    });
    const user = userEvent.setup({ delay: null });

    await user.click(textbox.querySelector('[data-tikz]')!);
    const dialog = await screen.findByRole('dialog', { name: de.tikz.editTitle });
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(de.tikz.source).value).toBe('\\draw (0,0);');
    await user.click(within(dialog).getByRole('button', { name: de.tikz.remove }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const data = onChange.mock.lastCall?.[0];
    expect(JSON.stringify(data ?? null)).not.toContain('tikz');
  });

  it('shows the stored picture read-only, and the source when there is none', () => {
    render(
      <MantineProvider>
        <TaskContent
          label={de.tasks.content}
          data={{
            type: 'doc',
            content: [
              { type: 'tikz', attrs: { source: '\\draw (0,0);', svg: SVG } },
              { type: 'tikz', attrs: { source: '\\kaputt', svg: null } },
            ],
          }}
        />
      </MantineProvider>,
    );
    const content = screen.getByRole('document', { name: de.tasks.content });
    expect(
      within(content).getByRole('img', { name: de.tikz.pictureLabel }).querySelector('path'),
    ).not.toBeNull();
    expect(within(content).getByText(de.tikz.notRendered)).toBeTruthy();
    expect(within(content).getByText('\\kaputt')).toBeTruthy();
  });
});
