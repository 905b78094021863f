import { TIKZ_MAX_LENGTH, type TaskData } from '@app/contract';
import { hasTikzLayers, withTikzLayers } from '../../lib/tikz/layers';
import type { Ctx } from '../context';

/**
 * The task content's TikZ blocks (`{ type: 'tikz', attrs: { source, svg } }`) carry the picture rendered by
 * this server, so the public pages show it without the teacher-only render route (ADR 016). Whatever `svg`
 * a client sends is replaced: the picture of `source` from the cache (the editor's preview has just filled
 * it) or a fresh render; a source that does not render keeps `svg: null` and the pages show the source.
 */
export async function withRenderedTikz(ctx: Ctx, data: TaskData | null): Promise<TaskData | null> {
  if (!data || !JSON.stringify(data).includes('"tikz"')) return data;
  return (await visit(ctx, data)) as TaskData;
}

async function visit(ctx: Ctx, value: unknown): Promise<unknown> {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    // One after another: the renderer runs one job at a time anyway.
    for (const item of value) out.push(await visit(ctx, item));
    return out;
  }
  if (value === null || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(node)) out[key] = await visit(ctx, inner);
  if (node.type === 'tikz') {
    const attrs = (node.attrs && typeof node.attrs === 'object' ? node.attrs : {}) as Record<string, unknown>;
    const source = typeof attrs.source === 'string' ? attrs.source : '';
    out.attrs = { ...attrs, source, svg: await svgOf(ctx, source) };
  }
  return out;
}

async function svgOf(ctx: Ctx, source: string): Promise<string | null> {
  // What the render route refuses is not rendered here either.
  if (!source.trim() || source.length > TIKZ_MAX_LENGTH) return null;
  try {
    return (await ctx.services.tikz.render(source)).svg;
  } catch (error) {
    ctx.log.info({ err: (error as Error).message }, 'tikz block not rendered on save');
    return null;
  }
}

/** Pictures upgraded on read, by their stored SVG: a task is read far more often than saved. */
const upgraded = new Map<string, string>();
const UPGRADED_ENTRIES = 100;

/**
 * A task's stored content as the pages get it: a picture saved before its SVG had the text layer and the
 * dark-mode colours (lib/tikz/layers.ts) gets them now, so every stored picture reads and looks the same.
 */
export function storedTaskData(data: unknown): TaskData | null {
  if (!data || typeof data !== 'object') return null;
  return upgrade(data) as TaskData;
}

function upgrade(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(upgrade);
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  const attrs = node.attrs as Record<string, unknown> | undefined;
  if (node.type === 'tikz' && typeof attrs?.svg === 'string' && !hasTikzLayers(attrs.svg))
    return { ...node, attrs: { ...attrs, svg: layered(attrs.svg) } };
  if (!Array.isArray(node.content)) return value;
  const content = upgrade(node.content);
  return content === node.content ? value : { ...node, content };
}

function layered(svg: string): string {
  let out = upgraded.get(svg);
  if (out === undefined) {
    out = withTikzLayers(svg);
    if (upgraded.size >= UPGRADED_ENTRIES) upgraded.delete(upgraded.keys().next().value!);
    upgraded.set(svg, out);
  }
  return out;
}
