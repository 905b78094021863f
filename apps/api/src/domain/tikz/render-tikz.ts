import type { TikzErrorDetails } from '@app/contract';
import { AppError } from '../../lib/app-error';
import { TikzRenderError } from '../../lib/tikz/renderer';
import type { Ctx } from '../context';

/**
 * A TikZ picture as sanitised SVG (`POST /api/render-tikz`, ARCHITECTURE.md §4). `cached`: answered from the
 * cache without running TeX. A TeX error is 422 `TIKZ_TEX_ERROR` with TeX's first error line in the details,
 * a picture that runs past the timeout 422 `TIKZ_TIMEOUT`.
 */
export async function renderTikz(ctx: Ctx, tikzCode: string): Promise<{ svg: string; cached: boolean }> {
  try {
    return await ctx.services.tikz.render(tikzCode);
  } catch (error) {
    throw toAppError(ctx, error);
  }
}

function toAppError(ctx: Ctx, error: unknown): AppError {
  if (!(error instanceof TikzRenderError)) return new AppError('INTERNAL', undefined, { cause: error });
  switch (error.kind) {
    case 'tex':
      return new AppError('TIKZ_TEX_ERROR', { texError: error.message } satisfies TikzErrorDetails);
    case 'timeout':
      return new AppError('TIKZ_TIMEOUT');
    case 'busy':
      return new AppError('TIKZ_BUSY');
    default:
      // The engine's output could not be turned into a picture (or its worker died): the teacher's source is
      // the likely cause, so it is the same 422 with what went wrong.
      ctx.log.warn({ kind: error.kind, err: error.message }, 'tikz render failed');
      return new AppError('TIKZ_TEX_ERROR', { texError: error.message } satisfies TikzErrorDetails);
  }
}
