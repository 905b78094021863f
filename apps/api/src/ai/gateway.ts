import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { createOpenAiProvider } from './openai-provider';
import { createServiceProvider } from './service-provider';
import { AiError, type AiGateway } from './types';

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
>;

/** The configured provider, or null when AI_PROVIDER=none (AI buttons then explain that; DESIGN §7). */
export function createAiGateway(env: AiEnv, log: FastifyBaseLogger): AiGateway | null {
  let provider: AiGateway;
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
  return withLogging(provider, log);
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
    getSkills: logged('get_skills', inner.getSkills.bind(inner)),
    getSkillLevels: logged('get_skill_levels', inner.getSkillLevels.bind(inner)),
    skillFeedback: logged('skill_feedback', inner.skillFeedback.bind(inner)),
    score: logged('score', inner.score.bind(inner)),
    analyze: logged('analyze', inner.analyze.bind(inner)),
    healthcheck: inner.healthcheck.bind(inner),
  };
}
