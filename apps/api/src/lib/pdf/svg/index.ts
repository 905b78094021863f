// The SVG → PDF drawer (draw.ts) and what its callers and tests use of its parts.
export { drawForm, svgToForm, viewBoxOf, type FontResolver, type SvgFont, type SvgForm } from './draw';
export { multiply, parsePath, parseTransform, type Matrix, type Segment } from './geometry';
export { parseColor, type Rgb } from './paint';
export { parseXml, type SvgElement, type SvgNode } from './xml';
