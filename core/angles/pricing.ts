/**
 * Sequence pricing, the angle stage's own pricing problem: the most valuable sequence of posed pieces
 * that fits a bar, where what a piece takes depends on the right edge of the piece before it.
 *
 * Two searches over one graph. Its nodes are (room used, right edge class of the last piece), its moves
 * the posed pieces, each advancing by the gap from the edge before it plus its length.
 *
 * - **Unbounded** (no `bounds`): a dense forward dynamic program with dominance per edge class (a state
 *   that used more room for no more value is not expanded). Pieces may repeat without limit, so the value
 *   bounds every bounded pattern's from above.
 * - **Demand-bounded** (`bounds[s]`: at most that many pieces of shape s, the residual demand): a
 *   depth-first branch and bound over sequences, whose completion bound is the unbounded program run
 *   backwards (the best value of any continuation from a room left and a last edge class); a node that
 *   reached the same pieces and last edge class with no less room before is dominated. Valid for the
 *   covering master and its Lagrangian bound: dropping a piece from a real sequence leaves a real sequence
 *   (the pieces either side are then further apart than the blades need), so every plan turns into one of
 *   no greater cost whose bars hold no piece past the demand. Past a node limit the search stops and its
 *   value is the largest completion bound it left open (still an upper bound, `exact: false`).
 *
 * Room is counted in steps of `f` units: rounding every move down gives an upper bound on the value
 * (`mode: 'bound'`), rounding up gives sequences that surely fit (`mode: 'plan'`).
 */
import { gapBelow, gapBetween } from '../geometry/exact.ts';
import type { AngleJob } from './job.ts';
import { arcName } from './sequence-arcs.ts';

export interface PricedSequence {
  readonly value: number;
  /** Shape and pose of each piece from the zero end. */
  readonly pieces: readonly { readonly shape: number; readonly pose: number }[];
}

export interface PricingResult {
  /** Best value found; an upper bound on every sequence's value in `bound` mode. */
  readonly value: number;
  /** The best sequences, best first (plan mode only): one per last edge class, or the search's best. */
  readonly sequences: readonly PricedSequence[];
  /** False when the job was too large for the cell limit at any step (value then 0, nothing found). */
  readonly done: boolean;
  /**
   * True when `value` is the best value itself in the rounded model (within the bounds, when given);
   * false when the demand-bounded search hit its node limit (`value` is then only an upper bound in bound
   * mode, and the best sequence found in plan mode) or when `done` is false.
   */
  readonly exact: boolean;
}

/** Cells (positions × edge classes) a pricing call may use; past it, room is counted in coarser steps. */
export const MAX_CELLS = 4_000_000;

/** Moves looked at (cells × posed pieces) a pricing call may make: about a tenth of a second. */
export const MAX_MOVES = 60_000_000;

/**
 * Nodes the demand-bounded search may open per call; each looks at every posed piece. A few tens of
 * milliseconds: past it the unbounded program's completion bounds stand in.
 */
export const MAX_SEARCH_NODES = 5_000;

/** Sequences a plan-mode search hands back (the master offers the first few as columns). */
const KEPT_SEQUENCES = 4;

interface Move {
  readonly shape: number;
  readonly pose: number;
  readonly value: number;
  readonly length: number;
  readonly leftClass: number;
  readonly rightClass: number;
}

/** The scaled graph of one bar length: moves, edge classes and each move's advance after each class. */
interface Graph {
  readonly moves: readonly Move[];
  /** Edge classes. */
  readonly e: number;
  /** Scaled room on the bar (trims taken off). */
  readonly cap: number;
  /** `adv[c·moves + t]`: scaled room move t takes after a piece whose right edge is of class c. */
  readonly adv: Int32Array;
  /** Scaled room move t takes as the bar's first piece. */
  readonly first: Int32Array;
  /** The cut angle of each edge class. */
  readonly angles: readonly number[];
  /**
   * `labelAdv[c·moves + t]`: the room move t takes after class c in the plan geometry, unscaled (a
   * sequence's arc labels; the first piece takes its length).
   */
  readonly labelAdv: Int32Array;
}

/**
 * A branch and price node's arc rows on one source, as the demand-bounded search reads them. An arc is
 * a piece (shape, pose) starting where the piece before it ends, in the plan geometry, unscaled, after a
 * piece with a given right angle (`sequence-arcs.ts` names them).
 */
export interface SequenceArcDuals {
  /** Arc name (`arcName`) → σ, the row's dual clamped to the sign its bound allows. */
  readonly sigma: ReadonlyMap<string, number>;
  /** Arcs bounded to no flow: no sequence crosses them. */
  readonly forbidden: ReadonlySet<string>;
  /** Positions where some arc of the map or the set starts (most moves need no name). */
  readonly at: ReadonlySet<number>;
  /** Σ max(0, σ): what arcs can add to any sequence's value at most. */
  readonly positive: number;
}

const NOTHING: PricingResult = { value: 0, sequences: [], done: true, exact: true };
const TOO_LARGE: PricingResult = { value: 0, sequences: [], done: false, exact: false };

/**
 * Prices one bar length: `values[s]` is the worth of one piece of shape s (shapes worth nothing are left
 * out, which never lowers the best value: dropping a piece from a real sequence leaves a real sequence).
 * With `bounds`, no sequence holds more than `bounds[s]` pieces of shape s. With `arcs` (a branch and
 * price node's arc rows of this bar's source, demand-bounded only), a sequence is also worth the σ of each
 * arc it crosses and crosses no forbidden arc; shapes worth nothing then stay in (dropping a piece moves
 * the pieces after it onto other arcs).
 */
export function priceSequences(
  job: AngleJob,
  barLength: number,
  values: ArrayLike<number>,
  mode: 'bound' | 'plan',
  bounds?: ArrayLike<number>,
  arcs?: SequenceArcDuals,
): PricingResult {
  const graph = graphOf(job, barLength, values, mode, bounds, arcs !== undefined);
  if (graph === 'nothing') return NOTHING;
  if (graph === 'too large') return TOO_LARGE;
  if (bounds === undefined) return forward(graph, mode);
  return bounded(graph, mode, bounds, job.shapes.length, arcs);
}

function graphOf(
  job: AngleJob,
  barLength: number,
  values: ArrayLike<number>,
  mode: 'bound' | 'plan',
  bounds: ArrayLike<number> | undefined,
  keepWorthless = false,
): Graph | 'nothing' | 'too large' {
  const classes = new Map<number, number>();
  const cls = (a: number): number => {
    let i = classes.get(a);
    if (i === undefined) {
      i = classes.size;
      classes.set(a, i);
    }
    return i;
  };
  const moves: Move[] = [];
  job.shapes.forEach((s, shape) => {
    const value = Math.max(0, values[shape] ?? 0);
    if (!(value > 0) && !keepWorthless) return;
    if (bounds !== undefined && !((bounds[shape] ?? 0) > 0)) return;
    s.poses.forEach((p, pose) => {
      moves.push({ shape, pose, value, length: p.length, leftClass: cls(p.left), rightClass: cls(p.right) });
    });
  });
  const room = barLength - 2 * job.trimKerf;
  if (moves.length === 0 || room <= 0) return 'nothing';
  const angles = [...classes.keys()];
  const e = angles.length;
  const gapOf = mode === 'bound' ? gapBelow : gapBetween;
  const rawGap: number[] = [];
  for (const r of angles) for (const l of angles) rawGap.push(gapOf(job.table.of(r), job.table.of(l)));
  // Exact moves: from class c (or the start) by move t.
  let minMove = Number.POSITIVE_INFINITY;
  for (let c = 0; c < e; c++)
    for (const m of moves) minMove = Math.min(minMove, (rawGap[c * e + m.leftClass] ?? 0) + m.length);
  for (const m of moves) minMove = Math.min(minMove, m.length);
  if (!(minMove >= 1)) return 'too large';
  const cells = (room + 1) * e;
  const f = Math.max(
    1,
    Math.min(Math.floor(minMove), Math.ceil(Math.max(cells / MAX_CELLS, (cells * moves.length) / MAX_MOVES))),
  );
  const scaled = (x: number): number => (mode === 'bound' ? Math.floor(x / f) : Math.ceil(x / f));
  const cap = Math.floor(room / f);
  // Too fine for the limits even in the coarsest safe steps: no value (the caller then has no bound).
  if ((cap + 1) * e > MAX_CELLS * 2 || (cap + 1) * e * moves.length > MAX_MOVES * 2) return 'too large';
  const adv = new Int32Array(e * moves.length);
  for (let c = 0; c < e; c++)
    moves.forEach((m, t) => {
      adv[c * moves.length + t] = scaled((rawGap[c * e + m.leftClass] ?? 0) + m.length);
    });
  const first = Int32Array.from(moves, (m) => scaled(m.length));
  // Labels: where each piece starts in the plan geometry, unscaled (the arcs' positions).
  const labelAdv = new Int32Array(e * moves.length);
  for (let c = 0; c < e; c++)
    moves.forEach((m, t) => {
      labelAdv[c * moves.length + t] = job.table.gap(angles[c] ?? 90, angles[m.leftClass] ?? 90) + m.length;
    });
  return { moves, e, cap, adv, first, angles, labelAdv };
}

/** The unbounded program: pieces repeat freely; one best sequence per last edge class in plan mode. */
function forward(graph: Graph, mode: 'bound' | 'plan'): PricingResult {
  const { moves, e, cap, adv, first } = graph;
  const width = cap + 1;
  const best = new Float64Array(e * width).fill(-1);
  const byMove = new Int32Array(e * width).fill(-1);
  const fromClass = new Int16Array(e * width).fill(-1);
  moves.forEach((m, t) => {
    const r = first[t] ?? 0;
    const at = m.rightClass * width + r;
    if (r <= cap && m.value > (best[at] ?? -1)) {
      best[at] = m.value;
      byMove[at] = t;
      fromClass[at] = -1;
    }
  });
  const runMax = new Float64Array(e).fill(-1);
  const bestEnd = new Int32Array(e).fill(-1);
  for (let r = 1; r <= cap; r++) {
    for (let c = 0; c < e; c++) {
      const v = best[c * width + r] ?? -1;
      if (v <= (runMax[c] ?? -1)) continue;
      runMax[c] = v;
      bestEnd[c] = r;
      const row = c * moves.length;
      for (let t = 0; t < moves.length; t++) {
        const r2 = r + (adv[row + t] ?? 0);
        if (r2 > cap) continue;
        const m = moves[t] as Move;
        const at = m.rightClass * width + r2;
        const nv = v + m.value;
        if (nv > (best[at] ?? -1) + 1e-12) {
          best[at] = nv;
          byMove[at] = t;
          fromClass[at] = c;
        }
      }
    }
  }
  let value = 0;
  for (let c = 0; c < e; c++) value = Math.max(value, runMax[c] ?? 0);
  if (mode === 'bound') return { value, sequences: [], done: true, exact: true };
  const sequences: PricedSequence[] = [];
  for (let c = 0; c < e; c++) {
    const r0 = bestEnd[c] ?? -1;
    if (r0 < 0) continue;
    const pieces: { shape: number; pose: number }[] = [];
    let cc = c;
    let r = r0;
    while (r > 0 && cc >= 0) {
      const at = cc * width + r;
      const t = byMove[at] ?? -1;
      const m = moves[t];
      if (!m) break;
      pieces.push({ shape: m.shape, pose: m.pose });
      const prev = fromClass[at] ?? -1;
      r -= prev < 0 ? (first[t] ?? 0) : (adv[prev * moves.length + t] ?? 0);
      cc = prev;
      if (prev < 0) break;
    }
    pieces.reverse();
    sequences.push({ value: runMax[c] ?? 0, pieces });
  }
  sequences.sort((a, b) => b.value - a.value);
  return { value, sequences, done: true, exact: true };
}

/**
 * `tail[c·(cap + 1) + r]`: the best value of any continuation (pieces repeating freely) after a piece
 * whose right edge is of class c ends at scaled position r; computed only for the cells a sequence can
 * reach (long pieces reach few), backwards from the bar's end. Unreached cells stay 0: no search visits
 * them.
 */
function completions(graph: Graph): Float64Array {
  const { moves, e, cap, adv, first } = graph;
  const width = cap + 1;
  const n = moves.length;
  const value = Float64Array.from(moves, (m) => m.value);
  const right = Int32Array.from(moves, (m) => m.rightClass);
  const reached = new Uint8Array(e * width);
  for (let t = 0; t < n; t++) {
    const r = first[t] ?? 0;
    if (r <= cap) reached[(right[t] ?? 0) * width + r] = 1;
  }
  for (let r = 1; r <= cap; r++) {
    for (let c = 0; c < e; c++) {
      if (reached[c * width + r] !== 1) continue;
      const row = c * n;
      for (let t = 0; t < n; t++) {
        const r2 = r + (adv[row + t] ?? 0);
        if (r2 <= cap) reached[(right[t] ?? 0) * width + r2] = 1;
      }
    }
  }
  const tail = new Float64Array(e * width);
  for (let r = cap; r >= 1; r--) {
    for (let c = 0; c < e; c++) {
      if (reached[c * width + r] !== 1) continue;
      const row = c * n;
      let best = 0;
      for (let t = 0; t < n; t++) {
        const r2 = r + (adv[row + t] ?? 0);
        if (r2 > cap) continue;
        const v = (value[t] ?? 0) + (tail[(right[t] ?? 0) * width + r2] ?? 0);
        if (v > best) best = v;
      }
      tail[c * width + r] = best;
    }
  }
  return tail;
}

/** The demand-bounded branch and bound (see the module's comment), with a node's arc rows when given. */
function bounded(
  graph: Graph,
  mode: 'bound' | 'plan',
  bounds: ArrayLike<number>,
  shapes: number,
  arcs?: SequenceArcDuals,
): PricingResult {
  const { moves, cap, adv, first, angles, labelAdv } = graph;
  const width = cap + 1;
  const n = moves.length;
  const tail = completions(graph);
  // Arcs can add at most their positive σ to any sequence: every completion bound carries it.
  const arcsMost = arcs?.positive ?? 0;
  let upper = 0;
  moves.forEach((m, t) => {
    const r = first[t] ?? 0;
    if (r <= cap) upper = Math.max(upper, m.value + (tail[m.rightClass * width + r] ?? 0) + arcsMost);
  });
  // Ties within float noise are not worth a node: a bound this close to the best found is pruned, and
  // bound mode adds the slack back to its value so that it stays an upper bound.
  const slack = 1e-9 * Math.max(1, upper);
  const used = new Int32Array(shapes);
  const path: number[] = [];
  const found: PricedSequence[] = [];
  let best = 0;
  let nodes = 0;
  let stopped = false;
  let openBound = 0;
  // (pieces used, last edge class[, label]) → least room it was reached with (and, with arcs, the most
  // value: arcs crossed make paths to one state differ in value).
  const seen = new Map<string, { r: number; v: number }>();
  const record = (value: number): void => {
    const pieces = path.map((t) => ({ shape: (moves[t] as Move).shape, pose: (moves[t] as Move).pose }));
    found.push({ value, pieces });
    if (found.length > KEPT_SEQUENCES) found.shift();
  };
  const visit = (r: number, c: number, label: number, value: number): void => {
    if (value > best + slack) {
      best = value;
      if (mode === 'plan') record(value);
    }
    if (c >= 0) {
      const key = arcs === undefined ? `${c}|${used.join(',')}` : `${c}|${label}|${used.join(',')}`;
      const before = seen.get(key);
      if (before !== undefined && before.r <= r && (arcs === undefined || before.v >= value)) return;
      seen.set(key, { r, v: value });
    }
    nodes++;
    const children: { t: number; r: number; label: number; gain: number; ub: number }[] = [];
    // The node's arcs, when one starts at this label (most labels have none).
    const named = arcs?.at.has(label) ? arcs : undefined;
    for (let t = 0; t < n; t++) {
      const m = moves[t] as Move;
      if ((used[m.shape] ?? 0) >= (bounds[m.shape] ?? 0)) continue;
      const r2 = r + (c < 0 ? (first[t] ?? 0) : (adv[c * n + t] ?? 0));
      if (r2 > cap) continue;
      let gain = m.value;
      if (named !== undefined) {
        const name = arcName(label, c < 0 ? null : (angles[c] ?? 90), m.shape, m.pose);
        if (named.forbidden.has(name)) continue;
        gain += named.sigma.get(name) ?? 0;
      }
      const ub = value + gain + (tail[m.rightClass * width + r2] ?? 0) + arcsMost;
      const label2 = label + (c < 0 ? m.length : (labelAdv[c * n + t] ?? 0));
      if (ub > best + slack) children.push({ t, r: r2, label: label2, gain, ub });
    }
    children.sort((a, b) => b.ub - a.ub || a.t - b.t);
    for (let k = 0; k < children.length; k++) {
      const child = children[k] as (typeof children)[number];
      if (child.ub <= best + slack) break;
      if (stopped || nodes >= MAX_SEARCH_NODES) {
        // Out of nodes: what is left open here is worth at most its completion bound.
        stopped = true;
        openBound = Math.max(openBound, child.ub);
        break;
      }
      const m = moves[child.t] as Move;
      used[m.shape] = (used[m.shape] ?? 0) + 1;
      path.push(child.t);
      visit(child.r, m.rightClass, child.label, value + child.gain);
      path.pop();
      used[m.shape] = (used[m.shape] ?? 0) - 1;
    }
  };
  visit(0, -1, 0, 0);
  // Every edge class is reachable from the start, so `upper` bounds any open node too.
  const limit = Math.min(upper, Math.max(best, openBound));
  if (mode === 'bound')
    return { value: Math.min(upper, limit + slack), sequences: [], done: true, exact: !stopped };
  found.sort((a, b) => b.value - a.value);
  return { value: best, sequences: found, done: true, exact: !stopped };
}
