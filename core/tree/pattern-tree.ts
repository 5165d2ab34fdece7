/**
 * The pattern tree both geometries share: branch and price over any pattern kind (`treeSteps` over a
 * `PatternTree`), branching on source totals, then on the most fractional arc flow; a kind supplies its
 * arcs' flows, how integral flows make a plan and its completions.
 */

import { type CountCut, costSources, liftBound } from '../bounds/index.ts';
import type { Budget } from '../budget.ts';
import {
  type CgOutcome,
  type CgStop,
  type CoveringMaster,
  type PatternColumn,
  type Residual,
  TIGHT_ROUNDS,
  TIGHT_TOLERANCE,
} from '../master/index.ts';
import type { Job } from '../model/index.ts';
import { ceilBound } from '../numbers.ts';
import {
  type ArcSplit,
  metNear,
  nearFloor,
  type StrongBranching,
  type StrongHistory,
  splitArc,
  strongSplit,
  trialSolvesAllowed,
} from './strong-branching.ts';

interface BranchNode {
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly arcs: ReadonlyMap<string, { readonly lo: number; readonly hi: number }>;
  /** A valid bound on every plan in the node (LP, cost grid and cuts on the bar counts). */
  readonly bound: number;
  /**
   * What the nodes are explored by: the bound from the LP and the cost grid alone. The cuts often lift
   * every node to the same value, and exploring by it lost the LP's sense of where good plans are
   * (docs/solver.md, Tuning).
   */
  readonly order: number;
  readonly depth: number;
  /** Arcs fixed for this node's subtree by its ancestors (technique `node-fixing`; null: none). */
  readonly fixed: object | null;
}

/**
 * Reduced-cost fixing for a node's subtree (technique `node-fixing`), where the pattern kind has it:
 * what a node's ancestors fixed is in force at the node, and the node's own duals may fix more for its
 * children. The state is the kind's own (opaque to the tree).
 */
export interface NodeFixing {
  /** Before a node's master: the arcs fixed for it (null at the root, and when the tree ends). */
  enter(fixed: object | null): void;
  /**
   * After a node's LP, before its split: the arcs fixed for its subtree (the node's own state when it
   * fixes nothing), or 'empty' when no plan of the subtree can beat the incumbent.
   */
  fix(here: Residual): object | null | 'empty';
}

/** An arc's flow in an LP solution, and how much a fraction of it counts when choosing what to split. */
export interface BranchFlow {
  readonly value: number;
  readonly weight: number;
}

/**
 * What the tree needs of a pattern kind (square multisets, angle sequences): its covering master, whose
 * pricing port understands source and arc bounds, and the few things only the kind knows: its arcs'
 * flows, how integral flows make a plan, and how it looks for plans around a node.
 */
export interface PatternTree<C extends PatternColumn> {
  /** Sources and costs (the bound lifts to sums of whole bars' costs). */
  readonly job: Job;
  readonly master: CoveringMaster<C>;
  readonly root: Residual;
  /** Cuts on the bar counts valid for every plan of the root's demand (none for a kind that records none). */
  readonly rootCuts: readonly CountCut[];
  readonly trace: { branchNodes: number; cgIterations: number; tightNodes?: number; strongProbes?: number };
  readonly fullBars?: { readonly floor: number };
  /**
   * Tight bounds at the proof's edge: a node whose LP rounds up to the incumbent while its bound does
   * not gets up to `TIGHT_ROUNDS` more pricing rounds at `TIGHT_TOLERANCE` (technique `tight-bound`).
   */
  readonly tight?: boolean;
  /** A node costing this much or more cannot improve the incumbent (∞ with none to prune by). */
  pruneAt(): number;
  /** Flow on every arc of the LP solution `x`, by arc key (the map's order breaks ties between splits). */
  arcFlows(x: Float64Array): ReadonlyMap<string, BranchFlow>;
  /**
   * Totals and arc flows of `x` are integral: offer the plan they make. True when that closes the node,
   * whose plans all cost `nodeBound` or more; false leaves the node open in the bound (a plan dearer than
   * the bound: the LP's columns may not be every pattern, or the flows lost a bar making the plan exact).
   */
  integral(x: Float64Array, totals: Float64Array, nodeBound: number): boolean;
  /** Looks for plans near a solved node's LP (completions). */
  explored?(x: Float64Array, here: Residual): void;
  /** A node at `depth` was split: a chance to dive from it. */
  branched?(here: Residual, depth: number): void;
  /** Reduced-cost fixing for subtrees (technique `node-fixing`), where the kind has it. */
  readonly fixing?: NodeFixing;
  /** Strong branching on arcs at the full-bar floor (technique `strong-branching`; full-bar jobs only). */
  readonly strong?: StrongBranching;
  /** A node LP a hair above the full-bar floor stops there (technique `floor-margin`; full-bar jobs). */
  readonly floorMargin?: boolean;
  /** Depth first over nodes of few arc bounds (opt-in technique `plunge`; {@link nodeOrder}). */
  readonly plunge?: boolean;
}

/** Branch and price over any pattern kind (see {@link branchAndPrice}); pauses after each node's master. */
export function* treeSteps<C extends PatternColumn>(
  tree: PatternTree<C>,
  rootBound: number,
  budget: Budget,
): Generator<void, number, void> {
  const { job, master: cg, root, rootCuts, trace } = tree;
  const open: BranchNode[] = [
    {
      lo: root.lo.slice(),
      hi: root.hi.slice(),
      arcs: new Map(),
      bound: rootBound,
      // One-bar jobs keep exploring from the bound they were tuned on; with several kinds of bar the
      // root's bound includes the cuts, so the LP's order starts afresh below it.
      order: job.sources.length === 1 ? rootBound : Number.NEGATIVE_INFINITY,
      depth: 0,
      fixed: null,
    },
  ];
  const unresolved: number[] = [];
  let nodes = 0;
  // Technique `strong-history`: what each arc's trials gave (pruned, or both children at the floor),
  // over the whole tree.
  const history: StrongHistory = new Map();
  // Technique `strong-share`: the master solves of the node masters (tight rounds included) and of the
  // strong-branching trials so far, counted, never timed.
  let nodeSolves = 0;
  let trialSolves = 0;
  while (open.length > 0 && !budget.expired()) {
    open.sort(nodeOrder(tree.plunge === true));
    const node = open.shift();
    if (!node) break;
    if (node.order >= tree.pruneAt()) {
      // Depth first, other open nodes may still be below the incumbent: only this one is pruned.
      if (tree.plunge) continue;
      // Best first, every open node's order is at least this one's: none is left to explore.
      open.length = 0;
      break;
    }
    if (node.bound >= tree.pruneAt()) continue;
    trace.branchNodes++;
    nodes++;
    const here: Residual = { ...root, lo: node.lo, hi: node.hi, arcs: node.arcs };
    tree.fixing?.enter(node.fixed);
    cg.setResidual(here);
    const floor = tree.fullBars?.floor;
    const stop: CgStop = floor === undefined ? { cutoff: tree.pruneAt() } : { cutoff: tree.pruneAt(), floor };
    // Technique `floor-margin`: a node LP a hair above the floor stops there too (its bound is the floor).
    const near = floor !== undefined && tree.floorMargin ? nearFloor(floor) : undefined;
    let out = cg.solve(budget, near === undefined ? stop : { ...stop, floor: near });
    const atFloor = floor !== undefined && near !== undefined && metNear(out, near);
    if (atFloor) out = { ...out, bound: floor };
    trace.cgIterations += out.iterations;
    nodeSolves += out.iterations;
    if (tree.tight && !atFloor && atTheEdge(out, tree.pruneAt())) {
      out = tighten(
        out,
        cg.solve(budget, { ...stop, tolerance: TIGHT_TOLERANCE, rounds: TIGHT_ROUNDS }),
        budget,
      );
      trace.cgIterations += out.iterations;
      nodeSolves += out.iterations;
      trace.tightNodes = (trace.tightNodes ?? 0) + 1;
    }
    // A pause after each node's master solve (what follows reads only `out` and the column list).
    yield;
    if (out.status === 'stopped' && budget.expired()) {
      open.push(node);
      break;
    }
    const sources = costSources(job, here);
    const order = liftBound(Math.max(node.order, ceilBound(out.bound)), tree.pruneAt(), sources);
    const cuts = cg.lastCut ? [...rootCuts, cg.lastCut] : rootCuts;
    const nodeBound = liftBound(Math.max(order, node.bound), tree.pruneAt(), sources, cuts);
    if (nodeBound >= tree.pruneAt()) continue;
    if (out.status === 'infeasible') {
      // The restricted master found no flow within the node's bounds (say two arcs of one source bounded
      // below, its bars bounded above, and no column crossing both yet). Pricing cannot run without
      // duals, so columns that make it feasible may exist: the node stays open in the bound.
      unresolved.push(nodeBound);
      continue;
    }
    if (out.status !== 'optimal' || out.artificial > 1e-6) {
      // A master the LP engine could not solve ('failed') proves nothing either: pruning it would close
      // the tree on a node that may hold a better plan (a false proof; the case is in docs/solver.md, Tuning).
      // The LP was not solved exactly (pricing past its size caps), or it still leans on artificial
      // columns: nothing to branch on safely. The node stays open in the bound, unexpanded.
      unresolved.push(nodeBound);
      continue;
    }
    tree.explored?.(out.x, here);
    if (nodeBound >= tree.pruneAt()) continue;
    // Arcs fixed for the subtree from the node's duals; none of its plans beating the incumbent: pruned.
    const fixed = tree.fixing ? tree.fixing.fix(here) : null;
    if (fixed === 'empty') continue;
    const child = (lo: Float64Array, hi: Float64Array, arcs: BranchNode['arcs']): BranchNode => ({
      lo,
      hi,
      arcs,
      bound: nodeBound,
      order,
      depth: node.depth + 1,
      fixed,
    });
    const totals = cg.sourceTotals(out.x);
    const [pick] = byFractionality(
      [...totals].map((t, s) => ({ key: s, value: t, weight: job.sources[s]?.cost ?? 1 })),
    );
    if (pick) {
      const down = node.hi.slice();
      down[pick.key] = Math.floor(pick.value);
      const up = node.lo.slice();
      up[pick.key] = Math.ceil(pick.value);
      open.push(child(node.lo, down, node.arcs), child(up, node.hi, node.arcs));
      continue;
    }
    const flows = tree.arcFlows(out.x);
    const ranked = byFractionality([...flows.entries()].map(([key, f]) => ({ key, ...f })));
    const first = ranked[0];
    if (!first) {
      // Integral totals and arc flows: the flow is a plan.
      if (!tree.integral(out.x, totals, nodeBound)) unresolved.push(nodeBound);
      continue;
    }
    let split: ArcSplit = splitArc(node.arcs, first.key, first.value);
    const trialCap = tree.strong ? trialSolvesAllowed(tree.strong, nodes, nodeSolves, trialSolves) : 0;
    if (tree.strong && floor !== undefined && ranked.length > 1 && trialCap > 0) {
      const probe = strongSplit(
        cg,
        here,
        ranked,
        new Map([...flows].map(([key, f]) => [key, f.value])),
        (x) => new Map([...tree.arcFlows(x)].map(([key, f]) => [key, f.value])),
        floor,
        { ...stop, cutoff: tree.pruneAt() },
        trialCap === tree.strong.solves ? tree.strong : { ...tree.strong, solves: trialCap },
        budget,
        history,
      );
      trace.cgIterations += probe.iterations;
      trialSolves += probe.iterations;
      trace.strongProbes = (trace.strongProbes ?? 0) + 1;
      const o = probe.outcome;
      if (o.kind === 'empty') continue;
      if (o.kind === 'tightened') {
        // The node again, under the arc bounds its trials proved: its LP may now leave the floor.
        open.push(child(node.lo, node.hi, o.arcs));
        continue;
      }
      if (o.split) split = o.split;
    }
    open.push(child(node.lo, node.hi, split.down), child(node.lo, node.hi, split.up));
    tree.branched?.(here, node.depth);
  }
  tree.fixing?.enter(null);
  cg.setResidual(root);
  const best = tree.pruneAt();
  const left = [...open.map((n) => n.bound), ...unresolved];
  // With no incumbent to prune by (none yet, or none using the required offcut material), a closed tree
  // proves nothing beyond the bound it started from.
  if (!Number.isFinite(best)) return left.length === 0 ? rootBound : Math.max(rootBound, Math.min(...left));
  return left.length === 0 ? best : Math.min(best, ...left);
}

/**
 * Past this many arc bounds a node is taken best first even under `plunge`: depth first into arc-branched
 * subtrees reached nodes of 50–80 arc rows whose arc pricing took 20–100 ms a call (practical seeds 209
 * and 276, 4–5 times their CPU); at 10 and at 20 neither job slowed (docs/solver.md, "The warm tail").
 */
export const PLUNGE_MAX_ARCS = 10;

/**
 * How the open nodes are ordered, first explored first. Best first (the default): the lowest order (the
 * LP's bound without the cuts), the deepest among equals. `plunge` (technique `plunge`, opt-in): the
 * deepest first, counting a node of more than {@link PLUNGE_MAX_ARCS} arc bounds as depth 0, then the
 * lowest order, then the deepest. The slow warm jobs' bound is final by the root's end and their time
 * goes into finding a plan at it, mostly by a completion at a deep node: a depth-first walk meets such
 * nodes sooner. Only the order changes: no node is pruned that best first would explore.
 */
export function nodeOrder(
  plunge: boolean,
): (
  a: { readonly order: number; readonly depth: number; readonly arcs: ReadonlyMap<string, unknown> },
  b: { readonly order: number; readonly depth: number; readonly arcs: ReadonlyMap<string, unknown> },
) => number {
  if (!plunge) return (a, b) => a.order - b.order || b.depth - a.depth;
  const depth = (n: { readonly depth: number; readonly arcs: ReadonlyMap<string, unknown> }): number =>
    n.arcs.size > PLUNGE_MAX_ARCS ? 0 : n.depth;
  return (a, b) => depth(b) - depth(a) || a.order - b.order || b.depth - a.depth;
}

/**
 * A node's LP solved (to the default tolerance) whose value rounds up to `pruneAt` while its bound does
 * not: the LP sits a hair above an integer and the bound, which trails the LP by up to the tolerance
 * times the bars, a hair below it. Tighter pricing may lift the bound across and prune the node.
 */
export function atTheEdge(out: CgOutcome, pruneAt: number): boolean {
  return (
    out.status === 'optimal' &&
    out.artificial <= 1e-6 &&
    Number.isFinite(pruneAt) &&
    ceilBound(out.bound) < pruneAt &&
    ceilBound(out.lpValue) >= pruneAt
  );
}

/**
 * The node's outcome after the tight rounds `more`: the first solution with the better of both bounds
 * (each valid for the node). Only the bound may change: a node the rounds do not prune is branched on the
 * solution it had, since one of their solutions (another vertex at the same value, where the LP was at an
 * integer but for float noise) led ANI 402_NR_0's tree 17 levels deep, where it had closed in seven nodes.
 * Stopped by the budget, it is left stopped for the caller to put back.
 */
export function tighten(first: CgOutcome, more: CgOutcome, budget: Budget): CgOutcome {
  if (more.status === 'stopped' && budget.expired()) return more;
  const lifted = more.status === 'infeasible' || more.status === 'failed' ? first.bound : more.bound;
  return { ...first, bound: Math.max(first.bound, lifted), iterations: more.iterations };
}

/** The fractional entries, furthest from an integer (weighted) first; ties keep the entries' order. */
function byFractionality<K>(
  entries: readonly { key: K; value: number; weight: number }[],
): { key: K; value: number }[] {
  const scored: { key: K; value: number; score: number }[] = [];
  for (const e of entries) {
    const frac = Math.min(e.value - Math.floor(e.value), Math.ceil(e.value) - e.value);
    if (frac > 1e-6 && frac * e.weight > 1e-6)
      scored.push({ key: e.key, value: e.value, score: frac * e.weight });
  }
  scored.sort((a, b) => b.score - a.score);
  return scored;
}
