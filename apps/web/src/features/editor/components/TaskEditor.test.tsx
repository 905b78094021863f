import type { TaskData } from '@app/contract';
import { MantineProvider } from '@mantine/core';
import { Editor } from '@tiptap/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { taskExtensions } from '../extensions';
import { SAMPLE_TASK_DATA } from '../sample';
import TaskContent from './TaskContent';
import TaskEditor from './TaskEditor';

function renderEditor(initialContent: TaskData | null) {
  const onChange = vi.fn<(data: TaskData | null) => void>();
  render(
    <MantineProvider>
      <span id="label">{de.tasks.content}</span>
      <TaskEditor initialContent={initialContent} onChange={onChange} labelId="label" />
    </MantineProvider>,
  );
  return { onChange, textbox: screen.getByRole('textbox', { name: de.tasks.content }) };
}

/** Every node of a document, depth first. */
function nodes(data: unknown): Array<{ type?: string; attrs?: Record<string, unknown>; text?: string }> {
  if (typeof data !== 'object' || data === null) return [];
  const node = data as { content?: unknown[] };
  return [node as never, ...(node.content ?? []).flatMap(nodes)];
}

describe('The task content editor', () => {
  it('keeps a document with formulas, a list and a table unchanged from JSON in to JSON out', () => {
    const editor = new Editor({ extensions: taskExtensions(), content: SAMPLE_TASK_DATA });

    expect(editor.getJSON()).toEqual(SAMPLE_TASK_DATA);
    const reloaded = new Editor({ extensions: taskExtensions(), content: editor.getJSON() });
    expect(reloaded.getJSON()).toEqual(SAMPLE_TASK_DATA);
    editor.destroy();
    reloaded.destroy();
  });

  it('renders the formulas of the document with KaTeX', () => {
    const { textbox } = renderEditor(SAMPLE_TASK_DATA);

    const inline = textbox.querySelector('[data-type="inline-math"]');
    expect(inline?.getAttribute('data-latex')).toBe('a^2 + b^2 = c^2');
    expect(inline?.querySelector('.katex')).not.toBeNull();
    expect(textbox.querySelector('[data-type="block-math"] .katex-display')).not.toBeNull();
    expect(textbox.querySelector('table th')?.textContent).toBe('a');
  });

  it('inserts a formula typed as LaTeX through the toolbar and reports the new JSON', async () => {
    const { onChange } = renderEditor(null);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: de.editor.toolbar.inlineMath }));
    const dialog = await screen.findByRole('dialog', { name: de.editor.math.insertTitle });
    await user.type(within(dialog).getByLabelText(de.editor.math.latex), '\\frac{{a}{{b}');
    await waitFor(() => expect(dialog.querySelector('.katex')).not.toBeNull());
    await user.click(within(dialog).getByRole('button', { name: de.editor.math.insert }));

    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const data = onChange.mock.lastCall?.[0];
    expect(nodes(data).find((node) => node.type === 'inlineMath')?.attrs).toEqual({ latex: '\\frac{a}{b}' });
  });

  it('puts the cursor after a display formula inserted with "∑ Zeile", so typing keeps the formula', async () => {
    const { onChange } = renderEditor(null);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: de.editor.toolbar.blockMath }));
    const dialog = await screen.findByRole('dialog', { name: de.editor.math.insertTitle });
    await user.type(within(dialog).getByLabelText(de.editor.math.latex), 'x^2');
    await user.click(within(dialog).getByRole('button', { name: de.editor.math.insert }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The next keystroke goes into a paragraph after the formula instead of replacing it.
    await user.keyboard('Weiter');
    await waitFor(() =>
      expect(nodes(onChange.mock.lastCall?.[0]).some((n) => n.text === 'Weiter')).toBe(true),
    );
    const data = onChange.mock.lastCall?.[0];
    expect(nodes(data).find((node) => node.type === 'blockMath')?.attrs).toEqual({ latex: 'x^2' });
    const blocks = (data as { content: Array<{ type: string }> }).content.map((node) => node.type);
    expect(blocks.indexOf('blockMath')).toBeLessThan(blocks.lastIndexOf('paragraph'));
  });

  it('offers a toolbar with German names, one tab stop and arrow-key navigation', async () => {
    renderEditor(null);
    const user = userEvent.setup({ delay: null });
    const toolbar = screen.getByRole('toolbar', { name: de.editor.toolbar.label });
    const bold = within(toolbar).getByRole('button', { name: de.editor.toolbar.bold });

    expect(bold.getAttribute('aria-pressed')).toBe('false');
    expect(
      within(toolbar)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);
    act(() => bold.focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(
      within(toolbar).getByRole('button', { name: de.editor.toolbar.italic }),
    );
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(de.editor.toolbar.table);
  });
});

describe('The read-only task content', () => {
  it('shows text, the formulas and the table as the editor does, without being editable', () => {
    render(
      <MantineProvider>
        <TaskContent data={SAMPLE_TASK_DATA} label={de.tasks.content} />
      </MantineProvider>,
    );

    const content = screen.getByRole('document', { name: de.tasks.content });
    expect(content.getAttribute('contenteditable')).toBe('false');
    expect(content.textContent).toContain('In jedem rechtwinkligen Dreieck gilt');
    expect(content.querySelectorAll('.katex')).toHaveLength(2);
    expect(content.querySelector('table')).not.toBeNull();
  });
});
