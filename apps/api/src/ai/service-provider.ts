import { checkSkillFeedback, checkSkillLevels } from './consistency';
import { callProvider, requireFiles, requireInput, validateOutput, type RequestBody } from './http';
import {
  ZAiScoreInput,
  ZAnalyzeOutput,
  ZGetSkillLevelsInput,
  ZGetSkillLevelsOutput,
  ZGetSkillsInput,
  ZGetSkillsOutput,
  ZSkillFeedbackInput,
  ZSkillFeedbackOutput,
  type AiFile,
  type AiGateway,
  type AiOperation,
  type AnalyzeKind,
} from './types';

export interface ServiceProviderConfig {
  /** Base URL, e.g. http://ai:8000 */
  url: string;
  /** Route prefix, e.g. /aiapi ('' for none). */
  prefix: string;
  token?: string;
  timeoutMs: number;
}

/**
 * Provider `service`: the AI service contract of spec §7. JSON bodies for the rubric and feedback calls,
 * the raw file as body for analyze_image/formula/multimodal, multipart field `files` for analyze_complex.
 * The service reads text, not scans: the feedback job runs OCR first (needsOcr).
 */
export function createServiceProvider(config: ServiceProviderConfig): AiGateway {
  const base = `${config.url.replace(/\/+$/, '')}${config.prefix}`;
  const headers: Record<string, string> = config.token ? { authorization: `Bearer ${config.token}` } : {};

  const post = (operation: AiOperation, path: string, body: RequestBody, opts?: { signal?: AbortSignal }) =>
    callProvider({ operation, url: `${base}${path}`, headers, body, timeoutMs: config.timeoutMs, opts });
  const json = (value: unknown): RequestBody => ({
    body: JSON.stringify(value),
    contentType: 'application/json',
  });

  return {
    provider: 'service',
    needsOcr: true,
    async getSkills(input, opts) {
      const body = requireInput('get_skills', ZGetSkillsInput, input);
      return validateOutput(
        'get_skills',
        ZGetSkillsOutput,
        await post('get_skills', '/get_skills', json(body), opts),
      );
    },
    async getSkillLevels(input, opts) {
      const body = requireInput('get_skill_levels', ZGetSkillLevelsInput, input);
      return checkSkillLevels(
        body,
        validateOutput(
          'get_skill_levels',
          ZGetSkillLevelsOutput,
          await post('get_skill_levels', '/get_skill_levels', json(body), opts),
        ),
      );
    },
    async skillFeedback(input, _files, opts) {
      const body = requireInput('skill_feedback', ZSkillFeedbackInput, input);
      return checkSkillFeedback(
        body,
        validateOutput(
          'skill_feedback',
          ZSkillFeedbackOutput,
          await post('skill_feedback', '/skill_feedback', json(body), opts),
        ),
      );
    },
    async score(input, opts) {
      const body = requireInput('score', ZAiScoreInput, input);
      await post('score', '/score', json(body), opts);
    },
    async analyze(kind, files, opts) {
      const operation = `analyze_${kind}` as const;
      requireFiles(operation, files);
      if (kind === 'complex') {
        const form = new FormData();
        for (const file of files)
          form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.id);
        return validateOutput(
          operation,
          ZAnalyzeOutput,
          await post(operation, `/${operation}`, { body: form }, opts),
        );
      }
      // One binary body per call: several scans are read one after another and joined page by page.
      const texts: string[] = [];
      for (const file of files) texts.push(await analyzeOne(kind, file, opts?.signal));
      return { text: texts.join('\n\n') };
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

  async function analyzeOne(kind: Exclude<AnalyzeKind, 'complex'>, file: AiFile, signal?: AbortSignal) {
    const operation = `analyze_${kind}` as const;
    const answer = await post(
      operation,
      `/${operation}`,
      { body: file.bytes, contentType: file.mime },
      { signal },
    );
    return validateOutput(operation, ZAnalyzeOutput, answer).text;
  }
}
