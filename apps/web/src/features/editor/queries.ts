import { ZRenderTikzResponse } from '@app/contract';
import { apiFetch } from '../../lib/api';

/** `POST /api/render-tikz`: the picture as sanitised SVG; TeX errors arrive as ApiError (422, details.texError). */
export async function renderTikz(tikzCode: string, signal?: AbortSignal): Promise<string> {
  const { svg } = await apiFetch('/api/render-tikz', {
    method: 'POST',
    body: { tikzCode },
    schema: ZRenderTikzResponse,
    signal,
  });
  return svg;
}
