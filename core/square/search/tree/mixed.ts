/**
 * The square tree for several kinds of bar: cheap mixes of bar counts searched first, then a short and a
 * full tree.
 */
import { cheapMixes, costSources, type Mix } from '../../../bounds/index.ts';
import { type Budget, workLimited } from '../../../budget.ts';
import type { Proof } from '../../../model/index.ts';
import { branchAndPrice, type TreeSearch } from './branch-and-price.ts';
import {
  LDS_WORK_MIXED,
  MIN_MIXED_ROUNDS,
  MIX_EACH_WORK,
  MIX_LIMIT,
  MIX_PASS_WORK,
  QUICK_TREE_WORK,
} from './tuning.ts';

/**
 * Jobs with several kinds of bar, after the first dive: most of their gaps lie in the mix of sources, which
 * a few branches close and a dive does not change. So: the mixes of bars that could still beat the
 * incumbent, when few, each searched on its own; a short branch and price; short discrepancy dives for the
 * plans the first dive missed; then the full tree. The phases hand over after pricing rounds (a multiple
 * of the rounds so far), not milliseconds, so the search is the same on any machine. Raises `proof`'s
 * bound as it goes (the dives and the tree stop once the incumbent meets it).
 */
export function mixedSearch(search: TreeSearch, proof: Proof, rootX: Float64Array, budget: Budget): void {
  const { job, cg, diver, root, rootCuts, trace, inc } = search;
  const isOptimal = (): boolean => proof.optimal();
  const rounds = (): number => trace.cgIterations;
  const workFor = (factor: number, least: number): Budget =>
    workLimited(budget, rounds, rounds() + Math.max(least, factor * rounds()));
  // The cuts usually put the optimum's mix first.
  const mixes = cheapMixes(proof.bound, inc.pruneAt(), costSources(job, root), rootCuts, MIX_LIMIT);
  if (mixes) {
    proof.raise(searchMixes(search, mixes, cg.sourceTotals(rootX), workFor(MIX_PASS_WORK, MIN_MIXED_ROUNDS)));
    if (isOptimal() || budget.expired()) return;
  }
  proof.raise(branchAndPrice(search, proof.bound, workFor(QUICK_TREE_WORK, MIN_MIXED_ROUNDS)));
  if (isOptimal() || budget.expired()) return;
  const lds = workFor(LDS_WORK_MIXED, MIN_MIXED_ROUNDS);
  for (let discrepancy = 1; discrepancy <= 2 && !isOptimal() && !lds.expired(); discrepancy++) {
    const state = { exhausted: true };
    diver.dive(root, search.diveSteps, discrepancy, state, lds);
    if (state.exhausted) break;
  }
  if (isOptimal() || budget.expired()) return;
  proof.raise(branchAndPrice(search, proof.bound, budget));
}

/**
 * Searches each mix (bars of every paid source fixed; free sources stay within their bounds) by branch
 * and price, cheapest first, equal costs nearest the root LP's bar totals first. Every plan's mix is in
 * the list (it satisfies the cuts and costs less than the incumbent), so once the mixes below a cost are
 * closed, no plan is cheaper than it. Each mix gets a share of the pass's pricing rounds, so one hard mix
 * does not hold up the others (docs/solver.md, Tuning); a mix left open ends the bound's rise.
 * Returns the bound the pass proves.
 */
function searchMixes(search: TreeSearch, mixes: readonly Mix[], totals: Float64Array, pass: Budget): number {
  const { job, root, trace, inc, cg } = search;
  const rounds = (): number => trace.cgIterations;
  const away = (n: readonly number[]): number => n.reduce((d, x, k) => d + Math.abs(x - (totals[k] ?? 0)), 0);
  const order = [...mixes].sort(
    (a, b) => a.cost - b.cost || away(a.n) - away(b.n) || a.n.join().localeCompare(b.n.join()),
  );
  // A mix may ask for bars of a source no column uses yet: without one, its restricted master reads as
  // infeasible and the mix would be closed unsearched (a false proof: two 2000s at 12 over one 3000 at 10).
  job.sources.forEach((s, k) => {
    if (cg.columns.some((c) => c.source === k) || !mixes.some((m) => (m.n[k] ?? 0) > 0)) return;
    const counts = new Int32Array(job.items.length);
    let room = s.capacity;
    job.items.forEach((it, i) => {
      const take = Math.min(root.demand[i] ?? 0, Math.floor(room / it.weight));
      counts[i] = take;
      room -= take * it.weight;
    });
    if (counts.some((c) => c > 0)) cg.addColumn(k, counts);
  });
  let bound = Number.NEGATIVE_INFINITY;
  let closed = true;
  for (const mix of order) {
    if (mix.cost >= inc.pruneAt() || pass.expired()) break;
    if (closed) bound = Math.max(bound, mix.cost);
    const lo = root.lo.slice();
    const hi = root.hi.slice();
    job.sources.forEach((s, k) => {
      if (s.cost > 0) {
        lo[k] = mix.n[k] ?? 0;
        hi[k] = mix.n[k] ?? 0;
      }
    });
    const each = workLimited(pass, rounds, rounds() + Math.max(MIN_MIXED_ROUNDS, MIX_EACH_WORK * rounds()));
    const left = branchAndPrice({ ...search, root: { ...root, lo, hi } }, mix.cost, each);
    if (left < inc.pruneAt()) closed = false;
  }
  cg.setResidual(root);
  // Every mix below the incumbent closed: nothing beats it.
  if (closed && !pass.expired()) bound = Math.max(bound, inc.pruneAt());
  return bound;
}
