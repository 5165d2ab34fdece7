/**
 * The spec's two promises where the search stops on its budget (issue 32), on the injected clock (time
 * moves with every read, so a budget is an amount of work and runs repeat): "a longer `timeLimit` can only
 * improve the answer" and "a shorthand request and the long request it expands to return byte-identical
 * plans".
 */
import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../../test/fixtures/practical.ts';
import { fixture, planOf, stepClock } from '../../../test/support/solver.ts';
import type { OptimiseResponse } from '../../types.ts';

/**
 * What the method minimises, per material group, in its order (smaller is better): under
 * `offcuts_first` the offcut material used (negated) first; then the cost or the material (the stock
 * bought; under `least_waste` stock and offcuts cut); under `fewest_setups` then the setups.
 */
function rank(r: OptimiseResponse): number[] {
  const groups = new Map<string, { stock: number; offcut: number; cost: number }>();
  const group = (m: string | undefined) => {
    const key = m ?? '';
    const g = groups.get(key) ?? { stock: 0, offcut: 0, cost: 0 };
    groups.set(key, g);
    return g;
  };
  for (const c of r.plan.combinations) {
    const g = group(c.usedComb.material);
    if (c.usedComb.source === 'stock') g.stock += c.usedComb.length * c.count;
    else g.offcut += c.usedComb.length * c.count;
  }
  for (const p of r.plan.purchases) group(p.material).cost += p.cost ?? 0;
  const { method, objective } = r.meta;
  const out: number[] = [];
  for (const [, g] of [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (method === 'offcuts_first') out.push(-g.offcut);
    if (objective === 'cost') out.push(Math.round(g.cost * 1e6));
    out.push(method === 'least_waste' ? g.stock + g.offcut : g.stock);
  }
  if (method === 'fewest_setups') out.push(r.stats.setups ?? 0);
  return out;
}

/** Negative when `a` ranks better than `b`. */
function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const triplets = fixture('falkenauer_t', 'Falkenauer_t120_18.txt');
/** Budgets in ms on the step clock (1 µs a read): the small ones stop the search or the setups stage. */
const BUDGETS = [1, 2, 5, 10];

describe('a longer timeLimit can only improve the answer', () => {
  const jobs: [string, Record<string, unknown>][] = [
    ['Falkenauer t120_18, balanced', triplets.body],
    ['Falkenauer t120_18, fewest_setups', { ...triplets.body, method: 'fewest_setups' }],
    // The setups stage's work grew with the budget, and its phases split what was left: at 10 ms this
    // job had 9 setups, at 5 ms 7 (the search proven at both).
    [
      'practical seed 15, fewest_setups',
      { ...practicalJob(15, { maxParts: 80, maxLines: 20 }), method: 'fewest_setups' },
    ],
  ];

  it.each(jobs)(
    '%s',
    async (name, body) => {
      let before: { budget: number; rank: number[]; optimal: boolean } | null = null;
      let stopped = false;
      for (const budget of BUDGETS) {
        const r = await planOf(body, { budgetMs: budget, clock: stepClock() });
        const now = { budget, rank: rank(r), optimal: r.plan.optimal };
        // The search stopped on the budget, or the setups stage did (the answer moved with the budget).
        stopped ||= !r.plan.optimal || (before !== null && compare(now.rank, before.rank) !== 0);
        if (before !== null) {
          const was = `${before.budget} ms: ${before.rank.join('/')}, now ${budget} ms: ${now.rank.join('/')}`;
          expect(compare(now.rank, before.rank), was).toBeLessThanOrEqual(0);
          if (before.optimal) expect(now.optimal, was).toBe(true);
        }
        before = now;
      }
      // Some budget stopped the search or the stage (else the test proves nothing), except on the job kept
      // for the setups stage's old fault, whose answer no longer moves with the budget.
      if (!name.startsWith('practical seed 15')) expect(stopped).toBe(true);
    },
    60_000,
  );
});

describe('shorthand and long form give byte-identical plans when the search stops on its budget', () => {
  const lines = triplets.body.parts as { length: number; quantity: number }[];
  const stock = triplets.body.stockLength as number;
  const forms: [string, Record<string, unknown>][] = [
    ['a string', { parts: lines.map((p) => `${p.length}x${p.quantity}`).join(','), stock }],
    ['an array of strings', { parts: lines.map((p) => `${p.length}x${p.quantity}`), stock: `${stock}` }],
    ['pairs', { parts: lines.map((p) => [p.length, p.quantity]), stocks: [{ length: stock }] }],
    ['objects, stock as text', { parts: lines, stock: ` ${stock} ` }],
  ];

  it.each([
    ['balanced', 1],
    ['fewest_setups', 1],
  ] as const)(
    '%s at %i ms, every form',
    async (method, budget) => {
      const run = (body: Record<string, unknown>) =>
        planOf({ ...body, method }, { budgetMs: budget, clock: stepClock() });
      const long = await run({ parts: lines, stockLength: stock });
      expect(long.plan.optimal).toBe(false);
      for (const [form, body] of forms) {
        expect(JSON.stringify(await run(body)), form).toBe(JSON.stringify(long));
      }
    },
    60_000,
  );
});
