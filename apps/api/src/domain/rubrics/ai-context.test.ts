import { describe, expect, it } from 'vitest';
import { taskContentText } from './ai-context';

describe('taskContentText', () => {
  it('flattens the editor document: blocks on lines, formulas as LaTeX, table cells separated', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Satz des Pythagoras' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Es gilt ' },
            { type: 'inlineMath', attrs: { latex: 'a^2 + b^2 = c^2' } },
            { type: 'text', text: '.' },
          ],
        },
        { type: 'paragraph' },
        { type: 'paragraph' },
        { type: 'blockMath', attrs: { latex: 'c = \\sqrt{a^2 + b^2}' } },
        {
          type: 'orderedList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Skizze' }] }],
            },
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Rechnung' }] }],
            },
          ],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableHeader',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }],
                },
                {
                  type: 'tableHeader',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'b' }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(taskContentText(doc)).toBe(
      [
        'Satz des Pythagoras',
        'Es gilt $a^2 + b^2 = c^2$.',
        '',
        '$$c = \\sqrt{a^2 + b^2}$$',
        '- Skizze',
        '- Rechnung',
        'a | b',
      ].join('\n'),
    );
  });

  it('is empty for no content', () => {
    expect(taskContentText(null)).toBe('');
    expect(taskContentText({ type: 'doc', content: [] })).toBe('');
  });
});
