import type { TaskData } from '@app/contract';

/** A small worksheet with every kind of content the editor knows, for the playground and tests. */
export const SAMPLE_TASK_DATA: TaskData = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Satz des Pythagoras' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'In jedem rechtwinkligen Dreieck gilt ' },
        { type: 'inlineMath', attrs: { latex: 'a^2 + b^2 = c^2' } },
        { type: 'text', text: '.' },
      ],
    },
    { type: 'blockMath', attrs: { latex: 'c = \\sqrt{a^2 + b^2}' } },
    {
      type: 'orderedList',
      attrs: { start: 1, type: null },
      content: [
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Berechne c für a = 3 und b = 4.' }] },
          ],
        },
        {
          type: 'listItem',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Fülle die Tabelle aus.' }] }],
        },
      ],
    },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: ['a', 'b', 'c'].map((text) => ({
            type: 'tableHeader',
            attrs: { colspan: 1, rowspan: 1, colwidth: null, align: null },
            content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
          })),
        },
        {
          type: 'tableRow',
          content: ['5', '12', ''].map((text) => ({
            type: 'tableCell',
            attrs: { colspan: 1, rowspan: 1, colwidth: null, align: null },
            content: [{ type: 'paragraph', ...(text ? { content: [{ type: 'text', text }] } : {}) }],
          })),
        },
      ],
    },
  ],
};
