/**
 * Turns the solved groups into the response body of the contract: layouts with their part assignment,
 * waste and cut positions, purchases, remnants, unused offcuts, stats and bounds, in the caller's unit.
 * All arithmetic is on the scaled integers; a value is divided by the scale only when it is written out.
 */

import { bundleStats, setupKeyOf, setupsStats } from '../../setups/index.ts';
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
  Stats,
} from '../../types.ts';
import type { GroupPlan, Job } from '../model/index.ts';
import { assignParts, type Bar } from './assign-parts.ts';
import { barFigures } from './bar-figures.ts';

/** One solved material group, as the formatter needs it. */
export interface SolvedGroup {
  readonly job: Job;
  readonly plan: GroupPlan;
  /** Lower bound on the group's cost in job cost units. */
  readonly bound: number;
  readonly barsBound: number;
  readonly optimal: boolean;
  /** `fewest_setups` and `bundle`: a lower bound on the group's setups at the plan's cost. */
  readonly setupsBound?: number | null;
}

export interface FormatContext {
  readonly tier: string;
  readonly poweredBy: string;
  readonly solveTimeMs: number;
}

const key = (m: Material): string => m ?? '';

/** Builds the response body (with `verified: false`; the caller verifies and sets it). */
export function formatResponse(
  request: OptimiseRequest,
  groups: readonly SolvedGroup[],
  ctx: FormatContext,
): OptimiseResponse {
  const scale = request.scale;
  const out = (n: number): number => n / scale;
  const kerf: number = request.kerf;
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
    const merged = new Map<string, { bar: Bar; count: number }>();
    const setups = new Set<string>();
    for (const bar of assignParts(g.job, g.plan.layouts)) {
      const id = `${bar.layout.source}:${bar.parts.join(',')}`;
      const prev = merged.get(id);
      if (prev) prev.count += bar.count;
      else merged.set(id, { bar, count: bar.count });
    }
    for (const { bar, count } of merged.values()) {
      const source = g.job.sources[bar.layout.source];
      if (!source) continue;
      const lengths: number[] = bar.parts.map((p) => request.parts[p]?.length ?? 0);
      const fig = barFigures(source.length, lengths, kerf, request.trim);
      const placed: PlacedPart[] = bar.parts.map((p) => {
        const part = request.parts[p];
        return part?.label
          ? { part: p, length: out(part.length), label: part.label }
          : { part: p, length: out(part?.length ?? 0) };
      });
      combinations.push({
        usedComb: {
          combination: lengths.map(out),
          length: out(source.length),
          source: source.kind,
          sourceIndex: source.index,
          waste: { total: out(fig.total), remnant: out(fig.remnant), saw: out(fig.saw) },
          ...(g.job.material !== null ? { material: g.job.material } : {}),
          parts: placed,
          cutPositions: fig.cutPositions.map(out) as CutPosition[],
        },
        count,
      });
      t.parts += lengths.length * count;
      t.partsLength += lengths.reduce((a, b) => a + b, 0) * count;
      t.usedLength += source.length * count;
      t.cuts += fig.cutPositions.length * count;
      t.layouts += 1;
      setups.add(setupKeyOf(source.length, lengths));
      t.waste += fig.total * count;
      // Spec: leftovers minRemnant long or longer are usable remnants (with the default 0, every one).
      if (fig.remnant > 0 && fig.remnant >= request.minRemnant) {
        t.remnant += fig.remnant * count;
        const rk = `${key(g.job.material)}\u0000${fig.remnant}`;
        const r = remnants.get(rk);
        if (r) r.count += count;
        else remnants.set(rk, { length: fig.remnant, count, material: g.job.material });
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
    addInto(totals, t);
    if (materialTags) perMaterial.set(key(g.job.material), t);
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
    setups: t.setups,
  });
  let byMaterial: Record<string, MaterialStats> | undefined;
  if (materialTags) {
    byMaterial = {};
    for (const m of materialsOf(request)) {
      const t = perMaterial.get(key(m)) ?? emptyTotals();
      const pricedGroup = request.stocks.some((s) => s.material === m && s.price !== null);
      byMaterial[key(m)] = { ...statsOf(t, pricedGroup), stockBarsUsed: t.bars };
    }
  }
  const bundles = request.method === 'bundle' ? bundleStats(request, combinations, totals.bars) : null;
  const stats: Stats = {
    ...statsOf(totals, priced),
    ...setupsStats(groups, totals.setups),
    ...(bundles?.stats ?? {}),
    ...(byMaterial ? { byMaterial } : {}),
  };

  return {
    plan: {
      combinations: bundles?.combinations ?? combinations,
      purchases,
      usableRemnants: sortLeftovers([...remnants.values()]).map((r) =>
        leftover(out(r.length), r.count, r.material),
      ),
      unusedOffcuts: unusedOffcuts(request, usedOffcuts).map((r) =>
        leftover(out(r.length), r.count, r.material),
      ),
      stockBarsUsed: totals.bars,
      stockBarsLowerBound: groups.reduce((a, g) => a + g.barsBound, 0),
      totalWaste: out(totals.waste),
      optimal: groups.every((g) => g.optimal),
      verified: false,
      solveTimeMs: ctx.solveTimeMs,
    },
    stats,
    costLowerBound: priced ? costBound(request, groups) : null,
    meta: {
      method: request.method,
      objective: groups.some((g) => g.job.objective === 'price') ? 'cost' : 'material',
      kerf: out(kerf),
      tier: ctx.tier,
      poweredBy: ctx.poweredBy,
      unit: request.unit,
      unitFormat: request.unitFormat,
    },
  };
}

interface Totals {
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
  };
}

function addInto(a: Totals, b: Totals): void {
  for (const k of Object.keys(a) as (keyof Totals)[]) a[k] += b[k];
}

/** `100 · parts / used` rounded half up to 2 decimals, exactly (bigint: the product can pass 2^53). */
export function yieldPercent(partsLength: number, usedLength: number): number {
  if (usedLength <= 0) return 0;
  const hundredths = (20_000n * BigInt(partsLength) + BigInt(usedLength)) / (2n * BigInt(usedLength));
  return Number(hundredths) / 100;
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

/**
 * The cost bound in currency: for price-optimised groups, their bound; for other groups with prices, the
 * cheapest way to buy the missing material at the best price per length is not a safe floor once offcuts
 * exist, so those contribute 0. Rounded down onto the price grid so it never exceeds an exact plan cost.
 */
function costBound(request: OptimiseRequest, groups: readonly SolvedGroup[]): number {
  let units = 0;
  for (const g of groups) if (g.job.objective === 'price') units += g.bound * g.job.costUnit;
  return Math.floor(units) / request.priceScale;
}
