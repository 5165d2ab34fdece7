/** What every check needs: the request, indexed, and the reader that reports into one set of findings. */
import type { Material, Offcut, OptimiseRequest, Part, Stock } from '../types.ts';
import type { BarFigures } from './bar.ts';
import type { Findings } from './failure.ts';
import { Reader } from './read.ts';

export interface Context {
  readonly request: OptimiseRequest;
  readonly findings: Findings;
  readonly reader: Reader;
  /** Request entries by their `index` (their position in the request, which the response refers to). */
  readonly parts: ReadonlyMap<number, Part>;
  readonly stocks: ReadonlyMap<number, Stock>;
  readonly offcuts: ReadonlyMap<number, Offcut>;
  readonly kerf: bigint;
  readonly minRemnant: bigint;
}

export function contextOf(request: OptimiseRequest, findings: Findings): Context {
  return {
    request,
    findings,
    reader: new Reader(findings, request.scale, request.priceScale),
    parts: new Map(request.parts.map((p) => [p.index, p])),
    stocks: new Map(request.stocks.map((s) => [s.index, s])),
    offcuts: new Map(request.offcuts.map((o) => [o.index, o])),
    kerf: BigInt(request.kerf),
    minRemnant: BigInt(request.minRemnant),
  };
}

/** The source a layout is cut from. */
export type Source =
  | { readonly kind: 'stock'; readonly entry: Stock }
  | { readonly kind: 'offcut'; readonly entry: Offcut };

/**
 * A combination whose count, source and pieces could be read. Aggregate checks use only the request's
 * numbers through it (source and part lengths), never the response's, so a wrong figure in the response
 * cannot hide another.
 */
export interface CheckedLayout {
  /** Where it is in the response, for messages. */
  readonly at: string;
  readonly count: bigint;
  readonly source: Source;
  /** The source's material (a layout whose tag or parts disagree was reported already). */
  readonly material: Material;
  readonly pieces: readonly Part[];
  readonly bar: BarFigures;
  /** Σ the pieces' lengths: tip to tip when square, material lengths in angle mode. */
  readonly partsLength: bigint;
  /** `bundleBars` as sent (null when absent or unreadable, reported already). */
  readonly bundleBars: bigint | null;
  /**
   * Angle mode: each piece's bottom angles as its stated turn lays it (re-derived from the part's own
   * angles, 90 for square), which belong to the saw setup; absent for square plans.
   */
  readonly angles?: readonly (readonly [number, number])[];
  /** Angle mode: each cut's stop, `top/bottom` for an angled cut (square plans use `bar.cutPositions`). */
  readonly stops?: readonly string[];
}

/** The length of a usable remnant this bar leaves, or 0 when its leftover is waste. */
export function usableRemnantOf(bar: BarFigures, minRemnant: bigint): bigint {
  return bar.fits && bar.remnant > 0n && bar.remnant >= minRemnant ? bar.remnant : 0n;
}

/** The response's key for a material group: the untagged group is the empty string. */
export function groupKey(material: Material): string {
  return material ?? '';
}

/** A human name for a part in messages: `parts[2] "shelf" (600)`. */
export function partName(ctx: Context, part: Part): string {
  const label = part.label === null ? '' : ` ${JSON.stringify(part.label)}`;
  return `parts[${part.index}]${label} (${ctx.reader.showLength(BigInt(part.length))})`;
}
