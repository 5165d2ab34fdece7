/**
 * What the square and the angle formatters share: from each group's distinct layouts (built by the
 * formatter, which knows how its parts are laid) to the purchases, remnants, unused offcuts, totals and
 * per-material stats of the response. All arithmetic is on the scaled integers; a value is divided by the
 * scale only when it is written out.
 */

import type { Job } from '../model/index.ts';
import { sawStopsOf } from '../saw/index.ts';
import type {
  Combination,
  CutPosition,
  Leftover,
  Material,
  MaterialStats,
  OptimiseRequest,
  OptimiseResponse,
  PlacedPart,
  Purchase,
} from '../types.ts';

/** One distinct layout of a group's plan, written out, with the scaled figures the totals count. */
export interface TalliedLayout {
  readonly combination: Combination;
  readonly source: Job['sources'][number];
  readonly count: number;
  /** Parts on one bar. */
  readonly parts: number;
  /** Material of the parts on one bar. */
  readonly partsLength: number;
  readonly cuts: number;
  readonly waste: number;
  readonly remnant: number;
  /** The saw setup the layout needs (square cuts only: the setups figures count distinct ones). */
  readonly setupKey?: string;
}

/** What a geometry's layout step knows of one distinct layout (scaled integers, cut positions written out). */
export interface LayoutFigures {
  readonly source: Job['sources'][number];
  readonly material: Material;
  readonly count: number;
  /** Tip-to-tip (or square) lengths of the pieces in cut order. */
  readonly lengths: readonly number[];
  readonly placed: PlacedPart[];
  /** Every saw cut, already divided by the scale. */
  readonly cutPositions: CutPosition[];
  readonly waste: { readonly total: number; readonly remnant: number; readonly saw: number };
  /** Material of the pieces on one bar. */
  readonly partsLength: number;
  readonly setupKey: string;
}

/**
 * One distinct layout written out, the same for both geometries: the response's `usedComb` (every length
 * divided by the request's scale) and the scaled figures the totals count.
 */
export function talliedLayout(scale: number, f: LayoutFigures): TalliedLayout {
  const out = (n: number): number => n / scale;
  return {
    combination: {
      usedComb: {
        combination: f.lengths.map(out),
        length: out(f.source.length),
        source: f.source.kind,
        sourceIndex: f.source.index,
        waste: { total: out(f.waste.total), remnant: out(f.waste.remnant), saw: out(f.waste.saw) },
        ...(f.material !== null ? { material: f.material } : {}),
        parts: f.placed,
        cutPositions: f.cutPositions,
      },
      count: f.count,
    },
    source: f.source,
    count: f.count,
    parts: f.lengths.length,
    partsLength: f.partsLength,
    cuts: f.cutPositions.length,
    waste: f.waste.total,
    remnant: f.waste.remnant,
    setupKey: f.setupKey,
  };
}

export interface TalliedGroup {
  readonly material: Material;
  readonly layouts: Iterable<TalliedLayout>;
}

export interface Totals {
  parts: number;
  partsLength: number;
  usedLength: number;
  cuts: number;
  layouts: number;
  waste: number;
  remnant: number;
  bars: number;
  cost: number;
  setups: number;
  /** Saw stop settings (core/saw/stops.ts), summed over groups (each group is cut on its own rack). */
  sawStops: number;
}

/** The shared part of a response: the caller adds its own stats, bounds and meta around it. */
export interface Tally {
  readonly combinations: Combination[];
  readonly purchases: Purchase[];
  readonly usableRemnants: Leftover[];
  readonly unusedOffcuts: Leftover[];
  readonly totals: Totals;
  /** Whether any stock has a price (the stats then carry a total cost). */
  readonly priced: boolean;
  /** The stats of the whole plan, without `byMaterial`. */
  readonly stats: Omit<MaterialStats, 'stockBarsUsed'>;
  /** Present when the request tags anything with a material. */
  readonly byMaterial: Record<string, MaterialStats> | undefined;
}

const key = (m: Material): string => m ?? '';

/**
 * Tallies the groups' layouts. With `setups`, the stats carry the count of distinct setups per group
 * (`setupKey`s), summed over groups.
 */
export function tallyGroups(
  request: OptimiseRequest,
  groups: readonly TalliedGroup[],
  options: { readonly setups: boolean },
): Tally {
  const out = (n: number): number => n / request.scale;
  const combinations: Combination[] = [];
  const purchases: Purchase[] = [];
  const remnants = new Map<string, { length: number; count: number; material: Material }>();
  const usedOffcuts = new Map<number, number>();
  const perMaterial = new Map<string, Totals>();
  const totals = emptyTotals();
  const materialTags = anyMaterial(request);

  for (const g of groups) {
    const t = emptyTotals();
    const stockCount = new Map<number, number>();
    const setups = new Set<string>();
    const mine: Combination[] = [];
    for (const l of g.layouts) {
      const { source, count } = l;
      combinations.push(l.combination);
      mine.push(l.combination);
      t.parts += l.parts * count;
      t.partsLength += l.partsLength * count;
      t.usedLength += source.length * count;
      t.cuts += l.cuts * count;
      t.layouts += 1;
      if (l.setupKey !== undefined) setups.add(l.setupKey);
      t.waste += l.waste * count;
      // Spec: leftovers minRemnant long or longer are usable remnants (with the default 0, every one).
      if (l.remnant > 0 && l.remnant >= request.minRemnant) {
        t.remnant += l.remnant * count;
        const rk = `${key(g.material)}\u0000${l.remnant}`;
        const r = remnants.get(rk);
        if (r) r.count += count;
        else remnants.set(rk, { length: l.remnant, count, material: g.material });
      }
      if (source.kind === 'stock') {
        stockCount.set(source.index, (stockCount.get(source.index) ?? 0) + count);
        t.bars += count;
      } else usedOffcuts.set(source.index, (usedOffcuts.get(source.index) ?? 0) + count);
    }
    for (const [index, count] of [...stockCount.entries()].sort((a, b) => a[0] - b[0])) {
      const stock = request.stocks[index];
      if (!stock) continue;
      const base = { stock: index, length: out(stock.length), count };
      const withMaterial = stock.material !== null ? { material: stock.material } : {};
      if (stock.price !== null) {
        t.cost += stock.price * count;
        purchases.push({
          ...base,
          price: stock.price / request.priceScale,
          cost: (stock.price * count) / request.priceScale,
          ...withMaterial,
        });
      } else purchases.push({ ...base, ...withMaterial });
    }
    t.setups = setups.size;
    t.sawStops = sawStopsOf(mine);
    addInto(totals, t);
    if (materialTags) perMaterial.set(key(g.material), t);
  }

  const priced = request.stocks.some((s) => s.price !== null);
  const statsOf = (t: Totals, pricedGroup: boolean): Omit<MaterialStats, 'stockBarsUsed'> => ({
    totalParts: t.parts,
    totalPartsLength: out(t.partsLength),
    totalUsedLength: out(t.usedLength),
    yieldPercent: yieldPercent(t.partsLength, t.usedLength),
    cutCount: t.cuts,
    layoutCount: t.layouts,
    totalCost: pricedGroup ? t.cost / request.priceScale : null,
    trueWaste: out(t.waste - t.remnant),
    ...(options.setups ? { setups: t.setups } : {}),
    sawStops: t.sawStops,
  });
  let byMaterial: Record<string, MaterialStats> | undefined;
  if (materialTags) {
    // A null-prototype object: a material is the caller's text, and `__proto__` or `constructor` as a key of
    // a plain object would reach the prototype instead of an own entry.
    const entries: Record<string, MaterialStats> = Object.create(null);
    byMaterial = entries;
    for (const m of materialsOf(request)) {
      const t = perMaterial.get(key(m)) ?? emptyTotals();
      const pricedGroup = request.stocks.some((s) => s.material === m && s.price !== null);
      entries[key(m)] = { ...statsOf(t, pricedGroup), stockBarsUsed: t.bars };
    }
  }
  return {
    combinations,
    purchases,
    usableRemnants: sortLeftovers([...remnants.values()]).map((r) =>
      leftover(out(r.length), r.count, r.material),
    ),
    unusedOffcuts: unusedOffcuts(request, usedOffcuts).map((r) =>
      leftover(out(r.length), r.count, r.material),
    ),
    totals,
    priced,
    stats: statsOf(totals, priced),
    byMaterial,
  };
}

/** The response's `plan` (unverified): the tally's layouts and leftovers with the groups' bounds. */
export function planOf(
  request: OptimiseRequest,
  tally: Tally,
  groups: readonly { readonly barsBound: number; readonly optimal: boolean }[],
  solveTimeMs: number,
  combinations: Combination[] = tally.combinations,
): OptimiseResponse['plan'] {
  return {
    combinations,
    purchases: tally.purchases,
    usableRemnants: tally.usableRemnants,
    unusedOffcuts: tally.unusedOffcuts,
    stockBarsUsed: tally.totals.bars,
    stockBarsLowerBound: groups.reduce((a, g) => a + g.barsBound, 0),
    totalWaste: tally.totals.waste / request.scale,
    optimal: groups.every((g) => g.optimal),
    verified: false,
    solveTimeMs,
  };
}

/**
 * The cost bound in currency: for price-optimised groups, their bound; for other groups with prices, the
 * cheapest way to buy the missing material at the best price per length is not a safe floor once offcuts
 * exist, so those contribute 0. Rounded down onto the price grid so it never exceeds an exact plan cost.
 */
export function costBound(
  request: OptimiseRequest,
  groups: readonly { readonly job: Pick<Job, 'objective' | 'costUnit'>; readonly bound: number }[],
): number {
  let units = 0;
  for (const g of groups) if (g.job.objective === 'price') units += g.bound * g.job.costUnit;
  return Math.floor(units) / request.priceScale;
}

/** `100 · parts / used` rounded half up to 2 decimals, exactly (bigint: the product can pass 2^53). */
function yieldPercent(partsLength: number, usedLength: number): number {
  if (usedLength <= 0) return 0;
  const hundredths = (20_000n * BigInt(partsLength) + BigInt(usedLength)) / (2n * BigInt(usedLength));
  return Number(hundredths) / 100;
}

function emptyTotals(): Totals {
  return {
    parts: 0,
    partsLength: 0,
    usedLength: 0,
    cuts: 0,
    layouts: 0,
    waste: 0,
    remnant: 0,
    bars: 0,
    cost: 0,
    setups: 0,
    sawStops: 0,
  };
}

function addInto(a: Totals, b: Totals): void {
  for (const k of Object.keys(a) as (keyof Totals)[]) a[k] += b[k];
}

function anyMaterial(request: OptimiseRequest): boolean {
  return (
    request.parts.some((p) => p.material !== null) ||
    request.stocks.some((s) => s.material !== null) ||
    request.offcuts.some((o) => o.material !== null)
  );
}

/** Every material named anywhere in the request, untagged first, then in order of first appearance. */
function materialsOf(request: OptimiseRequest): Material[] {
  const seen: Material[] = [];
  for (const m of [...request.parts, ...request.stocks, ...request.offcuts].map((x) => x.material)) {
    if (!seen.includes(m)) seen.push(m);
  }
  return seen.sort((a, b) => (a === null ? -1 : b === null ? 1 : 0));
}

function leftover(length: number, count: number, material: Material): Leftover {
  return material !== null ? { length, count, material } : { length, count };
}

function sortLeftovers<T extends { length: number; material: Material }>(list: T[]): T[] {
  return list.sort(
    (a, b) =>
      b.length - a.length ||
      (key(a.material) < key(b.material) ? -1 : key(a.material) > key(b.material) ? 1 : 0),
  );
}

function unusedOffcuts(
  request: OptimiseRequest,
  used: Map<number, number>,
): { length: number; count: number; material: Material }[] {
  const grouped = new Map<string, { length: number; count: number; material: Material }>();
  for (const o of request.offcuts) {
    const left = o.quantity - (used.get(o.index) ?? 0);
    if (left <= 0) continue;
    const k = `${key(o.material)}\u0000${o.length}`;
    const g = grouped.get(k);
    if (g) g.count += left;
    else grouped.set(k, { length: o.length, count: left, material: o.material });
  }
  return sortLeftovers([...grouped.values()]);
}
