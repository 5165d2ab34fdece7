/**
 * Text as a 1-bit bitmap, for ZPL labels whose text the printer's resident fonts cannot show: the same
 * faces, fallbacks, joining and right-to-left order as the PDF (the font set's runs), each glyph outline
 * flattened to line segments and filled by the nonzero winding rule, one sample at each dot's centre.
 */
import type { GlyphOutlines } from '../pdf/index.ts';

/** Black dots, row by row from the top, 1 bit a dot, most significant bit first, rows padded to bytes. */
export interface Bitmap {
  readonly width: number;
  readonly height: number;
  readonly bytesPerRow: number;
  readonly bits: Uint8Array;
}

type Edge = readonly [number, number, number, number];

/** Curves are cut into this many straight pieces: under a tenth of a dot off at label sizes. */
const CURVE_STEPS = 10;

/**
 * Rasterises `runs` (left to right, as drawn) at `size` dots to the em, no wider than `maxWidth` dots
 * (the rest is cut off). The baseline lies at the tallest run's ascent.
 */
export function rasterise(runs: readonly GlyphOutlines[], size: number, maxWidth: number): Bitmap {
  const ascent = Math.max(1, ...runs.map((r) => (r.ascent * size) / r.unitsPerEm));
  const descent = Math.max(0, ...runs.map((r) => (-r.descent * size) / r.unitsPerEm));
  const edges: Edge[] = [];
  let pen = 0;
  for (const run of runs) {
    const scale = size / run.unitsPerEm;
    for (const glyph of run.glyphs) {
      const at = (x: number, y: number): [number, number] => [pen + x * scale, ascent - y * scale];
      let start: [number, number] = [0, 0];
      let last: [number, number] = [0, 0];
      const line = (to: [number, number]): void => {
        if (to[1] !== last[1]) edges.push([last[0], last[1], to[0], to[1]]);
        last = to;
      };
      for (const { command, args: a } of glyph.commands) {
        const p = (i: number): [number, number] => at(a[i] ?? 0, a[i + 1] ?? 0);
        if (command === 'moveTo') {
          if (last !== start) line(start);
          start = p(0);
          last = start;
        } else if (command === 'lineTo') line(p(0));
        else if (command === 'quadraticCurveTo') {
          const [c, e] = [p(0), p(2)];
          const s = last;
          for (let k = 1; k <= CURVE_STEPS; k++) {
            const t = k / CURVE_STEPS;
            const u = 1 - t;
            line([
              u * u * s[0] + 2 * u * t * c[0] + t * t * e[0],
              u * u * s[1] + 2 * u * t * c[1] + t * t * e[1],
            ]);
          }
        } else if (command === 'bezierCurveTo') {
          const [c1, c2, e] = [p(0), p(2), p(4)];
          const s = last;
          for (let k = 1; k <= CURVE_STEPS; k++) {
            const t = k / CURVE_STEPS;
            const u = 1 - t;
            const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const;
            line([
              w[0] * s[0] + w[1] * c1[0] + w[2] * c2[0] + w[3] * e[0],
              w[0] * s[1] + w[1] * c1[1] + w[2] * c2[1] + w[3] * e[1],
            ]);
          }
        } else if (command === 'closePath') line(start);
      }
      line(start);
      pen += glyph.advanceWidth * scale;
    }
  }
  const width = Math.max(1, Math.min(Math.ceil(pen), Math.floor(maxWidth)));
  const height = Math.max(1, Math.ceil(ascent + descent));
  const bytesPerRow = Math.ceil(width / 8);
  const bits = new Uint8Array(bytesPerRow * height);
  for (let row = 0; row < height; row++) {
    const y = row + 0.5;
    const crossings: { x: number; dir: number }[] = [];
    for (const [x0, y0, x1, y1] of edges) {
      if (y < Math.min(y0, y1) || y >= Math.max(y0, y1)) continue;
      crossings.push({ x: x0 + ((y - y0) * (x1 - x0)) / (y1 - y0), dir: y1 > y0 ? 1 : -1 });
    }
    crossings.sort((a, b) => a.x - b.x);
    // Fill the spans where the winding number is not zero.
    let winding = 0;
    for (let i = 0; i + 1 < crossings.length; i++) {
      winding += (crossings[i] as { dir: number }).dir;
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil((crossings[i] as { x: number }).x - 0.5));
      const to = Math.min(width - 1, Math.floor((crossings[i + 1] as { x: number }).x - 0.5));
      for (let x = from; x <= to; x++) {
        const at = row * bytesPerRow + (x >> 3);
        bits[at] = (bits[at] ?? 0) | (0x80 >> (x & 7));
      }
    }
  }
  return { width, height, bytesPerRow, bits };
}
