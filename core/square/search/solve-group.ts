/**
 * One material group's square search: greedy, bounds, perfect packing, the root's column generation, dives
 * and branch and price, within a budget of work.
 */
import { barsBound, combinatorialBound, maxOffcutUsage } from '../../bounds/index.ts';
import type { Budget } from '../../budget.ts';
import { countingEngine, type LpEngine } from '../../lp/index.ts';
import { type Residual, TIGHT_TOLERANCE } from '../../master/index.ts';
import {
  type Ablation,
  type GroupPlan,
  Incumbent,
  type Job,
  LARGE_JOB_ITEM_TYPES,
  NO_ABLATION,
  NO_OPT_IN,
  newTrace,
  type OptIn,
  Proof,
  type SearchTrace,
} from '../../model/index.ts';
import { crossesBan, WASTE_LARGE_ROUND_WEIGHT } from '../../pricing/index.ts';
import type { NodeFixing } from '../../tree/index.ts';
import {
  budgetBeside,
  isFullBarJob,
  PackerRun,
  perfectPacker,
  phasedSchedule,
  runPacker,
  upfrontSchedule,
} from './exact/index.ts';
import { fewerBars, offerGreedyPlans } from './heuristics/index.ts';
import { FEWER_BARS_OPS, SLACK_FILL_FEWER_BARS_OPS } from './heuristics/tuning.ts';
import { ColumnGeneration, largePool, provesInfeasible, smallPool, solveRoot } from './master/index.ts';
import { ArcFixing, type SubtreeBan } from './tree/arc-fixing.ts';
import { firstDiveBudget, strongOf } from './tree/branch-and-price.ts';
import {
  Diver,
  firstDiveRule,
  laterDiveRule,
  mixedSearch,
  oneBarSearch,
  packerOpsPerRound,
  type TreeSearch,
} from './tree/index.ts';
import { FIXING_ROOT_ROUNDS, NODE_FIXING_GAP } from './tree/tuning.ts';

/**
 * How the search ended: `optimal`, a plan that meets the bound (and, under offcuts_first, uses the most
 * offcut material); `found`, a plan not proven optimal; `infeasible`, no plan, and the LP relaxation
 * proved that none exists; `none`, no plan found and none proven impossible.
 */
export type GroupStatus = 'optimal' | 'found' | 'infeasible' | 'none';

/** What the search knows about one job when it stops: a plan exactly when the status says one was found. */
export type GroupResult = GroupFigures &
  (
    | { readonly status: 'optimal' | 'found'; readonly plan: GroupPlan }
    | { readonly status: 'infeasible' | 'none'; readonly plan: null }
  );

interface GroupFigures {
  /** Valid lower bound on the cost (job cost units). */
  readonly bound: number;
  /** Valid lower bound on purchased bars. */
  readonly barsBound: number;
  readonly trace: SearchTrace;
  /**
   * Operations of the perfect-packing search, in all and until the root's column generation ended; null
   * where it did not run. Kept out of the trace, whose fingerprint `bench/same-plans.ts` compares.
   */
  readonly packer: PackerWork | null;
}

/** The perfect-packing search's operations over one solve (benchmark and tests). */
export interface PackerWork {
  readonly ops: number;
  readonly rootOps: number;
}

/** A search's counters, as the benchmark's work counts read them. */
export interface GroupSearch {
  readonly trace: SearchTrace;
  readonly packer: PackerWork | null;
}

/**
 * A goal short of the optimum, for callers that need only some plan good enough (the setups stage's
 * oracle): the search stops at the first plan that is `enough`, and gives up once its bound is `hopeless`.
 */
export interface SearchGoal {
  enough(plan: GroupPlan): boolean;
  hopeless(bound: number): boolean;
}

/**
 * Solves one material group, phase by phase (docs/solver.md, Stages): greedy plans for an instant
 * incumbent; combinatorial bounds; the perfect-packing search's first share (full one-bar jobs); the root
 * column generation; a first dive; then either the one-bar search (discrepancy dives, branch and price,
 * bar saver, perfect packing side by side) or the mixed one (mixes, a short tree, discrepancy dives, the
 * full tree). Each phase runs only while the plan is not proven and the budget lasts. Anytime: the
 * incumbent only improves. `off`: techniques switched off, `on`: opt-in techniques switched on, both for the
 * benchmark's measurements (never by the API).
 */
export function solveGroup(
  job: Job,
  engine: LpEngine,
  budget: Budget,
  goal?: SearchGoal,
  off: Ablation = NO_ABLATION,
  on: OptIn = NO_OPT_IN,
): GroupResult {
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const supply = Float64Array.from(job.sources, (s) => s.supply);
  const trace = newTrace();
  const usageTarget = job.offcutsFirst ? maxOffcutUsage(job, demand, supply) : 0;
  const inc = new Incumbent(job, usageTarget);
  trace.rejected = inc.rejected;

  offerGreedyPlans(job, inc, demand, supply);
  trace.greedyCost = inc.plan?.cost ?? null;
  trace.phase = 'greedy';

  const proof = new Proof(job, inc, usageTarget, combinatorialBound(job, demand));
  const reached = (): boolean => goal !== undefined && inc.plan !== null && goal.enough(inc.plan);
  const isOptimal = (): boolean => proof.optimal() || reached();
  // The perfect-packing search, once it exists, and its operations when the root's column generation ended.
  let run: PackerRun | null = null;
  let rootOps: number | null = null;
  const result = (infeasible = false): GroupResult => {
    // Fewer bars at equal cost; not for the setups oracle nor plans whose patterns count (setups, bundles).
    // With the slack fill (opt-in), a larger budget: its plans at the bound have more short bars.
    if (inc.plan && !goal && !job.keepPatterns && !off.has('fewer-bars'))
      inc.plan = fewerBars(job, inc.plan, on.has('slack-fill') ? SLACK_FILL_FEWER_BARS_OPS : FEWER_BARS_OPS);
    const plan = inc.plan;
    const bound = Math.min(proof.bound, plan?.cost ?? proof.bound);
    const work = run ? { ops: run.ops, rootOps: rootOps ?? run.ops } : null;
    const figures = { bound, barsBound: barsBound(job, bound), trace, packer: work };
    if (plan === null) return { ...figures, status: infeasible ? 'infeasible' : 'none', plan };
    return { ...figures, status: proof.optimal() ? 'optimal' : 'found', plan };
  };
  if (goal?.hopeless(proof.bound)) return result();

  // One-bar jobs whose bound leaves no room at all: an exact search for a perfect packing, a first share
  // on its own, then between the root's pricing rounds and beside the dives and the tree, by its schedule
  // (`packer-phase` off: the former one, all of the first share before the root). Still searching after
  // its first share, and shaped for it, the job is a full-bar job: column generation and the tree then
  // serve the proof (docs/solver.md).
  const packer =
    isOptimal() || off.has('perfect-packing') ? null : perfectPacker(job, demand, proof.bound, inc);
  run = packer ? new PackerRun(packer) : null;
  const perRound = packerOpsPerRound(demand, !off.has('packer-share'));
  const schedule = off.has('packer-phase')
    ? upfrontSchedule(demand, perRound)
    : phasedSchedule(demand, perRound);
  const searching = run !== null && runPacker(run, schedule.first, budget);
  const fullBars =
    searching &&
    !off.has('full-bars') &&
    !isOptimal() &&
    isFullBarJob(job, demand, proof.bound, !off.has('full-bar-share'))
      ? { floor: proof.bound }
      : undefined;
  if (isOptimal() || budget.expired()) return result();

  const root: Residual = { demand, lo: new Float64Array(job.sources.length), hi: supply, usage: usageTarget };
  // Master solves count the pricing rounds of the packer's schedule (root, first dive and tree alike).
  const counted = countingEngine(engine);
  // Reduced-cost fixing of arcs (technique `rc-fixing`): large one-bar jobs under waste-limited pricing.
  const fixable =
    !off.has('waste-limit') && job.items.length >= LARGE_JOB_ITEM_TYPES && ArcFixing.applies(job);
  const fixing =
    fixable && !off.has('rc-fixing')
      ? new ArcFixing(job, () => inc.pruneAt(), !off.has('fixing-scale'))
      : null;
  // Opt-in (`pool-large`, `pool-small`); not for the setups oracle nor plans whose patterns count.
  const pool =
    goal || job.keepPatterns
      ? undefined
      : ((on.has('pool-large') ? largePool(job, fullBars !== undefined) : undefined) ??
        (on.has('pool-small') ? smallPool(job) : undefined));
  const cg = new ColumnGeneration(job, counted.engine, root, {
    ...(fullBars ? { primalAfterColumns: true } : {}),
    pruneAt: () => inc.pruneAt(),
    off,
    ...(fixing ? { fixing } : {}),
    ...(pool ? { pool } : {}),
  });
  // A round priced by the waste-limited DP past its former cap counts as several in the schedule, which
  // gives the search about a round's time a round (technique `large-round-share`).
  const heavy = off.has('large-round-share') ? 0 : WASTE_LARGE_ROUND_WEIGHT - 1;
  const extraRounds = (): number => heavy * cg.largePricingCalls;
  try {
    // The phased schedule's search runs between the pricing rounds of the root and of the tree's nodes
    // (a node can take hundreds of rounds), wherever column generation checks its budget.
    const rounds = (): number => counted.solves() + extraRounds();
    const beside =
      run?.searching && schedule.duringRoot
        ? budgetBeside(budget, run, (r) => schedule.allowed(r), rounds, isOptimal)
        : budget;
    const first = solveRoot(job, cg, root, inc, proof.bound, beside, trace, !off.has('root-lift'));
    rootOps = run?.ops ?? null;
    proof.bound = first.bound;
    trace.phase = 'root';
    if (goal?.hopeless(proof.bound)) return result();
    if (inc.plan === null && first.out.artificial > 1e-6 && provesInfeasible(job, engine, root, budget)) {
      return result(true);
    }
    if (isOptimal() || budget.expired()) return result();

    const roundUp = job.sources.length > 1 && !off.has('round-up');
    // Opt-in (`slack-fill`); not where the plan's patterns count (setups, bundles).
    const bySlack = job.sources.length > 1 && on.has('slack-fill') && !job.keepPatterns;
    const diver = new Diver(job, cg, budget, trace, inc, isOptimal, roundUp, bySlack);
    diver.complete(first.out.x, root, []);
    cg.dropSubstitution();
    trace.phase = 'dive';
    // Full-bar jobs have no plan at the LP bound unless the perfect-packing search finds one, so their
    // first dive serves only completions: whole parts a step, not one bar (technique `full-bar-dive-parts`).
    const firstRule =
      fullBars && !off.has('full-bar-dive-parts') ? 'whole parts' : firstDiveRule(job, first.out.x);
    diver.dive(
      root,
      firstRule,
      0,
      undefined,
      firstDiveBudget(off, fullBars !== undefined, budget, counted.solves),
    );
    if (isOptimal() || budget.expired()) return result();

    if (fixable && !off.has('rc-rounds') && !isOptimal()) {
      // Near-optimal duals for the fixing: the root's floor stop ended at duals that are not. (They run
      // with the fixing off too, so the benchmark can tell the rounds' share from the fixing's.)
      cg.setResidual(root);
      const more = cg.solve(beside, { tolerance: TIGHT_TOLERANCE, rounds: FIXING_ROOT_ROUNDS });
      trace.cgIterations += more.iterations;
      if (isOptimal() || budget.expired()) return result();
    }
    trace.phase = 'branch';
    const search: TreeSearch = {
      job,
      cg,
      diver,
      diveSteps: laterDiveRule(job),
      root,
      rootCuts: first.cuts,
      trace,
      inc,
      ...(fullBars ? { fullBars } : {}),
      tight: !off.has('tight-bound'),
      ...(fullBars && !off.has('strong-branching') ? { strong: strongOf(off, on) } : {}),
      floorMargin: !off.has('floor-margin'),
      plunge: job.sources.length > 1 && on.has('plunge'),
      ...(fixing && !off.has('node-fixing') ? { nodeFixing: nodeFixingOf(fixing, cg, job, trace) } : {}),
    };
    if (job.sources.length === 1) {
      // The tree counts its rounds from its own start; the phased schedule counts them from the root's.
      // The former schedule's share beside the tree starts from where its first share ended.
      const before = schedule.duringRoot ? rounds() : 0;
      const extraBefore = extraRounds();
      const slack = run && !schedule.duringRoot ? run.ops - schedule.first : 0;
      const packerLeft = run
        ? {
            run,
            allowed: (r: number) => schedule.allowed(before + r + extraRounds() - extraBefore) + slack,
          }
        : null;
      const fix = fixing ? () => fixArcs(fixing, cg, job, trace) : undefined;
      proof.raise(oneBarSearch(search, proof.bound, beside, isOptimal, packerLeft, fix));
    } else {
      mixedSearch(search, proof, first.out.x, budget);
    }
    return result();
  } finally {
    trace.columns = cg.columns.length;
    cg.dispose();
  }
}

/**
 * One step of reduced-cost fixing before a tree node: new arcs fixed from the best duals seen make the
 * master hold every column crossing a fixed arc at zero at the tree's nodes (docs/solver.md).
 */
function fixArcs(fixing: ArcFixing, cg: ColumnGeneration, job: Job, trace: SearchTrace): void {
  if (!fixing.update()) return;
  banColumns(fixing, cg, job);
  trace.fixedArcs = fixing.counts.fixed;
  trace.fixingArcs ??= fixing.counts.arcs;
}

/**
 * The master holds every column crossing an arc of the ban in force at zero (at the tree's nodes); with no
 * ban in force (a node outside every fixed subtree, the root fixing not yet run) it holds none, so a
 * sibling subtree's ban is released.
 */
function banColumns(fixing: ArcFixing, cg: ColumnGeneration, job: Job): void {
  const ban = fixing.ban();
  const weights = job.items.map((it) => it.weight);
  cg.banColumns(ban ? (c) => crossesBan(ban, weights, c.counts) : () => false);
}

/**
 * Reduced-cost fixing at each tree node (technique `node-fixing`): the node's subtree ban in force while
 * it is solved, and more arcs fixed for its children from its own duals when they come within
 * `NODE_FIXING_GAP` bars of a plan (docs/solver.md, "Node-level fixing").
 */
function nodeFixingOf(fixing: ArcFixing, cg: ColumnGeneration, job: Job, trace: SearchTrace): NodeFixing {
  let entered: SubtreeBan | null = null;
  return {
    enter: (fixed) => {
      entered = fixed as SubtreeBan | null;
      if (fixing.enter(entered)) banColumns(fixing, cg, job);
    },
    fix: (here) => {
      const out = fixing.fixNode(here.lo[0] ?? 0, here.hi[0] ?? 0, here.arcs ?? new Map(), NODE_FIXING_GAP);
      if (fixing.nodeRuns > 0) {
        trace.nodeFixedArcs = fixing.nodeFixed;
        trace.nodeFixings = fixing.nodeRuns;
      }
      // The children's ban is in force now: the master holds the columns it refuses (for their solves).
      if (out !== 'empty' && out !== entered) banColumns(fixing, cg, job);
      return out;
    },
  };
}
