import { LATEX_MAX_LENGTH, ZApiError, ZRenderLatexResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { accessToken, bearer } from './helpers/tokens';

// Rendering needs no database: one driver is enough.
describe('POST /api/render-latex', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = bearer((await accessToken(t.app, { role: 'teacher' })).token);
  });
  afterAll(async () => {
    await t.close();
  });

  const render = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/render-latex', headers, payload });

  it('renders a formula to KaTeX HTML with MathML', async () => {
    const res = await render({ latexCode: '\\frac{a}{b} + \\sqrt{x^2}' });
    expect(res.statusCode).toBe(200);
    const { html } = ZRenderLatexResponse.parse(res.json());
    expect(html).toContain('class="katex"');
    expect(html).toContain('<math');
    expect(html).toContain('mfrac');
    const block = ZRenderLatexResponse.parse((await render({ latexCode: 'x^2', displayMode: true })).json());
    expect(block.html).toContain('katex-display');
  });

  it('does not render links, scripts or raw HTML from untrusted input', async () => {
    const attacks = [
      '\\href{javascript:alert(1)}{klick}',
      '\\url{javascript:alert(1)}',
      '\\htmlData{onclick=alert(1)}{x}',
      '\\includegraphics{https://evil.example/x.png}',
      '<img src=x onerror=alert(1)>',
    ];
    for (const latexCode of attacks) {
      const { html } = ZRenderLatexResponse.parse((await render({ latexCode })).json());
      // Text is escaped (`&lt;`), so every literal `<` opens a real tag: check the tags only.
      const tags = html.match(/<[^>]+>/g) ?? [];
      expect(tags.length, latexCode).toBeGreaterThan(0);
      for (const tag of tags) {
        expect(tag, latexCode).not.toMatch(/^<(a|img|script|iframe)\b/i);
        expect(tag, latexCode).not.toMatch(/\s(href|src|on\w+|data-[\w-]+)\s*=/i);
      }
    }
  });

  it('answers a syntax error with inline error markup instead of failing', async () => {
    const res = await render({ latexCode: '\\frac{1}{' });
    expect(res.statusCode).toBe(200);
    expect(ZRenderLatexResponse.parse(res.json()).html).toContain('katex-error');
  });

  it('refuses code longer than the limit with a German message', async () => {
    const res = await render({ latexCode: 'x'.repeat(LATEX_MAX_LENGTH + 1) });
    expect(res.statusCode).toBe(413);
    expect(ZApiError.parse(res.json()).error).toMatchObject({
      code: 'LATEX_TOO_LONG',
      message: 'Der LaTeX-Code ist zu lang (höchstens 10 000 Zeichen).',
    });
    expect((await render({ latexCode: 'x'.repeat(LATEX_MAX_LENGTH) })).statusCode).toBe(200);
  });

  it('stops runaway macro expansion', async () => {
    const res = await render({ latexCode: '\\def\\a{\\a\\a}\\a' });
    expect(res.statusCode).toBe(200);
    expect(ZRenderLatexResponse.parse(res.json()).html).toContain('katex-error');
  });
});
