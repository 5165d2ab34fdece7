/**
 * Strong branching on arcs for full-bar jobs (technique `strong-branching`). There the LP bound is one
 * bar below the optimum, a node closes only when its LP leaves the full-bar floor, and the LP has many
 * optimal vertices: splitting the most fractional arc mostly leaves both children at the floor (on ANI
 * 402_NR_6, 254 of 300 trial splits), so the tree went hundreds of nodes deep. Before a node splits, its
 * fractional arcs are tried child by child: a child whose bound prunes it proves the node's plans lie in
 * the other child (the node's arc bounds tighten), both pruned close the node, and every trial child left
 * at the floor is another optimal vertex, which shows, without a solve, which further trials would stay
 * at the floor too (docs/solver.md, "Strong branching on full-bar jobs").
 */

import type { Budget } from '../budget.ts';
import type { CgOutcome, CgStop, CoveringMaster, PatternColumn, Residual } from '../master/index.ts';
import { ceilBound } from '../numbers.ts';

/**
 * How many master solves a node's trials may take, how many each trial child gets, and after how many
 * nodes of plain branching the trials start (trees that close fast stay as they were).
 */
export interface StrongBranching {
  readonly after: number;
  readonly solves: number;
  readonly rounds: number;
  /**
   * Technique `strong-history`: a node tries its arcs by their {@link StrongHistory} score, best first
   * (ties, and every arc of a tree without history, by fractionality as before).
   */
  readonly history?: boolean;
  /**
   * Technique `strong-share`: a tree's trials take at most this many master solves for each solve of its
   * node masters so far (see {@link trialSolvesAllowed}); none: no such cap.
   */
  readonly share?: number;
  /**
   * Opt-in technique `strong-streak`: a node's trials stop once this many children in a row, solved,
   * stayed at the floor (see {@link floorStreakStops}); none: they run to `solves` or the arcs' end.
   */
  readonly streak?: number;
}

/**
 * Whether a node's trials stop after `run` solved trial children in a row stayed at the floor (opt-in
 * technique `strong-streak`, `streak` from {@link StrongBranching}; undefined: never). On ANI 402's long trees most
 * trial re-solves are children at the floor (NR_15: 62 % of the trials' LP iterations), and a node whose
 * trials have left many children in a row at the floor seldom prunes one later (docs/solver.md, "Round 3:
 * which trial re-solves a cheap rule could skip"). Changes only which trials run, never a bound: the node
 * then branches as when its trials' budget ends.
 */
export function floorStreakStops(streak: number | undefined, run: number): boolean {
  return streak !== undefined && run >= streak;
}

/**
 * The master solves a node's trials may take (0: none): none up to node `after`; then `solves`, but with
 * a `share` (technique `strong-share`) only what keeps the tree's trial solves within `share` times its
 * node masters' solves (`nodeSolves`, of which `trialSolves` are spent). A cap on cost in counted work,
 * like the share of LP iterations MIP solvers give strong branching: a tree whose nodes each cost one or
 * two solves (a dive at the floor towards a plan at the bound, AI 201_DI_7) cannot spend tens of trial
 * solves at each of them, while a tree whose trials prune (ANI 402_NR_15: about 8 trial solves a node
 * solve) keeps them. Deterministic: the counts, never the clock.
 */
export function trialSolvesAllowed(
  strong: StrongBranching,
  nodes: number,
  nodeSolves: number,
  trialSolves: number,
): number {
  if (nodes <= strong.after) return 0;
  if (strong.share === undefined) return strong.solves;
  return Math.max(0, Math.min(strong.solves, Math.floor(strong.share * nodeSolves) - trialSolves));
}

/**
 * What the trials learnt across a tree, by arc: one for every trial that pruned a child of the arc, less
 * {@link FLOOR_PENALTY} for every trial whose two children stayed at the floor. A child pruned at one node
 * (its side of the arc holds no improving plan there) tends to be pruned at the node's relatives too, whose
 * arc bounds differ in a few arcs; an arc whose children stayed at the floor tends to again. Untried arcs
 * score 0: after the arcs that pruned, before those that did not. Recorded whether the technique is on or
 * off (off, it only does not reorder).
 */
export type StrongHistory = Map<string, number>;

/**
 * What a trial with both children at the floor takes off its arc's score: a quarter, so an arc that pruned
 * once stays ahead of untried arcs until it has stayed at the floor four times.
 */
export const FLOOR_PENALTY = 0.25;

/**
 * How far above the floor (relative) an LP still counts as at it: on ANI 600 node LPs ended 3e-7 to
 * 9e-7 above the floor (float noise, 2e-9 relative), past the master's own test (1e-9), and paid ten
 * pricing rounds each (about 5 s) for nothing; the nodes the tree prunes sat 1e-4 above (7e-7 relative).
 */
export const FLOOR_MARGIN = 2e-8;

/** The floor raised by {@link FLOOR_MARGIN} (what a master solve may stop at). */
export function nearFloor(floor: number): number {
  return floor + FLOOR_MARGIN * Math.max(1, Math.abs(floor));
}

/**
 * Whether a master solve stopped at `near` (see {@link nearFloor}): its bound then reads `near`, which
 * is no bound, and the caller must take the floor instead.
 */
export function metNear(out: CgOutcome, near: number): boolean {
  return out.status === 'optimal' && out.lpValue <= near + 1e-9 * Math.max(1, Math.abs(near));
}

type ArcBounds = ReadonlyMap<string, { readonly lo: number; readonly hi: number }>;

/** A fractional arc to split, and the bounds of its two children. */
export interface ArcSplit {
  readonly key: string;
  readonly value: number;
  readonly down: ArcBounds;
  readonly up: ArcBounds;
}

/** The two children of splitting arc `key` at flow `value` under the node's arc bounds `arcs`. */
export function splitArc(arcs: ArcBounds, key: string, value: number): ArcSplit {
  const prev = arcs.get(key) ?? { lo: Number.NEGATIVE_INFINITY, hi: Number.POSITIVE_INFINITY };
  return {
    key,
    value,
    down: new Map(arcs).set(key, { lo: prev.lo, hi: Math.floor(value) }),
    up: new Map(arcs).set(key, { lo: Math.ceil(value), hi: prev.hi }),
  };
}

/** What the trials decided for a node. */
export type StrongOutcome =
  /** Both children of some arc are pruned: no plan of the node beats the incumbent. */
  | { readonly kind: 'empty' }
  /** Some arcs' other children were pruned: the node's arc bounds tightened to these; solve it again. */
  | { readonly kind: 'tightened'; readonly arcs: ArcBounds }
  /** Split on this arc (null: no trial told, the caller's own choice stands). */
  | { readonly kind: 'split'; readonly split: ArcSplit | null };

/** A trial child: pruned by its bound, left at the floor (with its arc flows), or in between. */
type Trial =
  | { readonly kind: 'pruned' }
  | { readonly kind: 'floor'; readonly flows: ReadonlyMap<string, number> }
  | { readonly kind: 'lifted'; readonly rise: number }
  /** The restricted master had no flow (it may only lack columns) or failed. */
  | { readonly kind: 'unknown' };

/**
 * Tries the node's fractional arcs `candidates` (most fractional first) within `strong.solves` master
 * solves. A trial child whose bound prunes it tightens the node to the other child (the trials after it
 * run under that); both children pruned close the node. A child that some optimal vertex seen so far
 * (the node's own `flows`, and the trial children left at the floor) lies in would stay at the floor:
 * it is not solved. Without a proof, the split whose children rose most (the product of their rises,
 * each at least a millionth), or null when none rose. Leaves the master at `here`'s residual. Returns
 * the outcome and the master solves taken.
 */
export function strongSplit<C extends PatternColumn>(
  master: CoveringMaster<C>,
  here: Residual,
  candidates: readonly { key: string; value: number }[],
  flows: ReadonlyMap<string, number>,
  flowsOf: (x: Float64Array) => ReadonlyMap<string, number>,
  floor: number,
  stop: CgStop & { readonly cutoff: number },
  strong: StrongBranching,
  budget: Budget,
  history?: StrongHistory,
): { outcome: StrongOutcome; iterations: number } {
  let arcs: ArcBounds = here.arcs ?? new Map();
  let tightened = false;
  let best: ArcSplit | null = null;
  let bestScore = 0;
  let iterations = 0;
  let vertices: ReadonlyMap<string, number>[] = [flows];
  // Opt-in technique `strong-streak`: solved children in a row left at the floor.
  let run = 0;
  // A trial child a hair above the floor counts as at it (see FLOOR_MARGIN).
  const near = nearFloor(floor);
  const trial = (bounds: ArcBounds): Trial => {
    master.setResidual({ ...here, arcs: bounds });
    const out = master.solve(budget, { ...stop, floor: near, rounds: strong.rounds });
    iterations += out.iterations;
    // A restricted master without a flow may only lack columns: it proves nothing.
    if (out.status === 'infeasible' || out.status === 'failed') return { kind: 'unknown' };
    // Met the margin: the bound then reads the margin, which is no bound; test it before pruning.
    if (metNear(out, near)) return { kind: 'floor', flows: flowsOf(out.x) };
    if (ceilBound(out.bound) >= stop.cutoff) return { kind: 'pruned' };
    return { kind: 'lifted', rise: Math.max(0, out.lpValue - floor) };
  };
  /** Whether an optimal vertex seen lies in the child where `key`'s flow is within [lo, hi]. */
  const seen = (key: string, lo: number, hi: number): boolean =>
    vertices.some((v) => {
      const f = v.get(key) ?? 0;
      return f >= lo - 1e-6 && f <= hi + 1e-6;
    });
  const rise = (t: Trial | undefined): number => (t?.kind === 'lifted' ? t.rise : 0);
  const left = [...candidates];
  // Arcs that pruned before first, arcs that stayed at the floor last (a stable sort: ties keep the
  // fractionality order).
  if (strong.history && history && history.size > 0)
    left.sort((a, b) => (history.get(b.key) ?? 0) - (history.get(a.key) ?? 0));
  for (;;) {
    if (budget.expired() || iterations >= strong.solves || floorStreakStops(strong.streak, run)) break;
    const c = next(left, arcs, seen);
    if (!c) break;
    const split = splitArc(arcs, c.key, c.value);
    const downHi = Math.floor(c.value);
    const upLo = Math.ceil(c.value);
    const sides: Trial[] = [];
    for (const [bounds, lo, hi] of [
      [split.down, Number.NEGATIVE_INFINITY, downHi],
      [split.up, upLo, Number.POSITIVE_INFINITY],
    ] as const) {
      if (seen(c.key, lo, hi)) {
        sides.push({ kind: 'lifted', rise: 0 });
        continue;
      }
      const t = trial(bounds);
      if (t.kind === 'floor') vertices.push(t.flows);
      run = t.kind === 'floor' ? run + 1 : 0;
      sides.push(t);
      // The streak ends the trials between an arc's two children too (the arc then tells nothing).
      if (floorStreakStops(strong.streak, run)) break;
    }
    if (sides.length < 2 && floorStreakStops(strong.streak, run)) break;
    const [down, up] = sides;
    if (history && (down?.kind === 'pruned' || up?.kind === 'pruned'))
      history.set(c.key, (history.get(c.key) ?? 0) + 1);
    else if (
      history &&
      down?.kind !== 'unknown' &&
      up?.kind !== 'unknown' &&
      rise(down) === 0 &&
      rise(up) === 0
    )
      // Both children at the floor (or known to be): tried later next time, after the untried arcs.
      history.set(c.key, (history.get(c.key) ?? 0) - FLOOR_PENALTY);
    if (down?.kind === 'pruned' && up?.kind === 'pruned') {
      master.setResidual(here);
      return { outcome: { kind: 'empty' }, iterations };
    }
    // The node tightens only to a child its master could solve: a master without a flow there would
    // leave the node open in the bound (ANI 402_NR_6 ended unproven so).
    if (
      (down?.kind === 'pruned' && up?.kind !== 'unknown') ||
      (up?.kind === 'pruned' && down?.kind !== 'unknown')
    ) {
      // The node's plans all lie in the other child; vertices outside it no longer count.
      arcs = down?.kind === 'pruned' ? split.up : split.down;
      const [lo, hi] =
        down?.kind === 'pruned' ? [upLo, Number.POSITIVE_INFINITY] : [Number.NEGATIVE_INFINITY, downHi];
      vertices = vertices.filter((v) => {
        const f = v.get(c.key) ?? 0;
        return f >= lo - 1e-6 && f <= hi + 1e-6;
      });
      tightened = true;
      continue;
    }
    const score = Math.max(rise(down), 1e-6) * Math.max(rise(up), 1e-6);
    if (score > bestScore && (rise(down) > 0 || rise(up) > 0)) {
      bestScore = score;
      best = split;
    }
  }
  master.setResidual(here);
  return { outcome: tightened ? { kind: 'tightened', arcs } : { kind: 'split', split: best }, iterations };
}

/**
 * Takes from `left` the next arc to try: the first (most fractional) whose two children no optimal
 * vertex seen lies in, else the first with one such child; arcs whose bounds a trial already tightened
 * are dropped. Null when every child left is known to stay at the floor.
 */
function next(
  left: { key: string; value: number }[],
  arcs: ArcBounds,
  seen: (key: string, lo: number, hi: number) => boolean,
): { key: string; value: number } | null {
  let oneSided = -1;
  for (let i = 0; i < left.length; i++) {
    const c = left[i];
    if (!c) continue;
    const b = arcs.get(c.key);
    const down =
      b !== undefined && b.hi <= Math.floor(c.value)
        ? true
        : seen(c.key, Number.NEGATIVE_INFINITY, Math.floor(c.value));
    const up =
      b !== undefined && b.lo >= Math.ceil(c.value)
        ? true
        : seen(c.key, Math.ceil(c.value), Number.POSITIVE_INFINITY);
    if (!down && !up) return left.splice(i, 1)[0] ?? null;
    if (oneSided < 0 && !(down && up)) oneSided = i;
  }
  return oneSided < 0 ? null : (left.splice(oneSided, 1)[0] ?? null);
}
