/**
 * Per-layout checks: the source exists and has the stated length, the pieces are request parts, the
 * material tags agree, the pieces fit under the kerf/trim rule, and the stated waste and cut positions are
 * the bar model's.
 */
import type { Material, Part } from '../types.ts';
import { checkAngleLayout } from './angles.ts';
import { type BarFigures, barFigures } from './bar.ts';
import { type CheckedLayout, type Context, partName, type Source } from './context.ts';
import type { Rec } from './read.ts';

/** Checks every combination; returns those readable enough for the aggregate checks. */
export function checkLayouts(ctx: Context, combinations: readonly unknown[]): CheckedLayout[] {
  const checked: CheckedLayout[] = [];
  const seen = new Map<string, string>();
  combinations.forEach((raw, i) => {
    const layout = checkLayout(ctx, raw, `plan.combinations[${i}]`);
    if (layout === null) return;
    // In angle mode a piece's turn is part of the layout: the same parts turned otherwise cut differently.
    const turns = ctx.request.angleCuts === null ? [] : turnsOf(raw);
    const key = `${layout.source.kind}:${layout.source.entry.index}:${layout.pieces.map((p, j) => `${p.index}${turns[j] ?? ''}`).join(',')}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, layout.at);
    else
      ctx.findings.add(
        'layouts',
        `${layout.at} repeats the layout of ${first}: identical layouts are merged`,
      );
    checked.push(layout);
  });
  return checked;
}

/** The `orientation` of each placed part of a raw combination (for the identity of angle layouts). */
function turnsOf(raw: unknown): string[] {
  const used = (raw as { usedComb?: { parts?: unknown } } | null)?.usedComb;
  const parts = Array.isArray(used?.parts) ? (used.parts as unknown[]) : [];
  return parts.map((p) => {
    const o = (p as { orientation?: unknown } | null)?.orientation;
    return typeof o === 'string' ? `/${o}` : '';
  });
}

function checkLayout(ctx: Context, raw: unknown, at: string): CheckedLayout | null {
  const { reader } = ctx;
  const comb = reader.record(raw, at);
  if (comb === null) return null;
  const count = reader.integer(comb.count, `${at}.count`);
  const path = `${at}.usedComb`;
  const used = reader.record(comb.usedComb, path);
  if (used === null) return null;
  const source = sourceOf(ctx, used, path);
  const pieces = piecesOf(ctx, used, path);
  checkMaterial(ctx, used, path, source, pieces);
  let bundleBars: bigint | null = null;
  if (count !== null && used.bundleBars !== undefined) {
    const bundled = reader.integer(used.bundleBars, `${path}.bundleBars`, 0);
    if (bundled !== null && bundled > count) {
      ctx.findings.add('count', `${path}.bundleBars is ${bundled}, more than the layout's ${count} bars`);
    } else bundleBars = bundled;
  }
  if (source === null || pieces === null || count === null) return null;
  const sourceLength = BigInt(source.entry.length);
  if (ctx.request.angleCuts !== null) {
    // Angle mode: bars hold sequences whose room depends on neighbouring edges (docs/angle-cuts.md).
    const angled = checkAngleLayout(ctx, used, path, sourceLength, pieces);
    if (angled === null) return null;
    const { bar, partsLength, angles, stops } = angled;
    return {
      at,
      count,
      source,
      material: source.entry.material,
      pieces,
      bar,
      partsLength,
      bundleBars,
      angles,
      stops,
    };
  }
  const angled = pieces.find((p) => p.leftAngle !== null || p.rightAngle !== null);
  if (angled !== undefined) {
    ctx.findings.add('unsupported', `${path} holds angled ${partName(ctx, angled)} without angle cuts on`);
  }
  const lengths = pieces.map((p) => BigInt(p.length));
  const bar = barFigures(sourceLength, lengths, ctx.kerf, ctx.request.trim);
  if (!bar.fits) {
    const need = sourceLength - bar.free;
    ctx.findings.add(
      'fit',
      `${path} needs ${ctx.reader.showLength(need)} (pieces, kerfs and trim) on a source of ${ctx.reader.showLength(sourceLength)}`,
    );
  } else if (angled === undefined) {
    checkWaste(ctx, used.waste, `${path}.waste`, bar);
    checkCutPositions(ctx, used.cutPositions, `${path}.cutPositions`, bar);
  }
  const partsLength = lengths.reduce((a, b) => a + b, 0n);
  return { at, count, source, material: source.entry.material, pieces, bar, partsLength, bundleBars };
}

function sourceOf(ctx: Context, used: Rec, path: string): Source | null {
  const { reader, findings } = ctx;
  const index = reader.index(used.sourceIndex, `${path}.sourceIndex`);
  let source: Source | null = null;
  if (used.source !== 'stock' && used.source !== 'offcut') {
    findings.add('source', `${path}.source is ${JSON.stringify(used.source)}, not "stock" or "offcut"`);
  } else if (index !== null) {
    const stock = used.source === 'stock' ? ctx.stocks.get(index) : undefined;
    const offcut = used.source === 'offcut' ? ctx.offcuts.get(index) : undefined;
    if (stock !== undefined) source = { kind: 'stock', entry: stock };
    else if (offcut !== undefined) source = { kind: 'offcut', entry: offcut };
    else
      findings.add('source', `${path}.sourceIndex ${index} names no entry of the request's ${used.source}s`);
  }
  if (source !== null) {
    reader.sameLength(used.length, `${path}.length`, BigInt(source.entry.length), 'source');
  }
  return source;
}

/** The request parts the layout cuts, in cut order, or null when any placed part is unreadable. */
function piecesOf(ctx: Context, used: Rec, path: string): Part[] | null {
  const { reader, findings } = ctx;
  const placed = reader.array(used.parts, `${path}.parts`);
  if (placed === null) return null;
  if (placed.length === 0) findings.add('parts', `${path}.parts is empty: a layout cuts at least one piece`);
  const pieces: (Part | null)[] = placed.map((raw, j) => placedPart(ctx, raw, `${path}.parts[${j}]`));
  const combination = reader.array(used.combination, `${path}.combination`);
  if (combination !== null && combination.length !== placed.length) {
    findings.add(
      'combination',
      `${path}.combination has ${combination.length} lengths for ${placed.length} parts`,
    );
  } else if (combination !== null) {
    combination.forEach((value, j) => {
      const part = pieces[j];
      if (part) reader.sameLength(value, `${path}.combination[${j}]`, BigInt(part.length), 'combination');
    });
  }
  const known = pieces.filter((p): p is Part => p !== null);
  return known.length === pieces.length && known.length > 0 ? known : null;
}

function placedPart(ctx: Context, raw: unknown, path: string): Part | null {
  const { reader, findings } = ctx;
  const placed = reader.record(raw, path);
  if (placed === null) return null;
  const index = reader.index(placed.part, `${path}.part`);
  if (index === null) return null;
  const part = ctx.parts.get(index);
  if (part === undefined) {
    findings.add('parts', `${path}.part ${index} names no request part`);
    return null;
  }
  reader.sameLength(placed.length, `${path}.length`, BigInt(part.length), 'parts');
  if (placed.label !== undefined && placed.label !== part.label) {
    findings.add(
      'parts',
      `${path}.label is ${JSON.stringify(placed.label)}, ${partName(ctx, part)} has ${JSON.stringify(part.label)}`,
    );
  }
  return part;
}

/** The layout's tag, its source's and its parts' must all be the same group. */
function checkMaterial(
  ctx: Context,
  used: Rec,
  path: string,
  source: Source | null,
  pieces: Part[] | null,
): void {
  const tag = ctx.reader.material(used.material, `${path}.material`);
  // Without a readable source the layout's own tag is the reference for its parts.
  const expected: Material | undefined =
    source !== null ? source.entry.material : tag.ok ? tag.material : undefined;
  if (expected === undefined) return;
  const name = (m: Material) => (m === null ? 'untagged' : JSON.stringify(m));
  if (tag.ok && tag.material !== expected) {
    ctx.findings.add(
      'material',
      `${path}.material is ${name(tag.material)}, its source is ${name(expected)}`,
    );
  }
  const strangers = new Set((pieces ?? []).filter((p) => p.material !== expected));
  for (const part of strangers) {
    ctx.findings.add(
      'material',
      `${path} cuts ${partName(ctx, part)} of ${name(part.material)} from ${name(expected)} material`,
    );
  }
}

function checkWaste(ctx: Context, raw: unknown, path: string, bar: BarFigures): void {
  const waste = ctx.reader.record(raw, path);
  if (waste === null) return;
  ctx.reader.sameLength(waste.total, `${path}.total`, bar.total, 'waste');
  ctx.reader.sameLength(waste.remnant, `${path}.remnant`, bar.remnant, 'waste');
  ctx.reader.sameLength(waste.saw, `${path}.saw`, bar.saw, 'waste');
}

function checkCutPositions(ctx: Context, raw: unknown, path: string, bar: BarFigures): void {
  const cuts = ctx.reader.array(raw, path);
  if (cuts === null) return;
  if (cuts.length !== bar.cutPositions.length) {
    ctx.findings.add(
      'cutPositions',
      `${path} lists ${cuts.length} cuts, the bar takes ${bar.cutPositions.length}`,
    );
    return;
  }
  bar.cutPositions.forEach((expected, j) => {
    const value = cuts[j];
    if (Array.isArray(value))
      ctx.findings.add('cutPositions', `${path}[${j}] is a [top, bottom] pair for a square cut`);
    else ctx.reader.sameLength(value, `${path}[${j}]`, expected, 'cutPositions');
  });
}
