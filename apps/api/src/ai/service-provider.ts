import { callProvider, type RequestBody } from './http';
import type { AiFile, AiOperation, AiTransport } from './types';

export interface ServiceProviderConfig {
  /** Base URL, e.g. http://ai:8000 */
  url: string;
  /** Route prefix, e.g. /aiapi ('' for none). */
  prefix: string;
  token?: string;
  timeoutMs: number;
}

/**
 * Provider `service`: the AI service contract of PRODUCT.md §7. JSON bodies for the rubric and feedback
 * calls, the raw file as body for analyze_image/formula/multimodal, multipart field `files` for
 * analyze_complex. The service reads text, not scans: the correction job runs OCR first (needsOcr).
 */
export function createServiceProvider(config: ServiceProviderConfig): AiTransport {
  const base = `${config.url.replace(/\/+$/, '')}${config.prefix}`;
  const headers: Record<string, string> = config.token ? { authorization: `Bearer ${config.token}` } : {};

  const post = (operation: AiOperation, body: RequestBody, opts?: { signal?: AbortSignal }) =>
    callProvider({
      operation,
      url: `${base}/${operation}`,
      headers,
      body,
      timeoutMs: config.timeoutMs,
      opts,
    });
  const json = (value: unknown): RequestBody => ({
    body: JSON.stringify(value),
    contentType: 'application/json',
  });

  return {
    provider: 'service',
    needsOcr: true,
    getSkills: (input, opts) => post('get_skills', json(input), opts),
    getSkillLevels: (input, opts) => post('get_skill_levels', json(input), opts),
    skillFeedback: (input, _files, opts) => post('skill_feedback', json(input), opts),
    async score(input, opts) {
      await post('score', json(input), opts);
    },
    async *analyze(kind, files, opts) {
      const operation = `analyze_${kind}` as const;
      if (kind === 'complex') {
        const form = new FormData();
        for (const file of files)
          form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.id);
        yield await post(operation, { body: form }, opts);
        return;
      }
      // One binary body per call: several scans are read one after another (the gateway joins the texts).
      for (const file of files) yield await post(operation, binary(file), opts);
    },
    async healthcheck(opts) {
      try {
        await callProvider({
          operation: 'score',
          url: `${base}/healthcheck`,
          method: 'GET',
          headers,
          timeoutMs: Math.min(config.timeoutMs, 5000),
          opts,
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}

const binary = (file: AiFile): RequestBody => ({ body: file.bytes, contentType: file.mime });
