/**
 * The response body of an angle-cut request: layouts as sequences with each piece's part, turn and
 * angles as placed, cut positions as `[top, bottom]` pairs for angled cuts (a shared cut once), and every
 * figure counted in material lengths (docs/angle-cuts.md, "Material").
 */
import { type Cut, place } from '../geometry/mitre.ts';
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
} from '../types.ts';
import { type AngleJob, laid, type SeqBar } from './job.ts';
import type { AngleGroupResult } from './solve.ts';

export interface AngleFormatContext {
  readonly tier: string;
  readonly poweredBy: string;
  readonly solveTimeMs: number;
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
}

const zero = (): Totals => ({
  parts: 0,
  partsLength: 0,
  usedLength: 0,
  cuts: 0,
  layouts: 0,
  waste: 0,
  remnant: 0,
  bars: 0,
  cost: 0,
});
const key = (m: Material): string => m ?? '';
const angleOut = (a: number): number | null => (a === 90 ? null : a);

/** `100 · parts / used` rounded half up to 2 decimals, exactly (docs/solver.md, "Job figures"). */
function yieldPercent(partsLength: number, usedLength: number): number {
  if (usedLength <= 0) return 0;
  const hundredths = (20_000n * BigInt(partsLength) + BigInt(usedLength)) / (2n * BigInt(usedLength));
  return Number(hundredths) / 100;
}

/** Hands the request's part indices out to the pieces of the bars, shape by shape in request order. */
function assign(job: AngleJob, bars: readonly SeqBar[]): number[][] {
  const queues = job.shapes.map((s) =>
    s.parts.flatMap((p) => Array.from({ length: p.quantity }, () => p.part)),
  );
  const next = job.shapes.map(() => 0);
  return bars.map((b) =>
    b.pieces.map((p) => {
      const i = next[p.shape] ?? 0;
      next[p.shape] = i + 1;
      return queues[p.shape]?.[i] ?? -1;
    }),
  );
}

/** Builds the response (with `verified: false`; the caller verifies and sets it). */
export function formatAngleResponse(
  request: OptimiseRequest,
  groups: readonly AngleGroupResult[],
  ctx: AngleFormatContext,
): OptimiseResponse {
  const scale = request.scale;
  const out = (n: number): number => n / scale;
  const cutOut = (c: Cut): CutPosition => (typeof c === 'number' ? out(c) : [out(c[0]), out(c[1])]);
  const combinations: Combination[] = [];
  const purchases: Purchase[] = [];
  const remnants = new Map<string, { length: number; count: number; material: Material }>();
  const usedOffcuts = new Map<number, number>();
  const perMaterial = new Map<string, Totals>();
  const totals = zero();
  const tagged = [...request.parts, ...request.stocks, ...request.offcuts].some((x) => x.material !== null);

  for (const g of groups) {
    const { job } = g;
    const t = zero();
    const stockCount = new Map<number, number>();
    const partsOf = assign(job, g.bars);
    const merged = new Map<string, { bar: SeqBar; parts: number[]; count: number }>();
    g.bars.forEach((bar, i) => {
      const parts = partsOf[i] ?? [];
      const id = `${bar.source}:${bar.pieces.map((p, j) => `${parts[j]}.${job.shapes[p.shape]?.poses[p.pose]?.turn}`).join(',')}`;
      const prev = merged.get(id);
      if (prev) prev.count += 1;
      else merged.set(id, { bar, parts, count: 1 });
    });
    for (const { bar, parts, count } of merged.values()) {
      const source = job.base.sources[bar.source];
      if (!source) continue;
      const pieces = laid(job, bar);
      const fig = place(job.table, source.length, pieces, request.trim);
      const placed: PlacedPart[] = bar.pieces.map((p, j) => {
        const pose = job.shapes[p.shape]?.poses[p.pose];
        const part = request.parts[parts[j] ?? -1];
        return {
          part: parts[j] ?? -1,
          ...(part?.label ? { label: part.label } : {}),
          length: out(part?.length ?? 0),
          orientation: pose?.turn ?? 'none',
          leftAngle: angleOut(pose?.left ?? 90),
          rightAngle: angleOut(pose?.right ?? 90),
        };
      });
      combinations.push({
        usedComb: {
          combination: pieces.map((p) => out(p.length)),
          length: out(source.length),
          source: source.kind,
          sourceIndex: source.index,
          waste: { total: out(fig.total), remnant: out(fig.remnant), saw: out(fig.saw) },
          ...(job.material !== null ? { material: job.material } : {}),
          parts: placed,
          cutPositions: fig.cuts.map(cutOut),
        },
        count,
      });
      t.parts += pieces.length * count;
      t.partsLength += fig.material * count;
      t.usedLength += source.length * count;
      t.cuts += fig.cuts.length * count;
      t.layouts += 1;
      t.waste += fig.total * count;
      // Spec: leftovers minRemnant long or longer are usable remnants (with the default 0, every one).
      if (fig.remnant > 0 && fig.remnant >= request.minRemnant) {
        t.remnant += fig.remnant * count;
        const rk = `${key(job.material)}\u0000${fig.remnant}`;
        const r = remnants.get(rk);
        if (r) r.count += count;
        else remnants.set(rk, { length: fig.remnant, count, material: job.material });
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
    for (const k of Object.keys(totals) as (keyof Totals)[]) totals[k] += t[k];
    if (tagged) perMaterial.set(key(job.material), t);
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
  });
  let byMaterial: Record<string, MaterialStats> | undefined;
  if (tagged) {
    byMaterial = {};
    const seen: Material[] = [];
    for (const x of [...request.parts, ...request.stocks, ...request.offcuts])
      if (!seen.includes(x.material)) seen.push(x.material);
    seen.sort((a, b) => (a === null ? -1 : b === null ? 1 : 0));
    for (const m of seen) {
      const t = perMaterial.get(key(m)) ?? zero();
      const pricedGroup = request.stocks.some((s) => s.material === m && s.price !== null);
      byMaterial[key(m)] = { ...statsOf(t, pricedGroup), stockBarsUsed: t.bars };
    }
  }
  const stats: Stats = { ...statsOf(totals, priced), ...(byMaterial ? { byMaterial } : {}) };
  const leftover = (length: number, count: number, material: Material): Leftover =>
    material !== null ? { length: out(length), count, material } : { length: out(length), count };
  const sorted = <T extends { length: number; material: Material }>(list: T[]): T[] =>
    list.sort(
      (a, b) =>
        b.length - a.length ||
        (key(a.material) < key(b.material) ? -1 : key(a.material) > key(b.material) ? 1 : 0),
    );
  const unused = new Map<string, { length: number; count: number; material: Material }>();
  for (const o of request.offcuts) {
    const n = o.quantity - (usedOffcuts.get(o.index) ?? 0);
    if (n <= 0) continue;
    const k = `${key(o.material)}\u0000${o.length}`;
    const u = unused.get(k);
    if (u) u.count += n;
    else unused.set(k, { length: o.length, count: n, material: o.material });
  }
  let costUnits = 0;
  for (const g of groups) if (g.job.base.objective === 'price') costUnits += g.bound * g.job.base.costUnit;
  return {
    plan: {
      combinations,
      purchases,
      usableRemnants: sorted([...remnants.values()]).map((r) => leftover(r.length, r.count, r.material)),
      unusedOffcuts: sorted([...unused.values()]).map((r) => leftover(r.length, r.count, r.material)),
      stockBarsUsed: totals.bars,
      stockBarsLowerBound: groups.reduce((a, g) => a + g.barsBound, 0),
      totalWaste: out(totals.waste),
      optimal: groups.every((g) => g.optimal),
      verified: false,
      solveTimeMs: ctx.solveTimeMs,
    },
    stats,
    costLowerBound: priced ? Math.floor(costUnits) / request.priceScale : null,
    meta: {
      method: request.method,
      kerf: out(request.kerf),
      tier: ctx.tier,
      poweredBy: ctx.poweredBy,
      unit: request.unit,
      unitFormat: request.unitFormat,
    },
  };
}
