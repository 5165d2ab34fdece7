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
 * 4. Two setups (x₁ and x₂ bars) cut it only when every demand splits as a₁·x₁ + a₂·x₂ with both patterns
 *    fitting by material and the bars costing at most the value; when no split does, three.
 *
 * Plans meet the demand exactly. A setup's slot is a piece's geometry as placed, which two shapes of one
 * length can share when a turn of one gives the other's angles; such shapes form one class, and every
 * argument above counts classes (a slot of a class may cut any of its shapes), never shapes.
 */

import { cheapestBarsCost, continuousBound, l2Bound, onePatternCuts } from '../../bounds/index.ts';
import { gapBelow } from '../../mitre/index.ts';
import type { AngleJob, Shape } from '../search/index.ts';

/** Valid lower bound on the setups of every plan of `job` costing at most `cost` (job cost units). */
export function angleSetupsLowerBound(job: AngleJob, cost: number): number {
  const shapes = classesOf(job.shapes.filter((s) => s.demand > 0));
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
  if (packing >= 3) return packing;
  if (
    packing <= 1 &&
    onePatternCuts(
      shapes.map((s) => s.demand),
      job.base.sources,
      patternFits(job, shapes),
      cost,
    )
  )
    return 1;
  return twoPatternsCut(job, shapes, cost) ? 2 : 3;
}

/** Shapes whose poses share a geometry (same length, a turn of one gives the other's angles), merged. */
export function classesOf(shapes: readonly Shape[]): Shape[] {
  const same = (p: { left: number; right: number }, q: { left: number; right: number }): boolean =>
    p.left === q.left && p.right === q.right;
  let out: Shape[] = [];
  for (const s of shapes) {
    const meets = (c: Shape): boolean =>
      c.length === s.length && c.poses.some((p) => s.poses.some((q) => same(p, q)));
    let demand = s.demand;
    const poses = [...s.poses];
    for (const c of out.filter(meets)) {
      demand += c.demand;
      for (const p of c.poses) if (!poses.some((q) => same(p, q))) poses.push(p);
    }
    out = [...out.filter((c) => !meets(c)), { ...s, demand, poses }];
  }
  return out;
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

/** The cheapest cost of n bars of each source length (infinite past the supply). */
function barCosts(job: AngleJob): Map<number, (n: number) => number> {
  const byLength = new Map<number, { cost: number; supply: number }[]>();
  for (const s of job.base.sources) {
    const bars = byLength.get(s.length) ?? [];
    bars.push({ cost: s.cost, supply: s.supply });
    byLength.set(s.length, bars);
  }
  const out = new Map<number, (n: number) => number>();
  for (const [length, bars] of byLength) {
    const sorted = [...bars].sort((p, q) => p.cost - q.cost);
    out.set(length, (n) => cheapestBarsCost(sorted, n));
  }
  return out;
}

/** Whether one pattern of `demand / x` pieces of each class fits a bar of a length (by material). */
function patternFits(job: AngleJob, classes: readonly Shape[]): (x: number, length: number) => boolean {
  const tip = Math.max(...classes.map((s) => s.length));
  return (x, length) => {
    let material = 0;
    for (const s of classes) material += (s.demand / x) * s.material;
    const room = length - 2 * job.trimKerf;
    return material <= room && tip <= room;
  };
}

/** DP cells a two-pattern test may visit before it gives up (unsure: the bound stays at 2). */
const TWO_PATTERN_WORK = 2_000_000;

/**
 * Can two patterns (x₁ bars of length L₁, x₂ of L₂) cut the whole demand at cost ≤ `cost`? For every
 * (L₁, L₂, x₁, x₂) within the cost, a DP over classes chooses each demand's split a₁·x₁ + a₂·x₂ keeping
 * pattern 1's material within L₁'s room and minimising pattern 2's. Material is counted in steps of g
 * rounded down (Σ⌊·/g⌋ ≤ ⌊Σ/g⌋, so the test never refuses a split that fits). True when unsure.
 */
function twoPatternsCut(job: AngleJob, classes: readonly Shape[], cost: number): boolean {
  const costs = [...barCosts(job)].sort((a, b) => a[0] - b[0]);
  const most = Math.max(...classes.map((c) => c.demand));
  const t = 2 * job.trimKerf;
  const work = { left: TWO_PATTERN_WORK };
  for (let i = 0; i < costs.length; i++)
    for (let j = i; j < costs.length; j++) {
      const [l1, paid1] = costs[i] as [number, (n: number) => number];
      const [l2, paid2] = costs[j] as [number, (n: number) => number];
      const g = Math.max(1, Math.ceil(Math.max(l1, l2) / 2000));
      const cap1 = Math.floor((l1 - t) / g);
      const cap2 = Math.floor((l2 - t) / g);
      for (let x1 = 1; x1 <= most; x1++) {
        const least = i === j ? paid1(2 * x1) : paid1(x1) + paid2(1);
        if (least > cost + 1e-9) break;
        for (let x2 = i === j ? x1 : 1; x2 <= most; x2++) {
          const paid = i === j ? paid1(x1 + x2) : paid1(x1) + paid2(x2);
          if (paid > cost + 1e-9) break;
          work.left -= classes.length;
          if (work.left < 0) return true;
          const fits = splitFits(classes, x1, x2, l1 - t, l2 - t, g, cap1, cap2, work);
          if (fits !== false) return true;
        }
      }
    }
  return false;
}

function splitFits(
  classes: readonly Shape[],
  x1: number,
  x2: number,
  room1: number,
  room2: number,
  g: number,
  cap1: number,
  cap2: number,
  work: { left: number },
): boolean | null {
  // least[m] = the least pattern-2 material (in steps) with pattern 1's material m steps.
  let least = new Float64Array(cap1 + 1).fill(Number.POSITIVE_INFINITY);
  least[0] = 0;
  for (const c of classes) {
    work.left -= cap1 + 1;
    if (work.left < 0) return null;
    const next = new Float64Array(cap1 + 1).fill(Number.POSITIVE_INFINITY);
    let any = false;
    for (let a1 = 0; a1 * x1 <= c.demand; a1++) {
      const rest = c.demand - a1 * x1;
      if (rest % x2 !== 0) continue;
      const a2 = rest / x2;
      // A piece longer than a bar's room cannot lie on it at all.
      if ((a1 > 0 && c.length > room1) || (a2 > 0 && c.length > room2)) continue;
      const w1 = Math.floor((a1 * c.material) / g);
      const w2 = Math.floor((a2 * c.material) / g);
      if (w1 > cap1 || w2 > cap2) continue;
      work.left -= cap1 + 1;
      if (work.left < 0) return null;
      for (let m = 0; m + w1 <= cap1; m++) {
        const v = (least[m] ?? Number.POSITIVE_INFINITY) + w2;
        if (v <= cap2 && v < (next[m + w1] ?? Number.POSITIVE_INFINITY)) {
          next[m + w1] = v;
          any = true;
        }
      }
    }
    if (!any) return false;
    least = next;
  }
  return least.some((v) => v <= cap2);
}
