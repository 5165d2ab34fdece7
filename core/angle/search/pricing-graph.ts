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
import { gapBelow, gapBetween } from '../../mitre/index.ts';
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
  readonly angles: readonly number[];
  readonly labelAdv: Int32Array;
  /** The reached cells and their moves, built on first use (`reachOf`). */
  reach: Reach | null;
  /**
   * The last completion values (pricing.ts `completions`) and the move values they were computed for:
   * one buffer per graph, rewritten in place (only reached cells; the others stay 0), reused as it is
   * when the values repeat. Read only within one pricing call.
   */
  tail: Float64Array | null;
  tailValues: Float64Array | null;
  /** The bounded search's per-depth child lists (pricing.ts), kept with the graph. */
  lists: unknown;
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

/** Cells (positions × edge classes) of the graphs kept per job: their buffers take 8 bytes a cell. */
const KEPT_CELLS = 8_000_000;

function keptCells(byJob: Map<string, Map<string, GraphShape | 'nothing' | 'too large'>>): number {
  let cells = 0;
  for (const sets of byJob.values())
    for (const g of sets.values()) if (typeof g !== 'string') cells += g.e * (g.cap + 1);
  return cells;
}

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
  // The oldest sets go first: past KEPT_SETS, or while the job's kept cells (each graph keeps a buffer of
  // its cells' completion values) pass KEPT_CELLS, the newest set always staying.
  while (sets.size > KEPT_SETS || (sets.size > 1 && keptCells(byJob) > KEPT_CELLS))
    sets.delete(sets.keys().next().value as string);
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
  // Labels: where each piece starts in the plan geometry, unscaled (the arcs' positions).
  const labelAdv = new Int32Array(e * moves.length);
  for (let c = 0; c < e; c++)
    moves.forEach((m, t) => {
      labelAdv[c * moves.length + t] = job.table.gap(angles[c] ?? 90, angles[m.leftClass] ?? 90) + m.length;
    });
  return {
    moves,
    e,
    cap,
    adv,
    first,
    angles,
    labelAdv,
    reach: null,
    tail: null,
    tailValues: null,
    lists: null,
  };
}

/**
 * The graph's reached cells and the moves out of them (built once per graph). Positions are taken from a
 * queue, earliest first, so only the positions some sequence reaches are looked at (long pieces on a fine
 * scale reach few of them). The loops live in small functions that end in a plain return: a long loop's
 * on-stack-replaced code, reused call after call, otherwise bails out after the loop every time.
 */
export function reachOf(graph: GraphShape): Reach {
  if (graph.reach !== null) return graph.reach;
  const { moves, e, cap, adv, first } = graph;
  const width = cap + 1;
  const n = moves.length;
  const right = Int32Array.from(moves, (m) => m.rightClass);
  const walk: Walk = {
    reached: new Uint8Array(e * width),
    queued: new Uint8Array(width),
    queue: new Int32Array(width),
    size: 0,
    e,
    width,
    n,
    adv,
    right,
    edges: 0,
  };
  for (let t = 0; t < n; t++) {
    const r = first[t] ?? 0;
    if (r <= cap) mark(walk, (right[t] ?? 0) * width + r, r);
  }
  const found: number[] = [];
  while (walk.size > 0) expandPosition(walk, pop(walk), found);
  const cells = Int32Array.from(found);
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
  /** Positions ever queued, and the queue (a binary heap, least position on top). */
  readonly queued: Uint8Array;
  readonly queue: Int32Array;
  size: number;
  readonly e: number;
  readonly width: number;
  readonly n: number;
  readonly adv: Int32Array;
  readonly right: Int32Array;
  /** Moves out of reached cells that stay on the bar. */
  edges: number;
}

/** Marks `cell` (at position r) reached and queues its position. */
function mark(w: Walk, cell: number, r: number): void {
  w.reached[cell] = 1;
  if (w.queued[r] === 1) return;
  w.queued[r] = 1;
  const q = w.queue;
  let i = w.size++;
  while (i > 0) {
    const up = (i - 1) >> 1;
    const above = q[up] ?? 0;
    if (above <= r) break;
    q[i] = above;
    i = up;
  }
  q[i] = r;
}

/** Takes the least queued position off the queue. */
function pop(w: Walk): number {
  const q = w.queue;
  const top = q[0] ?? 0;
  const last = q[--w.size] ?? 0;
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= w.size) break;
    if (child + 1 < w.size && (q[child + 1] ?? 0) < (q[child] ?? 0)) child++;
    if ((q[child] ?? 0) >= last) break;
    q[i] = q[child] ?? 0;
    i = child;
  }
  if (w.size > 0) q[i] = last;
  return top;
}

/** The reached cells at position r into `found` (classes in order), marking what their moves reach. */
function expandPosition(w: Walk, r: number, found: number[]): void {
  for (let c = 0; c < w.e; c++) {
    const cell = c * w.width + r;
    if (w.reached[cell] !== 1) continue;
    found.push(cell);
    w.edges += markFrom(w, c, r);
  }
}

/** Marks the cells the moves out of (c, r) reach; returns how many moves stay on the bar. */
function markFrom(w: Walk, c: number, r: number): number {
  const { width, n, adv, right } = w;
  const cap = width - 1;
  const row = c * n;
  let edges = 0;
  for (let t = 0; t < n; t++) {
    const r2 = r + (adv[row + t] ?? 0);
    if (r2 > cap) continue;
    mark(w, (right[t] ?? 0) * width + r2, r2);
    edges++;
  }
  return edges;
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
