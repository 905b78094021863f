import { type ZRenderTikzResponse } from '@app/contract';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';

/** `POST /api/render-tikz`: the picture as sanitised SVG; TeX errors arrive as ApiError (422, details.texError). */
export async function renderTikz(tikzCode: string, signal?: AbortSignal): Promise<string> {
  const { svg } = await apiFetch('/api/render-tikz', {
    method: 'POST',
    body: { tikzCode },
    schema: checkedByServer<ResponseOf<typeof ZRenderTikzResponse>>(),
    signal,
  });
  return svg;
}
