import { withoutControlCharacters } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Env } from '../env';
import { checkSkillFeedback, checkSkillLevels } from './consistency';
import { createOpenAiProvider } from './openai-provider';
import { createServiceProvider } from './service-provider';
import {
  AiError,
  ZAiScoreInput,
  ZAnalyzeOutput,
  ZGetSkillLevelsInput,
  ZGetSkillLevelsOutput,
  ZGetSkillsInput,
  ZGetSkillsOutput,
  ZSkillFeedbackInput,
  ZSkillFeedbackOutput,
  type AiGateway,
  type AiOperation,
  type AiTransport,
} from './types';

// The one place that decides what reaches a provider and what comes back from it: inputs are checked against
// the operation's schema before any call, and every answer against its output schema and the rubric it was
// asked about (consistency.ts). An answer that does not fit throws AiError('invalid_response') and nothing
// is stored. The providers only move requests and answers.

export type AiEnv = Pick<
  Env,
  | 'AI_PROVIDER'
  | 'AI_SERVICE_URL'
  | 'AI_ROUTE_PREFIX'
  | 'AI_SERVICE_TOKEN'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_API_KEY'
  | 'OPENAI_MODEL'
  | 'AI_TIMEOUT_MS'
  | 'AI_FEEDBACK_RUNS'
>;

/**
 * Runs per correction unless AI_FEEDBACK_RUNS says otherwise (ADR 024): a chat model varies from call to call,
 * so `openai` asks three times; the AI service calibrates its own answers and bills per call, so once.
 */
export const defaultFeedbackRuns = (provider: AiGateway['provider']): number =>
  provider === 'openai' ? 3 : 1;

/** The configured provider, or null when AI_PROVIDER=none (AI buttons then explain that; ARCHITECTURE.md §7). */
export function createAiGateway(env: AiEnv, log: FastifyBaseLogger): AiGateway | null {
  let provider: AiTransport;
  switch (env.AI_PROVIDER) {
    case 'none':
      return null;
    case 'service':
      if (!env.AI_SERVICE_URL) throw new Error('AI_SERVICE_URL fehlt für AI_PROVIDER=service');
      provider = createServiceProvider({
        url: env.AI_SERVICE_URL,
        prefix: env.AI_ROUTE_PREFIX,
        token: env.AI_SERVICE_TOKEN,
        timeoutMs: env.AI_TIMEOUT_MS,
      });
      break;
    case 'openai':
      provider = createOpenAiProvider({
        baseUrl: env.OPENAI_BASE_URL,
        apiKey: env.OPENAI_API_KEY,
        model: env.OPENAI_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      });
      break;
  }
  return withLogging(
    validated(provider, env.AI_FEEDBACK_RUNS ?? defaultFeedbackRuns(provider.provider)),
    log,
  );
}

/** The gateway's operations over a transport: inputs validated before the call, answers after it. */
function validated(transport: AiTransport, feedbackRuns: number): AiGateway {
  return {
    provider: transport.provider,
    needsOcr: transport.needsOcr,
    feedbackRuns,
    async getSkills(input, opts) {
      const body = requireInput('get_skills', ZGetSkillsInput, input);
      return validateOutput('get_skills', ZGetSkillsOutput, await transport.getSkills(body, opts));
    },
    async getSkillLevels(input, opts) {
      const body = requireInput('get_skill_levels', ZGetSkillLevelsInput, input);
      const answer = await transport.getSkillLevels(body, opts);
      return checkSkillLevels(body, validateOutput('get_skill_levels', ZGetSkillLevelsOutput, answer));
    },
    async skillFeedback(input, files, opts) {
      const body = requireInput('skill_feedback', ZSkillFeedbackInput, input);
      const answer = await transport.skillFeedback(body, files, opts);
      return checkSkillFeedback(body, validateOutput('skill_feedback', ZSkillFeedbackOutput, answer));
    },
    async score(input, opts) {
      await transport.score(requireInput('score', ZAiScoreInput, input), opts);
    },
    async analyze(kind, files, opts) {
      const operation = `analyze_${kind}` as const;
      requireFiles(operation, files);
      // Each answer is checked before the next request goes out; texts of several requests are joined page
      // by page.
      const texts: string[] = [];
      for await (const answer of transport.analyze(kind, files, opts))
        texts.push(validateOutput(operation, ZAnalyzeOutput, answer).text);
      return { text: texts.join('\n\n') };
    },
    healthcheck: (opts) => transport.healthcheck(opts),
  };
}

/** Validates a provider's answer with the operation's output schema; a misfit is AiError('invalid_response'). */
function validateOutput<S extends z.ZodType>(operation: AiOperation, schema: S, value: unknown): z.infer<S> {
  // A NUL or escape in generated text would fail to store and to pass the API's text rule: dropped here.
  const parsed = schema.safeParse(withoutControlCharacters(value));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AiError(
    'invalid_response',
    operation,
    `${operation}: Antwort passt nicht zum Schema (${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''})`,
  );
}

/** Validates an input; anything missing or malformed is the required-parameter error of PRODUCT.md §5. */
function requireInput<S extends z.ZodType>(operation: AiOperation, schema: S, value: unknown): z.infer<S> {
  if (value === undefined || value === null)
    throw new AiError('missing_parameter', operation, `${operation}: Eingabe fehlt`);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AiError(
    'missing_parameter',
    operation,
    `${operation}: Parameter fehlt oder ist ungültig (${issue?.path.join('.') || '(root)'})`,
  );
}

function requireFiles(operation: AiOperation, files: unknown): void {
  if (!Array.isArray(files) || files.length === 0)
    throw new AiError('missing_parameter', operation, `${operation}: keine Dateien übergeben`);
}

/** Logs each call's operation, duration and outcome; never inputs (task texts) and never credentials. */
function withLogging(inner: AiGateway, log: FastifyBaseLogger): AiGateway {
  const logged =
    <A extends unknown[], R>(operation: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        const result = await fn(...args);
        log.debug({ ai: inner.provider, operation, ms: Math.round(performance.now() - started) }, 'AI call');
        return result;
      } catch (err) {
        const ms = Math.round(performance.now() - started);
        if (err instanceof AiError)
          log.warn(
            { ai: inner.provider, operation, ms, kind: err.kind, status: err.status, msg: err.message },
            'AI call failed',
          );
        else log.error({ ai: inner.provider, operation, ms, err }, 'AI call failed');
        throw err;
      }
    };
  return {
    provider: inner.provider,
    needsOcr: inner.needsOcr,
    feedbackRuns: inner.feedbackRuns,
    getSkills: logged('get_skills', inner.getSkills.bind(inner)),
    getSkillLevels: logged('get_skill_levels', inner.getSkillLevels.bind(inner)),
    skillFeedback: logged('skill_feedback', inner.skillFeedback.bind(inner)),
    score: logged('score', inner.score.bind(inner)),
    analyze: logged('analyze', inner.analyze.bind(inner)),
    healthcheck: (opts) => inner.healthcheck(opts),
  };
}
