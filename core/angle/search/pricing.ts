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
import type { AngleJob } from './job.ts';
import { type GraphShape, graphShapeOf, reachOf } from './pricing-graph.ts';
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

export { MAX_CELLS, MAX_MOVES } from './pricing-graph.ts';

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

/**
 * The scaled graph of one bar length: moves (with the round's values), edge classes (`e`), the scaled
 * room (`cap`, trims taken off), `adv[c·moves + t]` the scaled room move t takes after a piece whose right
 * edge is of class c, `first[t]` as the bar's first piece, each class's cut angle, and `labelAdv`, the
 * same advances in the plan geometry unscaled (a sequence's arc labels; the first piece takes its length).
 */
interface Graph extends Pick<GraphShape, 'e' | 'cap' | 'adv' | 'first' | 'angles' | 'labelAdv'> {
  readonly moves: readonly Move[];
  /** The cached part (pricing-graph.ts): what does not depend on the values. */
  readonly shape: GraphShape;
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
 * The completion bounds the demand-bounded search reads for one bar length, as a lookup `(class, r)`, with
 * the graph they belong to (its advances, start moves and right classes): what the tests check against
 * every continuation. Null when the graph is empty or too large.
 */
export function completionBounds(
  job: AngleJob,
  barLength: number,
  values: ArrayLike<number>,
  mode: 'bound' | 'plan',
): {
  readonly graph: Pick<GraphShape, 'e' | 'cap' | 'adv' | 'first' | 'moves'>;
  readonly step: number;
  readonly at: (c: number, r: number) => number;
} | null {
  const graph = graphOf(job, barLength, values, mode, undefined);
  if (typeof graph === 'string') return null;
  const { tail, step, width } = completions(graph);
  return { graph: graph.shape, step, at: (c, r) => tail[c * width + Math.floor(r / step)] ?? 0 };
}

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
  // The duals only decide which shapes take part and what each move is worth: the rest is cached.
  const shape = graphShapeOf(
    job,
    barLength,
    mode,
    (s) =>
      (Math.max(0, values[s] ?? 0) > 0 || keepWorthless) && (bounds === undefined || (bounds[s] ?? 0) > 0),
  );
  if (shape === 'nothing' || shape === 'too large') return shape;
  const moves = shape.moves.map((m) => ({
    shape: m.shape,
    pose: m.pose,
    value: Math.max(0, values[m.shape] ?? 0),
    length: m.length,
    leftClass: m.leftClass,
    rightClass: m.rightClass,
  }));
  const { e, cap, adv, first, angles, labelAdv } = shape;
  return { moves, e, cap, adv, first, angles, labelAdv, shape };
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
 * Cells (positions × edge classes) up to which the completion bounds are exact in the graph; past it they
 * are counted on about `COARSE_POSITIONS` positions (see `Completions`). A 6-metre bar in hundredths of a
 * millimetre with six edge classes has 3.6 million cells: the exact program's buffers (29 MB a graph,
 * about seventeen graphs a job) took most of a truss job's time in allocation and garbage collection
 * (trusses-X 150 ms against 69 with the coarse bounds). Below it they stay exact: frames, at 130,000 cells,
 * searched longer with coarse ones, and a search stopped at its node limit reports its open nodes'
 * completion bounds, which coarse steps loosen.
 */
const FINE_CELLS = 1_000_000;
const COARSE_POSITIONS = 4096;

/**
 * The completion bounds a search reads: `tail[c·width + ⌊r / step⌋]` is at least the best value of any
 * continuation (pieces repeating freely) after a piece whose right edge is of class c ends at scaled
 * position r.
 *
 * - `step` 1: exact in the graph, computed only for the cells a sequence can reach (long pieces reach
 *   few), backwards from the bar's end; unreached cells stay 0 (no search visits them).
 * - `step` > 1 (graphs of more than `FINE_CELLS` cells): every cell of a coarser graph whose
 *   advances are the graph's rounded down to the step. A continuation that fits from r fits from ⌊r / step⌋
 *   there (Σ⌊aᵢ / s⌋ ≤ ⌊Σaᵢ / s⌋ ≤ ⌊cap / s⌋ − ⌊r / s⌋), so its value is still an upper bound, in either
 *   mode; the step is never more than the shortest advance, so every move still advances.
 */
interface Completions {
  readonly tail: Float64Array;
  readonly step: number;
  readonly width: number;
}

function completionStep(graph: Graph): number {
  const positions = graph.cap + 1;
  if (graph.e * positions <= FINE_CELLS) return 1;
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < graph.adv.length; i++) shortest = Math.min(shortest, graph.adv[i] ?? 0);
  for (let i = 0; i < graph.first.length; i++) shortest = Math.min(shortest, graph.first[i] ?? 0);
  return Math.max(1, Math.min(Math.floor(shortest), Math.ceil(positions / COARSE_POSITIONS)));
}

function completions(graph: Graph): Completions {
  const { moves, e, cap } = graph;
  const n = moves.length;
  const value = new Float64Array(n);
  for (let t = 0; t < n; t++) value[t] = (moves[t] as Move).value;
  const step = completionStep(graph);
  const width = Math.floor(cap / step) + 1;
  const cached = graph.shape;
  if (cached.tail !== null && sameValues(cached.tailValues, value)) return { tail: cached.tail, step, width };
  const tail = cached.tail ?? new Float64Array(e * width);
  cached.tail = tail;
  cached.tailValues = value;
  if (step > 1) {
    coarseTail(graph, value, tail, step, width);
    return { tail, step, width };
  }
  const { cells, start, move, to } = reachOf(cached);
  // Every reached cell is written below; the others are never written and stay 0.
  // Latest position first: a cell's moves lead only to later positions, already done. (The per-cell
  // work is a function of its own; see reachOf's comment.)
  if (start !== null && move !== null && to !== null) {
    for (let i = cells.length - 1; i >= 0; i--)
      tail[cells[i] ?? 0] = bestMove(value, tail, move, to, start[i] ?? 0, start[i + 1] ?? 0);
    return { tail, step, width };
  }
  const right = Int32Array.from(moves, (m) => m.rightClass);
  for (let i = cells.length - 1; i >= 0; i--) {
    const cell = cells[i] ?? 0;
    const c = Math.floor(cell / width);
    tail[cell] = bestWalk(value, tail, right, graph.adv, c * n, cell - c * width, cap);
  }
  return { tail, step, width };
}

/** Every cell of the coarse graph (`Completions`), latest position first. */
function coarseTail(
  graph: Graph,
  value: Float64Array,
  tail: Float64Array,
  step: number,
  width: number,
): void {
  const { moves, e, adv } = graph;
  const n = moves.length;
  const coarse = new Int32Array(adv.length);
  for (let i = 0; i < adv.length; i++) coarse[i] = Math.floor((adv[i] ?? 0) / step);
  const right = Int32Array.from(moves, (m) => m.rightClass);
  const cap = width - 1;
  for (let r = cap; r >= 0; r--)
    for (let c = 0; c < e; c++) tail[c * width + r] = bestWalk(value, tail, right, coarse, c * n, r, cap);
}

/** The best value of a move `move[k]` (k from `from` to `end`) plus the completion of the cell it leads to. */
function bestMove(
  value: Float64Array,
  tail: Float64Array,
  move: Int32Array,
  to: Int32Array,
  from: number,
  end: number,
): number {
  let best = 0;
  for (let k = from; k < end; k++) {
    const v = (value[move[k] ?? 0] ?? 0) + (tail[to[k] ?? 0] ?? 0);
    if (v > best) best = v;
  }
  return best;
}

/** `bestMove` for a cell at position r whose moves' advances start at `adv[row]`, walking the graph. */
function bestWalk(
  value: Float64Array,
  tail: Float64Array,
  right: Int32Array,
  adv: Int32Array,
  row: number,
  r: number,
  cap: number,
): number {
  const width = cap + 1;
  let best = 0;
  for (let t = 0; t < value.length; t++) {
    const r2 = r + (adv[row + t] ?? 0);
    if (r2 > cap) continue;
    const v = (value[t] ?? 0) + (tail[(right[t] ?? 0) * width + r2] ?? 0);
    if (v > best) best = v;
  }
  return best;
}

function sameValues(a: Float64Array | null, b: Float64Array): boolean {
  if (a === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
  const n = moves.length;
  const { tail, step, width } = completions(graph);
  // Arcs can add at most their positive σ to any sequence: every completion bound carries it.
  const arcsMost = arcs?.positive ?? 0;
  let upper = 0;
  moves.forEach((m, t) => {
    const r = first[t] ?? 0;
    if (r <= cap)
      upper = Math.max(upper, m.value + (tail[m.rightClass * width + Math.floor(r / step)] ?? 0) + arcsMost);
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
  const seen = new Map<number | string, { r: number; v: number }>();
  const keyOf = stateKey(bounds, shapes, graph);
  const lists = childListsOf(graph);
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
      const key = arcs === undefined ? keyOf(c, used) : `${c}|${label}|${used.join(',')}`;
      const before = seen.get(key);
      if (before !== undefined && before.r <= r && (arcs === undefined || before.v >= value)) return;
      seen.set(key, { r, v: value });
    }
    nodes++;
    const children = lists.at(path.length);
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
      const ub = value + gain + (tail[m.rightClass * width + Math.floor(r2 / step)] ?? 0) + arcsMost;
      const label2 = label + (c < 0 ? m.length : (labelAdv[c * n + t] ?? 0));
      if (ub > best + slack) children.add(t, r2, label2, gain, ub);
    }
    for (let k = 0; k < children.size; k++) {
      const child = children.get(k);
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

/**
 * The search's (last edge class, pieces used) key: a number in mixed radix over the shapes the graph
 * holds (no other shape is ever used; each count is at most its bound) when every key fits in a double's
 * integers, else a string.
 */
function stateKey(
  bounds: ArrayLike<number>,
  shapes: number,
  graph: Graph,
): (c: number, used: Int32Array) => number | string {
  const held = [...new Set(graph.moves.map((m) => m.shape))].sort((a, b) => a - b);
  const weight = new Float64Array(held.length);
  let total = Math.max(1, graph.e);
  held.forEach((s, i) => {
    weight[i] = total;
    total *= Math.max(0, Math.ceil(bounds[s] ?? 0)) + 1;
  });
  if (!(total <= Number.MAX_SAFE_INTEGER) || held.some((s) => s >= shapes))
    return (c, used) => `${c}|${used.join(',')}`;
  const index = Int32Array.from(held);
  return (c, used) => {
    let key = c;
    for (let i = 0; i < index.length; i++) key += (used[index[i] ?? 0] ?? 0) * (weight[i] ?? 0);
    return key;
  };
}

/** The graph's child lists, made once per cached graph (a search runs to its end before the next). */
function childListsOf(graph: Graph): ChildLists {
  const kept = graph.shape.lists;
  if (kept instanceof ChildLists) return kept;
  const lists = new ChildLists(graph.moves.length);
  graph.shape.lists = lists;
  return lists;
}

/**
 * The children of the search's nodes, one list per depth (a node's list lives while its children are
 * searched, which use deeper lists), each kept in the order they are tried: completion bound down, then
 * move order (what sorting by `b.ub - a.ub || a.t - b.t` gave).
 */
class ChildLists {
  readonly #n: number;
  readonly #lists: ChildList[] = [];

  constructor(moves: number) {
    this.#n = moves;
  }

  /** The empty list of a node at `depth`. */
  at(depth: number): ChildList {
    let list = this.#lists[depth];
    if (list === undefined) {
      list = new ChildList(this.#n);
      this.#lists[depth] = list;
    }
    list.size = 0;
    return list;
  }
}

class ChildList {
  size = 0;
  readonly t: Int32Array;
  readonly r: Int32Array;
  readonly label: Float64Array;
  readonly gain: Float64Array;
  readonly ub: Float64Array;

  constructor(moves: number) {
    this.t = new Int32Array(moves);
    this.r = new Int32Array(moves);
    this.label = new Float64Array(moves);
    this.gain = new Float64Array(moves);
    this.ub = new Float64Array(moves);
  }

  /** Adds move t (taken in increasing t) after every child of no smaller bound. */
  add(t: number, r: number, label: number, gain: number, ub: number): void {
    let k = this.size;
    while (k > 0 && (this.ub[k - 1] ?? 0) < ub) {
      this.t[k] = this.t[k - 1] ?? 0;
      this.r[k] = this.r[k - 1] ?? 0;
      this.label[k] = this.label[k - 1] ?? 0;
      this.gain[k] = this.gain[k - 1] ?? 0;
      this.ub[k] = this.ub[k - 1] ?? 0;
      k--;
    }
    this.t[k] = t;
    this.r[k] = r;
    this.label[k] = label;
    this.gain[k] = gain;
    this.ub[k] = ub;
    this.size++;
  }

  /** The k-th child. */
  get(k: number): { t: number; r: number; label: number; gain: number; ub: number } {
    return {
      t: this.t[k] ?? 0,
      r: this.r[k] ?? 0,
      label: this.label[k] ?? 0,
      gain: this.gain[k] ?? 0,
      ub: this.ub[k] ?? 0,
    };
  }
}
