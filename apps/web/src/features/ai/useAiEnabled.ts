import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '../config/queries';

/**
 * Whether the server has an AI provider (`GET /api/config` → aiProvider ≠ 'none'). While the config loads the
 * answer is false, so AI buttons never flash as usable. Use it to disable AI buttons and show
 * `AiNotConfiguredNotice` instead; manual grading works either way.
 */
export function useAiEnabled(): boolean {
  const { data } = useQuery(configQueryOptions);
  return data !== undefined && data.aiProvider !== 'none';
}
