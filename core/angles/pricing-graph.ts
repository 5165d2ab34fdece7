/**
 * What the sequence pricing (`pricing.ts`) needs of a bar length that does not depend on the duals, built
 * once and kept per job: the scaled graph (edge classes, each posed piece's advance after each class, the
 * scale step) depends only on which shapes take part (those worth something with demand left), the bar
 * length and the mode; and the cells a sequence can reach, with the moves out of each, depend only on the
 * graph. Pricing rounds then only fill in the pieces' values and run the completion program over the
 * reached cells.
 *
 * Kept per job (a WeakMap: dropped with the job) for the last few shape sets of each length and mode.
 */
import { gapBelow, gapBetween } from '../geometry/exact.ts';
import type { AngleJob } from './job.ts';

/** A posed piece of the graph, without its value. */
export interface MoveShape {
  readonly shape: number;
  readonly pose: number;
  readonly length: number;
  readonly leftClass: number;
  readonly rightClass: number;
}

/** The scaled graph of one bar length and shape set (see `Graph` in pricing.ts). */
export interface GraphShape {
  readonly moves: readonly MoveShape[];
  readonly e: number;
  readonly cap: number;
  readonly adv: Int32Array;
  readonly first: Int32Array;
  /** The reached cells and their moves, built on first use (`reachOf`). */
  reach: Reach | null;
  /**
   * The last completion values (pricing.ts `completions`) and the move values they were computed for:
   * one buffer per graph, rewritten in place (only reached cells; the others stay 0), reused as it is
   * when the values repeat. Read only within one pricing call.
   */
  tail: Float64Array | null;
  tailValues: Float64Array | null;
}

/**
 * The cells (`c·(cap + 1) + r`) a sequence can reach after its first piece, earliest position first
 * (the completion program walks them backwards), and for each the moves that stay on the bar: `move[k]`
 * to cell `to[k]` for k in `start[i] … start[i + 1]`, in move order. `to` is null when there are too many
 * such moves to keep (the program then walks the graph).
 */
export interface Reach {
  readonly cells: Int32Array;
  readonly start: Int32Array | null;
  readonly move: Int32Array | null;
  readonly to: Int32Array | null;
}

/** Cells (positions × edge classes) a pricing call may use; past it, room is counted in coarser steps. */
export const MAX_CELLS = 4_000_000;

/** Moves looked at (cells × posed pieces) a pricing call may make: about a tenth of a second. */
export const MAX_MOVES = 60_000_000;

/** Moves out of reached cells kept as a list (8 bytes each); past it the program walks the graph. */
const MAX_KEPT_EDGES = 2_000_000;

/** Shape sets kept per bar length and mode. */
const KEPT_SETS = 8;

const cache = new WeakMap<AngleJob, Map<string, Map<string, GraphShape | 'nothing' | 'too large'>>>();

/**
 * The graph of `barLength` over the shapes `take` lets in (every pose of each), in `mode`'s gaps and
 * rounding; the same object for the same shapes while it stays cached.
 */
export function graphShapeOf(
  job: AngleJob,
  barLength: number,
  mode: 'bound' | 'plan',
  take: (shape: number) => boolean,
): GraphShape | 'nothing' | 'too large' {
  let key = '';
  for (let s = 0; s < job.shapes.length; s++) key += take(s) ? '1' : '0';
  let byJob = cache.get(job);
  if (byJob === undefined) {
    byJob = new Map();
    cache.set(job, byJob);
  }
  const where = `${barLength}|${mode}`;
  let sets = byJob.get(where);
  if (sets === undefined) {
    sets = new Map();
    byJob.set(where, sets);
  }
  const hit = sets.get(key);
  if (hit !== undefined) {
    // Most recently used last.
    sets.delete(key);
    sets.set(key, hit);
    return hit;
  }
  let built = build(job, barLength, mode, take);
  // Where both modes' graphs agree (no gap and no length needs rounding), one object serves both, and
  // with it the reached cells and the completion values of the round's other call.
  const twin = byJob.get(`${barLength}|${mode === 'plan' ? 'bound' : 'plan'}`)?.get(key);
  if (twin !== undefined && typeof twin !== 'string' && typeof built !== 'string' && sameGraph(twin, built))
    built = twin;
  sets.set(key, built);
  if (sets.size > KEPT_SETS) sets.delete(sets.keys().next().value as string);
  return built;
}

function sameGraph(a: GraphShape, b: GraphShape): boolean {
  if (a.e !== b.e || a.cap !== b.cap || a.moves.length !== b.moves.length) return false;
  for (let i = 0; i < a.adv.length; i++) if (a.adv[i] !== b.adv[i]) return false;
  for (let i = 0; i < a.first.length; i++) if (a.first[i] !== b.first[i]) return false;
  return true;
}

function build(
  job: AngleJob,
  barLength: number,
  mode: 'bound' | 'plan',
  take: (shape: number) => boolean,
): GraphShape | 'nothing' | 'too large' {
  const classes = new Map<number, number>();
  const cls = (a: number): number => {
    let i = classes.get(a);
    if (i === undefined) {
      i = classes.size;
      classes.set(a, i);
    }
    return i;
  };
  const moves: MoveShape[] = [];
  job.shapes.forEach((s, shape) => {
    if (!take(shape)) return;
    s.poses.forEach((p, pose) => {
      moves.push({ shape, pose, length: p.length, leftClass: cls(p.left), rightClass: cls(p.right) });
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
  return { moves, e, cap, adv, first, reach: null, tail: null, tailValues: null };
}

/**
 * The graph's reached cells and the moves out of them (built once per graph). The loops live in small
 * functions that end in a plain return: a long loop's on-stack-replaced code, reused call after call,
 * otherwise bails out on the first statement after the loop every time.
 */
export function reachOf(graph: GraphShape): Reach {
  if (graph.reach !== null) return graph.reach;
  const { moves, e, cap, adv, first } = graph;
  const width = cap + 1;
  const n = moves.length;
  const right = Int32Array.from(moves, (m) => m.rightClass);
  const reached = new Uint8Array(e * width);
  for (let t = 0; t < n; t++) {
    const r = first[t] ?? 0;
    if (r <= cap) reached[(right[t] ?? 0) * width + r] = 1;
  }
  const walk: Walk = { reached, e, width, n, adv, right, count: 0, edges: 0 };
  markReached(walk);
  const cells = new Int32Array(walk.count);
  listCells(walk, cells);
  if (walk.edges > MAX_KEPT_EDGES) {
    graph.reach = { cells, start: null, move: null, to: null };
    return graph.reach;
  }
  const start = new Int32Array(cells.length + 1);
  const move = new Int32Array(walk.edges);
  const to = new Int32Array(walk.edges);
  let k = 0;
  for (let i = 0; i < cells.length; i++) {
    start[i] = k;
    k = listMoves(walk, cells[i] ?? 0, move, to, k);
  }
  start[cells.length] = k;
  graph.reach = { cells, start, move, to };
  return graph.reach;
}

interface Walk {
  readonly reached: Uint8Array;
  readonly e: number;
  readonly width: number;
  readonly n: number;
  readonly adv: Int32Array;
  readonly right: Int32Array;
  /** Reached cells, and moves out of them that stay on the bar (set by `markReached`). */
  count: number;
  edges: number;
}

/** Marks every cell reachable from the marked ones; counts them and the moves out of them. */
function markReached(w: Walk): void {
  const cap = w.width - 1;
  let count = 0;
  let edges = 0;
  // Every move advances at least one step, so a cell's moves all lead to later positions.
  for (let r = 1; r <= cap; r++) {
    for (let c = 0; c < w.e; c++) {
      if (w.reached[c * w.width + r] !== 1) continue;
      count++;
      edges += markFrom(w, c, r);
    }
  }
  w.count = count;
  w.edges = edges;
}

/** Marks the cells the moves out of (c, r) reach; returns how many moves stay on the bar. */
function markFrom(w: Walk, c: number, r: number): number {
  const { reached, width, n, adv, right } = w;
  const cap = width - 1;
  const row = c * n;
  let edges = 0;
  for (let t = 0; t < n; t++) {
    const r2 = r + (adv[row + t] ?? 0);
    if (r2 > cap) continue;
    reached[(right[t] ?? 0) * width + r2] = 1;
    edges++;
  }
  return edges;
}

/** The marked cells into `cells`, earliest position first, classes in order within a position. */
function listCells(w: Walk, cells: Int32Array): void {
  const cap = w.width - 1;
  let i = 0;
  for (let r = 1; r <= cap; r++)
    for (let c = 0; c < w.e; c++) {
      const cell = c * w.width + r;
      if (w.reached[cell] === 1) cells[i++] = cell;
    }
}

/** The moves out of `cell` that stay on the bar into `move` and `to` from `k`; returns the next free k. */
function listMoves(w: Walk, cell: number, move: Int32Array, to: Int32Array, k: number): number {
  const { width, n, adv, right } = w;
  const cap = width - 1;
  const c = Math.floor(cell / width);
  const r = cell - c * width;
  const row = c * n;
  let j = k;
  for (let t = 0; t < n; t++) {
    const r2 = r + (adv[row + t] ?? 0);
    if (r2 > cap) continue;
    move[j] = t;
    to[j] = (right[t] ?? 0) * width + r2;
    j++;
  }
  return j;
}
