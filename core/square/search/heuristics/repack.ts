/**
 * Repacking a few bars of a plan with several kinds of bar (off in the search, `REPACK_IN_SEARCH`): the pieces of the bars
 * that waste the most money pooled and packed again, exactly, into cheaper bars.
 */
import type { GroupPlan, Job, Layout, Source } from '../../../model/index.ts';
import { packJobWithinCost } from './pack-at-bound.ts';
import {
  FEWER_POOL_BARS,
  FEWER_POOL_PIECES,
  FEWER_ROUNDS,
  REPACK_OPS,
  REPACK_POOL_BARS,
  REPACK_POOL_PIECES,
  REPACK_ROUNDS,
} from './tuning.ts';

/**
 * Improves `plan` by repacking pools of its bars: the bars that waste the most money (cost beyond their
 * pieces' length at the cheapest rate) are taken two, three, … at a time, and their pieces packed again
 * by the exact packing within a cost (`packJobWithinCost`) into bars the supply left allows, for at least
 * one cost unit less; the first pool that gives is replaced, and the plan repacked again. Stops at `bound`
 * (nothing cheaper exists) or when no pool gives. On the practical jobs with several kinds of bar the
 * root LP usually proves the optimum, and the plans the dives find waste about one cost unit in a few bars
 * (docs/solver.md, "Repacking the wasteful bars"): this finds them without an LP solve. Returns the better
 * plan's bars, or null when none was found. Work: at most `REPACK_OPS` operations a pool.
 */
export function repackWasteful(job: Job, plan: GroupPlan, bound: number): Layout[] | null {
  let bars = unfold(plan.layouts);
  let cost = plan.cost;
  let improved = false;
  for (let round = 0; round < REPACK_ROUNDS && cost > bound; round++) {
    const better = repackOnce(job, bars, cost, 'cheaper');
    if (!better) break;
    bars = better.bars;
    cost = better.cost;
    improved = true;
  }
  // Plans of one cost differ in their bars (three short bars may cost what two long ones do): one that
  // reached the bound here also gets fewer bars where its shortest ones pack into fewer at the same cost.
  for (let round = 0; improved && cost <= bound && round < FEWER_ROUNDS; round++) {
    const fewer = repackOnce(job, bars, cost, 'fewer');
    if (!fewer) break;
    bars = fewer.bars;
  }
  return improved ? bars : null;
}

/** One bar of a plan (a layout of count 1). */
type Bar = Layout;

function unfold(layouts: readonly Layout[]): Bar[] {
  const out: Bar[] = [];
  for (const l of layouts)
    for (let c = 0; c < l.count; c++) out.push({ source: l.source, counts: l.counts, count: 1 });
  return out;
}

/**
 * The first pool whose pieces fit cheaper bars (`cheaper`: two bars, then three, …, most wasteful first)
 * or fewer bars at no more cost (`fewer`: the shortest bars, least loaded first).
 */
function repackOnce(
  job: Job,
  bars: readonly Bar[],
  cost: number,
  want: 'cheaper' | 'fewer',
): { bars: Bar[]; cost: number } | null {
  const rate = cheapestRate(job);
  const longest = Array.from(job.sources.keys()).sort(
    (a, b) => (job.sources[b]?.capacity ?? 0) - (job.sources[a]?.capacity ?? 0) || a - b,
  );
  const weight = (b: Bar): number => {
    let w = 0;
    b.counts.forEach((c, i) => {
      w += c * (job.items[i]?.weight ?? 0);
    });
    return w;
  };
  const waste = bars.map((b) => (job.sources[b.source]?.cost ?? 0) - rate * weight(b));
  const capacity = (k: number): number => job.sources[bars[k]?.source ?? 0]?.capacity ?? 0;
  const loads = bars.map(weight);
  const order =
    want === 'cheaper'
      ? Array.from(bars.keys())
          .filter((k) => (waste[k] ?? 0) > 0)
          .sort((a, b) => (waste[b] ?? 0) - (waste[a] ?? 0) || a - b)
      : Array.from(bars.keys()).sort(
          (a, b) => capacity(a) - capacity(b) || (loads[a] ?? 0) - (loads[b] ?? 0) || a - b,
        );
  const most = want === 'fewer' ? FEWER_POOL_BARS : REPACK_POOL_BARS;
  for (let size = 2; size <= Math.min(most, order.length); size++) {
    const pool = order.slice(0, size);
    const inPool = new Set(pool);
    const pieces: number[] = [];
    let poolCost = 0;
    for (const k of pool) {
      const b = bars[k];
      if (!b) continue;
      poolCost += job.sources[b.source]?.cost ?? 0;
      b.counts.forEach((c, i) => {
        for (let n = 0; n < c; n++) pieces.push(i);
      });
    }
    if (pieces.length > (want === 'fewer' ? FEWER_POOL_PIECES : REPACK_POOL_PIECES)) break;
    // Costs are whole units: a cheaper repack saves at least one, which the pool must waste.
    let poolWaste = 0;
    for (const k of pool) poolWaste += waste[k] ?? 0;
    if (want === 'cheaper' && poolWaste < 1 - 1e-9) continue;
    // Supply left for the pool: what the other bars do not use.
    const left = job.sources.map((s) => s.supply);
    bars.forEach((b, k) => {
      if (!inPool.has(k)) left[b.source] = (left[b.source] ?? 0) - 1;
    });
    const demand = new Int32Array(job.items.length);
    for (const i of pieces) demand[i] = (demand[i] ?? 0) + 1;
    // The packing takes the first of equally wasteful fills: longest bars first, so fewer bars.
    const out = packJobWithinCost(
      { ...job, sources: longest.map((k) => job.sources[k] as Source) },
      demand,
      longest.map((k) => left[k] ?? 0),
      want === 'cheaper' ? poolCost - 1 : poolCost,
      REPACK_OPS,
    );
    // No more bars than the pool: a cheaper plan that cuts more bars is not what a shop would take.
    if (out.status !== 'packed' || out.layouts.length > pool.length - (want === 'fewer' ? 1 : 0)) continue;
    let packedCost = 0;
    for (const l of out.layouts) packedCost += (job.sources[longest[l.source] ?? 0]?.cost ?? 0) * l.count;
    const kept = bars.filter((_, k) => !inPool.has(k));
    const back = out.layouts.map((l) => ({ ...l, source: longest[l.source] ?? 0 }));
    return { bars: [...kept, ...unfold(back)], cost: cost - poolCost + packedCost };
  }
  return null;
}

/** The least cost per unit of capacity of any source (a bar's worth of waste is priced at it). */
function cheapestRate(job: Job): number {
  let rate = Number.POSITIVE_INFINITY;
  for (const s of job.sources) if (s.capacity > 0) rate = Math.min(rate, s.cost / s.capacity);
  return Number.isFinite(rate) ? rate : 0;
}
