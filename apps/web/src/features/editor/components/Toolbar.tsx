import { Button, Divider, Group } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Fragment, useRef, useState, type KeyboardEvent } from 'react';
import { de } from '../../../i18n/de';
import { deTikz } from '../../../i18n/de.tikz';
import type { MathKind } from '../extensions';
import classes from './editor.module.css';

interface ToolbarItem {
  key: string;
  /** Accessible name (German), also the tooltip. */
  label: string;
  /** Short visible text. */
  glyph: string;
  /** For toggles: whether the format is on (aria-pressed). */
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

interface ToolbarProps {
  editor: Editor;
  onMath: (kind: MathKind) => void;
  onImage: () => void;
  onTikz: () => void;
}

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys, Home and End move between the
 * buttons; toggles report their state with aria-pressed; every button has a German name.
 */
export function Toolbar({ editor, onMath, onImage, onTikz }: ToolbarProps) {
  const t = de.editor.toolbar;
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();
  const groups: ToolbarItem[][] = [
    [
      {
        key: 'bold',
        label: t.bold,
        glyph: t.glyphs.bold,
        active: state.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        key: 'italic',
        label: t.italic,
        glyph: t.glyphs.italic,
        active: state.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        key: 'underline',
        label: t.underline,
        glyph: t.glyphs.underline,
        active: state.underline,
        run: () => chain().toggleUnderline().run(),
      },
    ],
    [
      {
        key: 'h2',
        label: t.heading,
        glyph: t.glyphs.heading,
        active: state.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        key: 'h3',
        label: t.subheading,
        glyph: t.glyphs.subheading,
        active: state.h3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
      {
        key: 'bulletList',
        label: t.bulletList,
        glyph: t.glyphs.bulletList,
        active: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'orderedList',
        label: t.orderedList,
        glyph: t.glyphs.orderedList,
        active: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
    ],
    [
      { key: 'inlineMath', label: t.inlineMath, glyph: t.glyphs.inlineMath, run: () => onMath('inline') },
      { key: 'blockMath', label: t.blockMath, glyph: t.glyphs.blockMath, run: () => onMath('block') },
      { key: 'image', label: t.image, glyph: t.glyphs.image, run: onImage },
      { key: 'tikz', label: deTikz.toolbar, glyph: deTikz.glyph, run: onTikz },
      {
        key: 'table',
        label: t.table,
        glyph: t.glyphs.table,
        disabled: state.inTable,
        run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      },
    ],
    ...(state.inTable
      ? [
          [
            {
              key: 'addRow',
              label: t.addRow,
              glyph: t.glyphs.addRow,
              run: () => chain().addRowAfter().run(),
            },
            {
              key: 'addColumn',
              label: t.addColumn,
              glyph: t.glyphs.addColumn,
              run: () => chain().addColumnAfter().run(),
            },
            {
              key: 'deleteRow',
              label: t.deleteRow,
              glyph: t.glyphs.deleteRow,
              run: () => chain().deleteRow().run(),
            },
            {
              key: 'deleteColumn',
              label: t.deleteColumn,
              glyph: t.glyphs.deleteColumn,
              run: () => chain().deleteColumn().run(),
            },
            {
              key: 'deleteTable',
              label: t.deleteTable,
              glyph: t.glyphs.deleteTable,
              run: () => chain().deleteTable().run(),
            },
          ],
        ]
      : []),
    [
      {
        key: 'undo',
        label: t.undo,
        glyph: t.glyphs.undo,
        disabled: !state.canUndo,
        run: () => chain().undo().run(),
      },
      {
        key: 'redo',
        label: t.redo,
        glyph: t.glyphs.redo,
        disabled: !state.canRedo,
        run: () => chain().redo().run(),
      },
    ],
  ];

  const enabled = groups.flat().filter((item) => !item.disabled);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const tabStop = enabled.some((item) => item.key === focusKey) ? focusKey : (enabled[0]?.key ?? null);
  const container = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = enabled.map((item) => item.key);
    const current = keys.indexOf(tabStop ?? '');
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (current + 1) % keys.length;
    else if (event.key === 'ArrowLeft') next = (current - 1 + keys.length) % keys.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = keys.length - 1;
    if (next === null || keys.length === 0) return;
    event.preventDefault();
    const key = keys[next] ?? null;
    setFocusKey(key);
    container.current?.querySelector<HTMLButtonElement>(`[data-key="${key}"]`)?.focus();
  };

  return (
    <div
      ref={container}
      role="toolbar"
      aria-label={t.label}
      className={classes.toolbar}
      onKeyDown={onKeyDown}
    >
      {groups.map((group, index) => (
        <Fragment key={group[0]?.key ?? index}>
          {index > 0 && <Divider orientation="vertical" />}
          {/* Wraps on narrow phones: the insert group (formulas, image, TikZ, table) is wider than 360 px. */}
          <Group gap={4} wrap="wrap">
            {group.map((item) => (
              <Button
                key={item.key}
                data-key={item.key}
                size="compact-sm"
                variant={item.active ? 'filled' : 'default'}
                aria-label={item.label}
                title={item.label}
                aria-pressed={item.active === undefined ? undefined : item.active}
                disabled={item.disabled}
                tabIndex={item.key === tabStop ? 0 : -1}
                onFocus={() => setFocusKey(item.key)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={item.run}
              >
                {item.glyph}
              </Button>
            ))}
          </Group>
        </Fragment>
      ))}
    </div>
  );
}
