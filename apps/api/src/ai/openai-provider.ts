import { callProvider } from './http';
import {
  ANALYZE_PROMPTS,
  getSkillLevelsPrompt,
  getSkillsPrompt,
  RESPONSE_SCHEMAS,
  skillFeedbackPrompt,
  SYSTEM_PROMPT,
  type ScanRef,
} from './prompts';
import { AiError, type AiCallOptions, type AiFile, type AiOperation, type AiTransport } from './types';

export interface OpenAiProviderConfig {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** At most this many page images go into one request (vision models limit the images per message). */
const MAX_IMAGES = 20;

/**
 * Provider `openai`: the gateway's operations as chat completions with German prompts, JSON-schema
 * structured output (response_format.json_schema, strict) and scans as image input; PDF pages are rendered to
 * PNG first. Works with any OpenAI-compatible endpoint (Ollama, vLLM, Mistral, Azure, OpenAI). Resolves with
 * the JSON the model wrote; the gateway checks it.
 */
export function createOpenAiProvider(config: OpenAiProviderConfig): AiTransport {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};

  async function complete(
    operation: AiOperation,
    schemaName: keyof typeof RESPONSE_SCHEMAS,
    content: string | ContentPart[],
    opts?: AiCallOptions,
  ): Promise<unknown> {
    const answer = await callProvider({
      operation,
      url: `${base}/chat/completions`,
      headers,
      timeoutMs: config.timeoutMs,
      opts,
      body: {
        contentType: 'application/json',
        // No temperature: reasoning models accept only their default and answer 400 to any other.
        body: JSON.stringify({
          model: config.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: schemaName, strict: true, schema: RESPONSE_SCHEMAS[schemaName] },
          },
        }),
      },
    });
    return parseCompletion(operation, answer);
  }

  return {
    provider: 'openai',
    needsOcr: false,
    getSkills: (input, opts) => complete('get_skills', 'get_skills', getSkillsPrompt(input), opts),
    getSkillLevels: (input, opts) =>
      complete('get_skill_levels', 'get_skill_levels', getSkillLevelsPrompt(input), opts),
    async skillFeedback(input, files, opts) {
      const images = await toImages('skill_feedback', files ?? []);
      if (images.length === 0 && input.submission.solution.trim() === '')
        throw new AiError(
          'missing_parameter',
          'skill_feedback',
          'skill_feedback: weder Dateien noch Lösungstext',
        );
      const content: ContentPart[] = [
        { type: 'text', text: skillFeedbackPrompt(input, images) },
        ...images.map(({ url }) => ({ type: 'image_url' as const, image_url: { url } })),
      ];
      return complete('skill_feedback', 'skill_feedback', content, opts);
    },
    async score() {
      // A chat-completions endpoint has nothing to calibrate: the teacher's final score stays in our database.
    },
    async *analyze(kind, files, opts) {
      const operation = `analyze_${kind}` as const;
      const images = await toImages(operation, files);
      const content: ContentPart[] = [
        { type: 'text', text: ANALYZE_PROMPTS[kind] },
        ...images.map(({ url }) => ({ type: 'image_url' as const, image_url: { url } })),
      ];
      // All pages in one request.
      yield await complete(operation, 'analyze', content, opts);
    },
    async healthcheck(opts) {
      try {
        await callProvider({
          operation: 'score',
          url: `${base}/models`,
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

/** The JSON the model wrote into choices[0].message.content (structured output), parsed. */
function parseCompletion(operation: AiOperation, answer: unknown): unknown {
  const choice = (answer as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] } | null)
    ?.choices?.[0]?.message;
  if (typeof choice?.refusal === 'string' && choice.refusal)
    throw new AiError('invalid_response', operation, `${operation}: das Modell hat abgelehnt`);
  if (typeof choice?.content !== 'string')
    throw new AiError('invalid_response', operation, `${operation}: Antwort ohne Inhalt`);
  // Some local models wrap JSON in a Markdown fence despite response_format.
  const text = choice.content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AiError('invalid_response', operation, `${operation}: Inhalt ist kein JSON`);
  }
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/**
 * Scans as data: URLs with the file and page each shows (the prompt names them, so evidence can point back);
 * PDF pages rendered to PNG (pdfjs, loaded only when a PDF comes along).
 */
async function toImages(operation: AiOperation, files: AiFile[]): Promise<Array<ScanRef & { url: string }>> {
  const urls: Array<ScanRef & { url: string }> = [];
  for (const file of files) {
    if (IMAGE_TYPES.has(file.mime)) {
      urls.push({ url: dataUrl(file.mime, file.bytes), file_id: file.id, page: 1 });
    } else if (file.mime === 'application/pdf') {
      const pages = await pdfImages(operation, file.bytes, MAX_IMAGES - urls.length);
      pages.forEach((png, i) => urls.push({ url: dataUrl('image/png', png), file_id: file.id, page: i + 1 }));
    } else {
      throw new AiError(
        'missing_parameter',
        operation,
        `${operation}: Dateityp ${file.mime} wird nicht unterstützt`,
      );
    }
    if (urls.length >= MAX_IMAGES) break;
  }
  return urls.slice(0, MAX_IMAGES);
}

/**
 * A PDF's pages as PNGs, drawn in the page worker under its memory and time limits (ADR 031): a PDF built to
 * exhaust the reader fails this request, not the process. A busy worker is worth another attempt.
 */
async function pdfImages(operation: AiOperation, bytes: Uint8Array, pages: number): Promise<Uint8Array[]> {
  const { aiPdfPages, PageWorkerUnavailable } = await import('../lib/page-worker');
  try {
    return await aiPdfPages(bytes, pages);
  } catch (err) {
    const busy = err instanceof PageWorkerUnavailable;
    throw new AiError(
      busy ? 'fetch' : 'missing_parameter',
      operation,
      `${operation}: PDF-Seiten nicht gezeichnet (${(err as Error).message})`,
    );
  }
}

function dataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}
