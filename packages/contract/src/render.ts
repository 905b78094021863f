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
