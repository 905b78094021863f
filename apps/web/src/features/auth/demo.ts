import { z } from 'zod';
import { apiFetch } from '../../lib/api';

/**
 * `POST /api/demo/session`: tokens of a fresh session of the demo teacher (404 when the server runs with
 * DEMO=0). Not in the contract yet; the API answers with GoTrue's token fields.
 */
const ZDemoSessionResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
type DemoSessionResponse = z.infer<typeof ZDemoSessionResponse>;

export function requestDemoSession(): Promise<DemoSessionResponse> {
  return apiFetch('/api/demo/session', { method: 'POST', schema: ZDemoSessionResponse });
}
