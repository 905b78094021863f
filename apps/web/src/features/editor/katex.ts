import type { KatexOptions } from 'katex';

/**
 * KaTeX for formulas typed by a teacher and shown to students: the same limits as `POST /api/render-latex`
 * (untrusted commands such as \href or \includegraphics off, bounded macro expansion and sizes), errors shown
 * in place instead of thrown.
 */
export const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  maxExpand: 1000,
  maxSize: 50,
  output: 'htmlAndMathml',
} as const satisfies KatexOptions;
