import { z } from 'zod';
import { errorMessages } from './errors';
import { zMultiline } from './text';

/** Longest LaTeX source `POST /api/render-latex` renders (code `LATEX_TOO_LONG`, 413). */
export const LATEX_MAX_LENGTH = 10_000;

/**
 * `POST /api/render-latex` (PRODUCT.md §7: latexCode → html). `displayMode`: block formula instead of inline.
 */
export const ZRenderLatexRequest = z.object({
  latexCode: zMultiline().max(LATEX_MAX_LENGTH, { error: errorMessages.LATEX_TOO_LONG }),
  displayMode: z.boolean().optional(),
});
export type RenderLatexRequest = z.infer<typeof ZRenderLatexRequest>;
export const ZRenderLatexResponse = z.object({ html: z.string() });
export type RenderLatexResponse = z.infer<typeof ZRenderLatexResponse>;

/** Longest TikZ source `POST /api/render-tikz` renders (code `TIKZ_TOO_LONG`, 413). */
export const TIKZ_MAX_LENGTH = 20_000;

/**
 * `POST /api/render-tikz` (PRODUCT.md §7: tikzCode → svg). `tikzCode` is a `tikzpicture` (a document around
 * it is added) or a whole document body with `\usepackage` lines before `\begin{document}`. Missing or empty
 * is the required-parameter error of PRODUCT.md §5 (`TIKZ_CODE_REQUIRED`).
 */
export const ZRenderTikzRequest = z.object({
  tikzCode: zMultiline({ error: errorMessages.TIKZ_CODE_REQUIRED })
    .refine((code) => code.trim().length > 0, { error: errorMessages.TIKZ_CODE_REQUIRED })
    .refine((code) => code.length <= TIKZ_MAX_LENGTH, { error: errorMessages.TIKZ_TOO_LONG }),
});
export type RenderTikzRequest = z.infer<typeof ZRenderTikzRequest>;
/** A sanitised SVG: no scripts, no outside references; fonts from `/api/render-tikz/fonts/`. */
export const ZRenderTikzResponse = z.object({ svg: z.string() });
export type RenderTikzResponse = z.infer<typeof ZRenderTikzResponse>;

/** Details of the `TIKZ_TEX_ERROR` answer: the first line of TeX's error message. */
export interface TikzErrorDetails {
  texError: string;
}
