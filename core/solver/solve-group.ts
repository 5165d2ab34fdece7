import { type Budget, workLimited } from '../budget.ts';
import {
  anchorOffcuts,
  cheapMixes,
  continuousBound,
  costSources,
  l2Bound,
  liftBound,
  type Mix,
  maxOffcutUsage,
} from './bounds/index.ts';
import { PerfectPacking } from './exact/index.ts';
import { BarSaver, downsize, greedyPack, sourcePreference } from './heuristics/index.ts';
import type { LpEngine } from './lp/index.ts';
import { ColumnGeneration, type Residual, safeCeil } from './master/index.ts';
import {
  type GroupPlan,
  Incumbent,
  type Job,
  LARGE_JOB_ITEM_TYPES,
  newTrace,
  offcutUsage,
  patternWeight,
  runToEnd,
  type SearchTrace,
} from './model/index.ts';
import { branchAndPrice, branchAndPriceSteps, Diver, type TreeSearch } from './tree/index.ts';

/** What the search knows about one job when it stops. */
export interface GroupResult {
  /** The best plan found; null when the supply cannot cover the demand. */
  readonly plan: GroupPlan | null;
  /** Valid lower bound on the cost (job cost units). */
  readonly bound: number;
  /** Valid lower bound on purchased bars. */
  readonly barsBound: number;
  /** True only when the plan meets the bound (and, under offcuts_first, uses the most offcut material). */
  readonly optimal: boolean;
  /** True when the LP relaxation itself proved that no plan exists. */
  readonly infeasible: boolean;
  readonly trace: SearchTrace;
}

/**
 * Solves one material group: greedy plans for an instant incumbent, combinatorial bounds, column generation
 * for the LP bound, a dive on the LP, then branch and price on the number of bars of each source (with
 * dives at the leaves), then limited-discrepancy dives until the plan meets the bound or the budget ends.
 * Anytime: the incumbent only improves.
 */
export function solveGroup(job: Job, engine: LpEngine, budget: Budget): GroupResult {
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const supply = Float64Array.from(job.sources, (s) => s.supply);
  const trace = newTrace();
  const usageTarget = job.offcutsFirst ? maxOffcutUsage(job, demand, supply) : 0;
  const inc = new Incumbent(job, usageTarget);
  trace.rejected = inc.rejected;
  const weightOf = (c: Int32Array): number => patternWeight(job, c);
  const pref = sourcePreference(job);
  for (const rule of ['first', 'best'] as const) {
    const bars = greedyPack(job, rule, demand, supply, pref);
    inc.offer(bars);
    if (bars) inc.offer(downsize(job, bars, supply, weightOf));
    if (job.offcutsFirst) {
      // Start from the offcut bars of the usage matching, so the first plan already uses U*.
      const anchored = anchorOffcuts(job, demand, supply);
      const rest = supply.slice();
      for (const b of anchored.bars) rest[b.source] = (rest[b.source] ?? 0) - 1;
      inc.offer(greedyPack(job, rule, anchored.left, rest, pref, anchored.bars));
    }
  }
  trace.greedyCost = inc.plan?.cost ?? null;
  trace.phase = 'greedy';

  let bound = combinatorialBound(job, demand);
  const isOptimal = (): boolean => {
    const p = inc.plan;
    if (!p || p.cost > bound) return false;
    return !job.offcutsFirst || offcutUsage(job, p.layouts) >= usageTarget;
  };
  // One-bar jobs whose bound leaves no room at all (every bar filled to the last unit, as in the AI
  // instances): an exact search for such a packing, first on its own, then beside the dives and the tree.
  const packer = isOptimal() ? null : perfectPacker(job, demand, bound, inc);
  const pieces = demand.reduce((a, d) => a + d, 0);
  const packerFirst = Math.min(PACKER_FIRST_OPS, PACKER_FIRST_OPS_PER_PIECE_SQUARED * pieces * pieces);
  let searching = packer !== null;
  for (let ops = 0; packer && ops < packerFirst && !budget.expired(); ops += PACKER_SLICE) {
    searching = packer.work(PACKER_SLICE);
    if (!searching) break;
  }
  // Full-bar jobs: a better plan fills every bar to the last unit, and the perfect-packing search, still
  // on it after its first phase, is the search for one where nearly every bar must take a piece over
  // half its length, the shape it is built for (on the AI instances it finds the packings dives miss;
  // on cut lists with fewer such pieces the dives find them, and without dives 13 of 30 were missed).
  // Column generation and the tree then serve the proof: the master is re-solved by primal simplex,
  // every node's LP stops at the pieces' total over the capacity (its floor), and no dives run beside or
  // below the tree (docs/solver.md, Search, item 6: what each measured on ANI).
  const fullBars =
    searching && !isOptimal() && barsWithoutLongPiece(job, demand, bound) <= FULL_BAR_SHORT_BARS
      ? { floor: bound }
      : undefined;
  const result = (infeasible = false): GroupResult => ({
    plan: inc.plan,
    bound: Math.min(bound, inc.plan?.cost ?? bound),
    barsBound: barsBound(job, Math.min(bound, inc.plan?.cost ?? bound)),
    optimal: isOptimal(),
    infeasible,
    trace,
  });
  if (isOptimal() || budget.expired()) return result();

  const root: Residual = { demand, lo: new Float64Array(job.sources.length), hi: supply, usage: usageTarget };
  const cg = new ColumnGeneration(job, engine, root, fullBars ? { primalAfterColumns: true } : {});
  try {
    seedColumns(job, cg, root, inc.plan);
    const first = cg.solve(budget, { settle: true, cutoff: inc.pruneAt() });
    trace.cgIterations += first.iterations;
    trace.rootLp = first.lpValue;
    bound = Math.max(bound, safeCeil(first.bound));
    const rootCuts = cg.lastCut ? [cg.lastCut] : [];
    bound = liftBound(bound, inc.pruneAt(), costSources(job, root), rootCuts);
    trace.phase = 'root';
    if (inc.plan === null && first.artificial > 1e-6 && provesInfeasible(job, engine, root, budget)) {
      return result(true);
    }
    if (isOptimal() || budget.expired()) return result();

    const diver = new Diver(job, cg, budget, trace, inc, isOptimal);
    const search: TreeSearch = {
      job,
      cg,
      diver,
      root,
      rootCuts,
      trace,
      inc,
      ...(fullBars ? { fullBars } : {}),
    };
    // Whole-part steps except in large one-bar jobs, whose dives must turn on single bars to find perfect
    // packings (with whole-part steps three 750–1000-item random instances ended a bar above the optimum).
    diver.wholeSteps = job.sources.length > 1 || job.items.length < LARGE_JOB_ITEM_TYPES;
    // Their first dive still fixes a share of the bars at each node when there are many bars: one node
    // per bar does not finish in the budget. Hard28's jobs (under 100 bars) lost two proofs with shares.
    let rootBars = 0;
    for (const v of first.x) rootBars += v;
    diver.shareSteps = !diver.wholeSteps && rootBars >= SHARE_MIN_BARS;
    diver.complete(first.x, root, []);
    cg.dropSubstitution();
    trace.phase = 'dive';
    diver.dive(root, [], 0, 0);
    diver.shareSteps = false;
    if (isOptimal() || budget.expired()) return result();

    // One-bar jobs: limited-discrepancy dives (they find the perfect packings of easy-but-tight jobs
    // fastest) side by side with the complete branch and price (which proves the ⌈LP⌉ + 1 optima) and a
    // local search that tries to save a bar (it finds the near-perfect packings of 500 pieces that the
    // dives miss). The dives' deviations fall on single bars, which is what finds the perfect packings
    // (Hard28 BPP781: 4.3 s this way, unsolved in 20 s with whole-part steps).
    trace.phase = 'branch';
    if (job.sources.length === 1) {
      diver.wholeSteps = false;
      const packerLeft = packer ? { packer, ops: PACKER_TOTAL_OPS - packerFirst } : null;
      bound = Math.max(bound, interleave(search, bound, budget, isOptimal, packerLeft));
      return result();
    }
    // Jobs with several kinds of bar first get a short branch and price: most of their gaps lie in the
    // mix of sources, which a few branches close and a dive does not change; then short dives for the
    // plans the first dive missed, then the full tree. Their phases hand over after pricing rounds (a
    // multiple of the rounds so far), not milliseconds, so the search is the same on any machine.
    const rounds = (): number => trace.cgIterations;
    const workFor = (factor: number, least: number): Budget =>
      workLimited(budget, rounds, rounds() + Math.max(least, factor * rounds()));
    // The mixes of bars that could still beat the incumbent, when few: each searched on its own, the
    // bar counts fixed, cheapest first (the cuts usually put the optimum's mix first).
    const mixes = cheapMixes(bound, inc.pruneAt(), costSources(job, root), rootCuts, MIX_LIMIT);
    if (mixes) {
      const pass = searchMixes(
        search,
        mixes,
        cg.sourceTotals(first.x),
        workFor(MIX_PASS_WORK, MIN_MIXED_ROUNDS),
      );
      bound = Math.max(bound, pass);
      if (isOptimal() || budget.expired()) return result();
    }
    bound = Math.max(bound, branchAndPrice(search, bound, workFor(QUICK_TREE_WORK, MIN_MIXED_ROUNDS)));
    if (isOptimal() || budget.expired()) return result();
    const lds = workFor(LDS_WORK_MIXED, MIN_MIXED_ROUNDS);
    for (let discrepancy = 1; discrepancy <= 2 && !isOptimal() && !lds.expired(); discrepancy++) {
      const state = { exhausted: true };
      diver.dive(root, [], 0, discrepancy, state, lds);
      if (state.exhausted) break;
    }
    if (isOptimal() || budget.expired()) return result();
    bound = Math.max(bound, branchAndPrice(search, bound, budget));
    return result();
  } finally {
    trace.columns = cg.columns.length;
    cg.dispose();
  }
}

/**
 * Large one-bar jobs whose root LP uses at least this many bars take share steps in their first dive
 * (`Diver.takeShare`). With shares at any size, Hard28 (60–80 bars) ended 22/23 reached and 21/23 proven
 * instead of 23/23; the random set (up to 537 bars) was all proven either way, its p95 1.1 s instead of 3.1 s.
 */
const SHARE_MIN_BARS = 200;

/**
 * One-bar jobs: operations of the bar saver (moves and subsets looked at) per pricing round of the dives
 * and the tree, handed over in slices of `SAVER_SLICE`. A small share (about a millisecond a round): the
 * saver finds its plans early or not at all, and an ⌈LP⌉ + 1 job needs the rounds for its proof (with
 * about five times this share Hard28's slowest proof took 18.8 s; with this one, 12.9–14.7 s).
 */
const SAVER_OPS_PER_ROUND = 20_000;
const SAVER_SLICE = 20_000;

/**
 * One-bar jobs with no room to spare: operations of the perfect-packing search (about 5 ns each) before
 * column generation (2,000 per piece squared, at most `PACKER_FIRST_OPS`), then per pricing round of the
 * dives and the tree, in slices, up to a total. The AI packings it finds take 13,000–180,000,000
 * operations (seed 1), and the root LP of a 1,002-piece AI instance is not solved in 20 s, so the large ones must
 * be found before it. The ANI instances look the same (their pieces add up to whole bars) but have no
 * perfect packing: the search never ends there, and the total caps what it takes from their proofs
 * (up to about 9 s of their 60). A practical cut list of 100 pieces whose lengths happen to add up to whole bars
 * pays at most 20 million operations (about 0.1 s).
 */
const PACKER_FIRST_OPS = 800_000_000;
const PACKER_FIRST_OPS_PER_PIECE_SQUARED = 2_000;
const PACKER_OPS_PER_ROUND = 5_000_000;
const PACKER_TOTAL_OPS = 1_000_000_000;
const PACKER_SLICE = 20_000;

/** A perfect-packing search that offers what it finds; `work` says whether it is still searching. */
interface Packer {
  work(ops: number): boolean;
}

/**
 * The perfect-packing search for a one-bar job whose bound is exactly its pieces' total over the bar
 * capacity (so every bar of an optimal plan is full to the last unit), or null for any other job.
 */
function perfectPacker(job: Job, demand: Int32Array, bound: number, inc: Incumbent): Packer | null {
  const source = job.sources[0];
  if (job.sources.length !== 1 || !source || source.cost <= 0) return null;
  const bars = bound / source.cost;
  if (!Number.isInteger(bars) || bars <= 0 || bars > source.supply) return null;
  const input = {
    weights: job.items.map((it) => it.weight),
    demands: [...demand],
    capacity: source.capacity,
    bins: bars,
  };
  if (!PerfectPacking.applies(input)) return null;
  const search = new PerfectPacking(input);
  let done = false;
  return {
    work(ops: number): boolean {
      if (done) return false;
      const step = search.work(ops);
      if (step.status === 'working') return true;
      done = true;
      if (step.status === 'found') {
        const layouts = step.bins.map((bin) => {
          const counts = new Int32Array(job.items.length);
          for (const i of bin) counts[i] = (counts[i] ?? 0) + 1;
          return { source: 0, counts, count: 1 };
        });
        inc.offer(layouts, 'perfect packing');
      }
      return false;
    },
  };
}

/**
 * Full-bar jobs may have at most this many bars without a piece over half the bar (the AI and ANI
 * instances have 1 or 2; cut lists built from random whole bars had half their bars or more).
 */
const FULL_BAR_SHORT_BARS = 2;

/** Bars of a one-bar job's bound (in bars) that no piece over half a bar can fill. */
function barsWithoutLongPiece(job: Job, demand: Int32Array, bound: number): number {
  const source = job.sources[0];
  if (!source || source.cost <= 0) return Number.POSITIVE_INFINITY;
  let long = 0;
  job.items.forEach((it, i) => {
    if (2 * it.weight > source.capacity) long += demand[i] ?? 0;
  });
  return bound / source.cost - long;
}

/** One-bar jobs: pricing rounds of branch and price per round of the limited-discrepancy dives. */
const TREE_ROUNDS_PER_DIVE_ROUND = 1;

/**
 * One-bar jobs: limited-discrepancy dives (one, then two deviations) and the complete branch and price run
 * side by side, a node at a time, the tree getting `TREE_ROUNDS_PER_DIVE_ROUND` pricing rounds for each
 * of the dives', and the bar saver `SAVER_OPS_PER_ROUND` operations for each round of either.
 * Sharing by work, not time, keeps the search the same on any machine (a 30 % time share for the dives
 * made plans differ between fast and slow machines). Returns the tree's bound.
 */
function interleave(
  search: TreeSearch,
  rootBound: number,
  budget: Budget,
  isOptimal: () => boolean,
  packer: { readonly packer: Packer; readonly ops: number } | null,
): number {
  const { diver, root, trace } = search;
  const tree = branchAndPriceSteps(search, rootBound, budget);
  function* dives(): Generator<void, void, void> {
    for (let discrepancy = 1; discrepancy <= 2; discrepancy++) {
      const state = { exhausted: true };
      yield* diver.steps(root, [], 0, discrepancy, state);
      if (state.exhausted) return;
    }
  }
  const lds = dives();
  let ldsDone = false;
  let diveRounds = 0;
  let treeRounds = 0;
  const saver = BarSaver.applies(search.job) ? new BarSaver(search.job, search.inc) : null;
  let saverOps = 0;
  let packerOps = 0;
  let packing = packer !== null;
  while (!isOptimal() && !budget.expired()) {
    const before = trace.cgIterations;
    if (
      packer &&
      packing &&
      packerOps < Math.min(packer.ops, PACKER_OPS_PER_ROUND * (diveRounds + treeRounds + 1))
    ) {
      packing = packer.packer.work(PACKER_SLICE);
      packerOps += PACKER_SLICE;
    } else if (saver && saverOps < SAVER_OPS_PER_ROUND * (diveRounds + treeRounds + 1)) {
      saver.work(SAVER_SLICE);
      saverOps += SAVER_SLICE;
    } else if (!ldsDone && !search.fullBars && diveRounds * TREE_ROUNDS_PER_DIVE_ROUND <= treeRounds) {
      ldsDone = lds.next().done === true;
      diveRounds += trace.cgIterations - before;
    } else {
      const step = tree.next();
      if (step.done) return step.value;
      treeRounds += trace.cgIterations - before;
    }
  }
  // Stopped (plan proven or time up): the tree reports the bound of what it left open.
  return runToEnd(tree);
}

/** Jobs with several kinds of bar: pricing rounds for the short tree and for the dives, as multiples of
 * the rounds so far, and the fewest either gets. */
const QUICK_TREE_WORK = 0.25;
const LDS_WORK_MIXED = 1;
const MIN_MIXED_ROUNDS = 20;

/**
 * Jobs with several kinds of bar: the most mixes (bar counts per source) searched one by one, and the
 * pricing rounds for the whole pass and for each mix, as multiples of the rounds so far.
 */
const MIX_LIMIT = 64;
const MIX_PASS_WORK = 1;
const MIX_EACH_WORK = 0.25;

/**
 * Searches each mix (bars of every paid source fixed; free sources stay within their bounds) by branch
 * and price, cheapest first, equal costs nearest the root LP's bar totals first. Every plan's mix is in
 * the list (it satisfies the cuts and costs less than the incumbent), so once the mixes below a cost are
 * closed, no plan is cheaper than it. Each mix gets a share of the pass's pricing rounds, so one hard mix
 * (practical seed 279: 238 rounds) does not hold up the others; a mix left open ends the bound's rise.
 * Returns the bound the pass proves.
 */
function searchMixes(search: TreeSearch, mixes: readonly Mix[], totals: Float64Array, pass: Budget): number {
  const { job, root, trace, inc, cg } = search;
  const rounds = (): number => trace.cgIterations;
  const away = (n: readonly number[]): number => n.reduce((d, x, k) => d + Math.abs(x - (totals[k] ?? 0)), 0);
  const order = [...mixes].sort(
    (a, b) => a.cost - b.cost || away(a.n) - away(b.n) || a.n.join().localeCompare(b.n.join()),
  );
  // A mix may ask for bars of a source no column uses yet: without one, its restricted master reads as
  // infeasible and the mix would be closed unsearched (a false proof: two 2000s at 12 over one 3000 at 10).
  job.sources.forEach((s, k) => {
    if (cg.columns.some((c) => c.source === k) || !mixes.some((m) => (m.n[k] ?? 0) > 0)) return;
    const counts = new Int32Array(job.items.length);
    let room = s.capacity;
    job.items.forEach((it, i) => {
      const take = Math.min(root.demand[i] ?? 0, Math.floor(room / it.weight));
      counts[i] = take;
      room -= take * it.weight;
    });
    if (counts.some((c) => c > 0)) cg.addColumn(k, counts);
  });
  let bound = Number.NEGATIVE_INFINITY;
  let closed = true;
  for (const mix of order) {
    if (mix.cost >= inc.pruneAt() || pass.expired()) break;
    if (closed) bound = Math.max(bound, mix.cost);
    const lo = root.lo.slice();
    const hi = root.hi.slice();
    job.sources.forEach((s, k) => {
      if (s.cost > 0) {
        lo[k] = mix.n[k] ?? 0;
        hi[k] = mix.n[k] ?? 0;
      }
    });
    const each = workLimited(pass, rounds, rounds() + Math.max(MIN_MIXED_ROUNDS, MIX_EACH_WORK * rounds()));
    const left = branchAndPrice({ ...search, root: { ...root, lo, hi } }, mix.cost, each);
    if (left < inc.pruneAt()) closed = false;
  }
  cg.setResidual(root);
  // Every mix below the incumbent closed: nothing beats it.
  if (closed && !pass.expired()) bound = Math.max(bound, inc.pruneAt());
  return bound;
}

/**
 * Phase one: with every bar free, the master's optimum is positive exactly when no fractional plan covers
 * the demand from the finite supply, and then no plan exists at all.
 */
function provesInfeasible(job: Job, engine: LpEngine, root: Residual, budget: Budget): boolean {
  const free: Job = { ...job, sources: job.sources.map((s) => ({ ...s, cost: 0 })), offcutsFirst: false };
  const cg = new ColumnGeneration(free, engine, { ...root, usage: 0 });
  try {
    seedColumns(free, cg, root, null);
    const out = cg.solve(budget);
    return out.status === 'optimal' && out.artificial > 1e-6;
  } finally {
    cg.dispose();
  }
}

/** L2 when the group has one kind of bar with unlimited supply and the objective counts bars. */
function combinatorialBound(job: Job, demand: Int32Array): number {
  const stockOnly = job.sources.every((s) => s.kind === 'stock' && !Number.isFinite(s.supply));
  const caps = new Set(job.sources.map((s) => s.capacity));
  if (!stockOnly || caps.size !== 1) return 0;
  const capacity = job.sources[0]?.capacity ?? 1;
  const minCost = Math.min(...job.sources.map((s) => s.cost));
  const weights = job.items.map((it) => it.weight);
  const bars = Math.max(
    continuousBound({ weights, demands: demand, capacity }),
    l2Bound({ weights, demands: demand, capacity }),
  );
  return bars * minCost;
}

/** A lower bound on purchased bars, from the cost bound when bars are the cost, else by capacity. */
function barsBound(job: Job, costBound: number): number {
  const stocks = job.sources.filter((s) => s.kind === 'stock');
  if (stocks.length === 0) return 0;
  const offcutsFree = job.sources.every((s) => s.kind === 'stock' || s.cost === 0);
  const costs = new Set(stocks.map((s) => s.cost));
  if (job.objective !== 'waste' && offcutsFree && Math.min(...costs) > 0) {
    // Every purchased bar costs at most the dearest stock and offcuts cost nothing.
    return Math.max(0, Math.ceil(costBound / Math.max(...costs) - 1e-9));
  }
  let total = 0;
  for (const it of job.items) total += it.weight * it.demand;
  for (const s of job.sources) if (s.kind === 'offcut') total -= s.capacity * s.supply;
  const maxCap = Math.max(...stocks.map((s) => s.capacity));
  return Math.max(0, Math.ceil(total / maxCap));
}

/** Adds the incumbent's layouts and one homogeneous pattern per item on the preferred source. */
function seedColumns(job: Job, cg: ColumnGeneration, root: Residual, plan: GroupPlan | null): void {
  for (const l of plan?.layouts ?? []) cg.addColumn(l.source, l.counts);
  const pref = sourcePreference(job).filter((k) => (root.hi[k] ?? 0) > 0);
  job.items.forEach((it, i) => {
    const k = pref.find((p) => (job.sources[p]?.capacity ?? 0) >= it.weight);
    if (k === undefined) return;
    const counts = new Int32Array(job.items.length);
    counts[i] = Math.min(root.demand[i] ?? 0, Math.floor((job.sources[k]?.capacity ?? 0) / it.weight));
    if ((counts[i] ?? 0) > 0) cg.addColumn(k, counts);
  });
}
