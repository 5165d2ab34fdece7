/**
 * A lower bound on the setups of any plan of an angle group that costs at most a given value, valid for
 * the real geometry. Every shape is cut on at least one setup, and the shapes one setup carries lie on one
 * bar together, each at least once. What a sequence holds is bounded by area: pieces are disjoint, so
 * their material lengths (area / width, rounded down) add up to at most the bar's room, whatever the turns
 * and shared cuts. With shared cuts a piece can take less room along the bar than its tip-to-tip length,
 * so tip-to-tip lengths would not be safe here; material lengths and the narrowest gaps are.
 *
 * 1. Bin packing of one piece of each shape by material into the longest bar's room: the continuous and
 *    the Martello–Toth L2 bounds.
 * 2. Shapes no bar holds two of together (the tightest pair, any order and turn, with the narrowest gaps
 *    and the trims, longer than every source) need a setup each: a clique of that conflict graph.
 * 3. At the fixed value: one setup cuts the whole list only when some bar count x divides every demand,
 *    `demand / x` pieces of each shape fit one bar of some length by material, and x such bars are in
 *    supply and cost at most the value. When no x does, a plan of that value needs two setups.
 */
import { gapBelow } from '../geometry/exact.ts';
import { continuousBound, l2Bound } from '../solver/bounds/index.ts';
import { gcd } from '../solver/model/index.ts';
import type { AngleJob, Shape } from './job.ts';

/** Valid lower bound on the setups of every plan of `job` costing at most `cost` (job cost units). */
export function angleSetupsLowerBound(job: AngleJob, cost: number): number {
  const shapes = job.shapes.filter((s) => s.demand > 0);
  if (shapes.length === 0) return 0;
  const longest = Math.max(...job.base.sources.map((s) => s.length));
  const room = longest - 2 * job.trimKerf;
  const weights = shapes.map((s) => s.material);
  const ones = shapes.map(() => 1);
  const packing = Math.max(
    1,
    continuousBound({ weights, demands: ones, capacity: room }),
    l2Bound({ weights, demands: ones, capacity: room }),
    conflictClique(job, shapes, longest),
  );
  if (packing >= 2) return packing;
  return onePatternCuts(job, cost) ? 1 : 2;
}

/** The least room two pieces take on one bar, trims included: any order, any poses, narrowest gaps. */
function tightestPair(job: AngleJob, a: Shape, b: Shape): number {
  let least = Number.POSITIVE_INFINITY;
  for (const p of a.poses)
    for (const q of b.poses) {
      const ab = gapBelow(job.table.of(p.right), job.table.of(q.left));
      const ba = gapBelow(job.table.of(q.right), job.table.of(p.left));
      least = Math.min(least, p.length + q.length + Math.min(ab, ba));
    }
  return least + 2 * job.trimKerf;
}

/** The largest clique found greedily (from each shape in turn) among shapes that never share a bar. */
function conflictClique(job: AngleJob, shapes: readonly Shape[], longest: number): number {
  const n = shapes.length;
  if (n < 2 || n > 400) return n > 0 ? 1 : 0;
  const apart: boolean[][] = shapes.map((a, i) =>
    shapes.map((b, j) => i !== j && tightestPair(job, a, b) > longest),
  );
  const degree = apart.map((row) => row.filter(Boolean).length);
  let best = 1;
  for (let start = 0; start < n; start++) {
    const clique = [start];
    const order = [...Array(n).keys()].sort((x, y) => (degree[y] ?? 0) - (degree[x] ?? 0) || x - y);
    for (const v of order) {
      if (v !== start && clique.every((u) => apart[u]?.[v])) clique.push(v);
    }
    best = Math.max(best, clique.length);
  }
  return best;
}

/** Can one pattern, repeated on bars of one length, cut the whole demand at cost ≤ `cost` (by area)? */
function onePatternCuts(job: AngleJob, cost: number): boolean {
  let g = 0;
  for (const s of job.shapes) g = gcd(g, s.demand);
  const byLength = new Map<number, { cost: number; supply: number }[]>();
  for (const s of job.base.sources) {
    const bars = byLength.get(s.length) ?? [];
    bars.push({ cost: s.cost, supply: s.supply });
    byLength.set(s.length, bars);
  }
  for (let x = 1; x <= g; x++) {
    if (g % x !== 0) continue;
    let material = 0;
    let tip = 0;
    for (const s of job.shapes) {
      material += (s.demand / x) * s.material;
      if (s.demand > 0) tip = Math.max(tip, s.length);
    }
    for (const [length, bars] of byLength) {
      const room = length - 2 * job.trimKerf;
      if (material > room || tip > room) continue;
      let need = x;
      let paid = 0;
      for (const b of [...bars].sort((p, q) => p.cost - q.cost)) {
        const take = Math.min(need, b.supply);
        paid += take * b.cost;
        need -= take;
        if (need <= 0) break;
      }
      if (need <= 0 && paid <= cost + 1e-9) return true;
    }
  }
  return false;
}
