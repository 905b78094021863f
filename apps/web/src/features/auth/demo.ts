import { apiFetch, checkedByServer } from '../../lib/api';

/**
 * `POST /api/demo/session`: tokens of a fresh session of the demo teacher (404 when the server runs with
 * DEMO=0). Not in the contract yet; the API answers with GoTrue's token fields.
 */
interface DemoSessionResponse {
  access_token: string;
  refresh_token: string;
}

export function requestDemoSession(): Promise<DemoSessionResponse> {
  return apiFetch('/api/demo/session', { method: 'POST', schema: checkedByServer<DemoSessionResponse>() });
}
