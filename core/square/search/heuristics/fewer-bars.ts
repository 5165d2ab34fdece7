/**
 * The fewer-bars pass every final plan of a search goes through (technique `fewer-bars`): plans of one
 * cost differ in their bars (under least waste three bars of 4,000 mm cost what four of 3,000 do), and
 * which plan at the bound the search meets first is chance. The pass repacks pools of the plan's bars
 * into fewer bars at the same cost, and keeps a repacking only when the plan gets no worse in anything a
 * caller sees: cost, material bought and owned material cut (waste), usable remnant (at `minRemnant`),
 * prioritised bars and distinct layouts. docs/solver.md, "The fewer-bars pass".
 */
import {
  type GroupPlan,
  type Job,
  type Layout,
  mergeLayouts,
  patternWeight,
  priorityBars,
  rng,
} from '../../../model/index.ts';
import {
  FEWER_BARS_OPS,
  FEWER_BARS_POOL,
  FEWER_BARS_POOL_OPS,
  FEWER_BARS_POOL_PIECES,
  FEWER_BARS_RANDOM_OPS,
  FEWER_BARS_RANDOM_POOL,
  FEWER_BARS_SEED,
  FEWER_BARS_SETS,
  FEWER_BARS_TRIES,
} from './tuning.ts';
import { packWithinValue, type ValuePackOutcome } from './value-pack.ts';

/** What a plan shows a caller beyond its cost: each must not get worse for a repacking to be kept. */
interface Figures {
  readonly cost: number;
  /** Stock bars bought, then every bar cut (owned offcuts included). */
  readonly stockBars: number;
  readonly bars: number;
  /** Length of every bar cut: the waste is this less the pieces' lengths, which both plans share. */
  readonly length: number;
  readonly priority: number;
  readonly layouts: number;
  /** The usable remnant as the answer's tally counts it: leftovers past their end cut, `minRemnant` or longer. */
  readonly remnant: number;
}

function figuresOf(job: Job, plan: GroupPlan): Figures {
  let stockBars = 0;
  let bars = 0;
  let length = 0;
  let remnant = 0;
  const least = Math.max(1, job.minRemnant ?? 0);
  for (const l of plan.layouts) {
    const s = job.sources[l.source];
    if (!s) continue;
    bars += l.count;
    if (s.kind === 'stock') stockBars += l.count;
    length += s.length * l.count;
    // free = capacity − load (kerf per piece and trim included); the tally's end cut takes up to a kerf.
    const free = s.capacity - patternWeight(job, l.counts);
    const rem = Math.max(0, free - job.kerf);
    if (rem >= least) remnant += rem * l.count;
  }
  return {
    cost: plan.cost,
    stockBars,
    bars,
    length,
    priority: priorityBars(job, plan),
    layouts: plan.layouts.length,
    remnant,
  };
}

/**
 * Whether `a` keeps every figure of `b` and has fewer bars (stock bars first). The same cost, not less: a
 * cheaper plan would be news to the search's proof and its observer, which the pass does not tell.
 */
function fewerAndNoWorse(a: Figures, b: Figures): boolean {
  if (a.cost !== b.cost || a.length > b.length || a.priority < b.priority || a.layouts > b.layouts)
    return false;
  if (a.stockBars > b.stockBars || (a.stockBars === b.stockBars && a.bars >= b.bars)) return false;
  return a.remnant >= b.remnant;
}

/** One physical bar of a plan, with the layout it came from. */
interface Bar {
  readonly layout: Layout;
  readonly load: number;
}

/**
 * Repacks pools of `plan`'s bars into fewer bars at the same cost while the operations last (`opLimit`
 * in all), and returns the plan with the fewest bars found that is no worse than `plan` in any figure
 * above (`plan` itself when none is). Pools are first the first 2 to {@link FEWER_BARS_POOL} bars in two
 * orders (cheapest kind first, least loaded first within it: short bars are what longer ones replace;
 * and most leftover first), then {@link FEWER_BARS_TRIES} pools of 2 to {@link FEWER_BARS_RANDOM_POOL}
 * bars drawn from a fixed seed (a plan at the bound has its bars nearly full, and which few of them
 * repack into fewer is a matter of their pieces' sums). A pool is searched only where some set of fewer
 * bars within the supply left costs no more and holds its load ({@link setsFor}); its pieces are packed
 * exactly into such a set ({@link repackPool}), the plan's own patterns tried first so that the repacking
 * adds as few layouts as it can. Deterministic; jobs of one kind of bar and `offcuts_first` jobs (whose
 * offcut usage ranks first) are returned as they are.
 */
export function fewerBars(job: Job, plan: GroupPlan, opLimit = FEWER_BARS_OPS): GroupPlan {
  if (job.sources.length < 2 || job.offcutsFirst) return plan;
  if (job.sources.some((s) => !Number.isInteger(s.cost) || s.cost < 0)) return plan;
  let best = plan;
  let figures = figuresOf(job, plan);
  let ops = 0;
  const m = job.items.length;
  const cost = (b: Bar): number => job.sources[b.layout.source]?.cost ?? 0;
  const leftover = (b: Bar): number => (job.sources[b.layout.source]?.capacity ?? 0) - b.load;
  const random = rng(FEWER_BARS_SEED);
  let tries = 0;
  /** The plan with `pool` (indices into `bars`) repacked into fewer bars, if one is no worse; else null. */
  const tryPool = (bars: readonly Bar[], pool: readonly number[], poolOps: number): GroupPlan | null => {
    const demand = new Int32Array(m);
    let pieces = 0;
    let poolCost = 0;
    let poolLoad = 0;
    const use = new Float64Array(job.sources.length);
    const poolUse = new Float64Array(job.sources.length);
    for (const b of bars) use[b.layout.source] = (use[b.layout.source] ?? 0) + 1;
    for (const j of pool) {
      const b = bars[j];
      if (!b) return null;
      poolCost += cost(b);
      poolLoad += b.load;
      poolUse[b.layout.source] = (poolUse[b.layout.source] ?? 0) + 1;
      for (let i = 0; i < m; i++) {
        demand[i] = (demand[i] ?? 0) + (b.layout.counts[i] ?? 0);
        pieces += b.layout.counts[i] ?? 0;
      }
    }
    if (pieces > FEWER_BARS_POOL_PIECES) return null;
    const supply = job.sources.map((s, k) => s.supply - (use[k] ?? 0) + (poolUse[k] ?? 0));
    const { sets, steps } = setsFor(job, supply, pool.length - 1, poolCost, poolLoad);
    ops += steps;
    if (sets.length === 0) return null;
    const out = repackPool(job, demand, sets, best, Math.min(poolOps, opLimit - ops));
    ops += out.ops;
    if (out.status !== 'packed') return null;
    const inPool = new Set(pool);
    const rest = new Map<Layout, number>();
    bars.forEach((b, j) => {
      if (!inPool.has(j)) rest.set(b.layout, (rest.get(b.layout) ?? 0) + 1);
    });
    const layouts: Layout[] = [...rest].map(([l, count]) => ({ ...l, count }));
    for (const b of out.bars) layouts.push({ source: b.kind, counts: b.counts, count: 1 });
    const next = mergeLayouts(job, layouts);
    const nextFigures = figuresOf(job, next);
    if (!fewerAndNoWorse(nextFigures, figures)) return null;
    figures = nextFigures;
    return next;
  };
  for (let improved = true; improved && ops < opLimit; ) {
    improved = false;
    const bars: Bar[] = [];
    for (const l of best.layouts) {
      const load = patternWeight(job, l.counts);
      for (let c = 0; c < l.count; c++) bars.push({ layout: l, load });
    }
    const index = bars.map((_, j) => j);
    const orders = [
      [...index].sort(
        (a, b) => cost(bars[a] as Bar) - cost(bars[b] as Bar) || (bars[a]?.load ?? 0) - (bars[b]?.load ?? 0),
      ),
      [...index].sort((a, b) => leftover(bars[b] as Bar) - leftover(bars[a] as Bar)),
    ];
    let next: GroupPlan | null = null;
    prefixes: for (const order of orders) {
      for (let n = 2; n <= Math.min(FEWER_BARS_POOL, order.length) && ops < opLimit; n++) {
        next = tryPool(bars, order.slice(0, n), FEWER_BARS_POOL_OPS);
        if (next) break prefixes;
      }
    }
    for (; !next && tries < FEWER_BARS_TRIES && ops < opLimit && bars.length > 2; tries++) {
      const n = 2 + Math.floor(random() * (Math.min(FEWER_BARS_RANDOM_POOL, bars.length) - 1));
      const pool = new Set<number>();
      while (pool.size < n) pool.add(Math.floor(random() * bars.length));
      next = tryPool(bars, [...pool], FEWER_BARS_RANDOM_OPS);
    }
    if (next) {
      best = next;
      improved = true;
    }
  }
  return best;
}

/**
 * A pool's pieces packed into one of `sets` (bars of each source) in turn, each bar valued at its capacity
 * against the set's capacity: the waste budget is exactly the set's room beyond the pieces, the tightest
 * there is (a set's packing may leave some of its bars out).
 */
function repackPool(
  job: Job,
  demand: Int32Array,
  sets: readonly Float64Array[],
  plan: GroupPlan,
  opLimit: number,
): ValuePackOutcome {
  let ops = 0;
  for (const set of sets) {
    if (ops >= opLimit) break;
    let room = 0;
    for (let k = 0; k < set.length; k++) room += (set[k] ?? 0) * (job.sources[k]?.capacity ?? 0);
    const out = packWithinValue({
      weights: job.items.map((it) => it.weight),
      counts: demand,
      kinds: job.sources.map((s, k) => ({ capacity: s.capacity, value: s.capacity, supply: set[k] ?? 0 })),
      target: room,
      opLimit: Math.min(FEWER_BARS_POOL_OPS, opLimit - ops),
      preferred: plan.layouts.map((l) => ({ kind: l.source, counts: l.counts })),
    });
    ops += out.ops;
    if (out.status === 'packed') return { ...out, ops };
  }
  return { status: 'unknown', ops };
}

/**
 * The sets of at most `bars` bars (counts per source, within `supply`) that cost at most `cost`, hold
 * `load` by capacity, and take no further bar within those limits (a set's packing covers its subsets'):
 * at most {@link FEWER_BARS_SETS}, fewest bars first, and the steps the enumeration took (charged as
 * operations). None: the pool's pieces cannot fit in fewer bars at no greater cost, and it is not searched.
 */
function setsFor(
  job: Job,
  supply: readonly number[],
  bars: number,
  cost: number,
  load: number,
): { sets: Float64Array[]; steps: number } {
  const K = job.sources.length;
  const order = job.sources
    .map((_, k) => k)
    .sort((a, b) => (job.sources[b]?.capacity ?? 0) - (job.sources[a]?.capacity ?? 0));
  const out: { set: Float64Array; bars: number }[] = [];
  const set = new Float64Array(K);
  let steps = 0;
  const rec = (at: number, left: number, spend: number, room: number): void => {
    if (++steps > SETS_STEPS) return;
    const k = order[at];
    if (k === undefined) {
      if (room < load) return;
      // Maximal: no bar of any source fits the bars and cost left.
      for (let q = 0; q < K; q++) {
        const s = job.sources[q];
        if (s && left > 0 && (set[q] ?? 0) < (supply[q] ?? 0) && spend + s.cost <= cost) return;
      }
      out.push({ set: set.slice(), bars: bars - left });
      return;
    }
    const s = job.sources[k];
    if (!s) return;
    // The longest bars left cannot make up the rest: nothing shorter can.
    if (room + left * s.capacity < load) return;
    const most = Math.min(left, supply[k] ?? 0, s.cost > 0 ? Math.floor((cost - spend) / s.cost) : left);
    for (let c = most; c >= 0; c--) {
      set[k] = c;
      rec(at + 1, left - c, spend + c * s.cost, room + c * s.capacity);
    }
    set[k] = 0;
  };
  rec(0, bars, 0, 0);
  out.sort((a, b) => a.bars - b.bars);
  return { sets: out.slice(0, FEWER_BARS_SETS).map((o) => o.set), steps };
}

/** Steps of the enumeration of bar sets: a bound for jobs of many sources (offcuts). */
const SETS_STEPS = 2_000;
