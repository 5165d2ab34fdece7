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
 *   value is the largest completion bound it left open (still an upper bound, status `bounded`).
 *
 * Room is counted in steps of `f` units: rounding every move down gives an upper bound on the value
 * (`mode: 'bound'`), rounding up gives sequences that surely fit (`mode: 'plan'`).
 */
import type { AngleJob } from './job.ts';
import { bounded, completions } from './pricing-bounded.ts';
import { type GraphShape, graphShapeOf } from './pricing-graph.ts';
import type { Graph, Move, PricedSequence, PricingResult, SequenceArcDuals } from './pricing-types.ts';

export { MAX_SEARCH_NODES } from './pricing-bounded.ts';
export { MAX_CELLS, MAX_MOVES } from './pricing-graph.ts';
export type {
  PricedSequence,
  PricingResult,
  PricingStatus,
  SequenceArcDuals,
} from './pricing-types.ts';

const NOTHING: PricingResult = { value: 0, sequences: [], status: 'exact' };
const TOO_LARGE: PricingResult = { value: 0, sequences: [], status: 'tooLarge' };

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
  if (mode === 'bound') return { value, sequences: [], status: 'exact' };
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
  return { value, sequences, status: 'exact' };
}
