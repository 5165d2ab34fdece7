/**
 * The least setups of any plan of a tiny job within a value and a purchased-bar count, by enumeration: the
 * reference the setups bounds are tested against. Plans cut every demand exactly (as the verifier
 * requires). The search branches on the setups that cut the first item still wanted, on as many bars as
 * the demand left allows, so every plan is reached, in the order of its setups.
 */
import fc from 'fast-check';
import { buildJobs, type GroupPlan, type Job } from '../../core/model/index.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';
import { solveGroup } from '../../core/square/search/solve-group.ts';
import { workBudget } from './solver.ts';

interface Setup {
  readonly cls: number;
  readonly counts: Int32Array;
}

/** Least setups of a plan of `job` costing ≤ `value` and buying ≤ `bars` bars, or `upper` if none has fewer. */
export function exactSetups(job: Job, value: number, bars: number, upper: number): number {
  const lengths = [...new Set(job.sources.map((s) => s.length))];
  // Within a length, bars are taken cheapest first, owned offcuts first on a tie: that allocation is the
  // cheapest and buys the fewest bars at once (an offcut never costs more than stock of its length).
  const classes = lengths.map((length) =>
    job.sources
      .filter((s) => s.length === length && s.supply > 0)
      .sort((a, b) => a.cost - b.cost || (a.kind === 'offcut' ? -1 : 1) - (b.kind === 'offcut' ? -1 : 1)),
  );
  const setups: Setup[] = [];
  lengths.forEach((_, cls) => {
    const capacity = classes[cls]?.[0]?.capacity ?? 0;
    for (const counts of patterns(job, capacity)) setups.push({ cls, counts });
  });
  const fits = (used: readonly number[]): boolean => {
    let cost = 0;
    let bought = 0;
    for (let c = 0; c < classes.length; c++) {
      let need = used[c] ?? 0;
      for (const s of classes[c] ?? []) {
        if (need <= 0) break;
        const take = Math.min(need, s.supply);
        cost += take * s.cost;
        if (s.kind === 'stock') bought += take;
        need -= take;
      }
      if (need > 0) return false;
    }
    return cost <= value + 1e-9 && bought <= bars;
  };
  const search = (left: number, rem: Int32Array, used: number[]): boolean => {
    const first = rem.findIndex((d) => d > 0);
    if (first < 0) return true;
    if (left === 0) return false;
    for (const { cls, counts } of setups) {
      if ((counts[first] ?? 0) === 0) continue;
      let most = Number.POSITIVE_INFINITY;
      counts.forEach((a, i) => {
        if (a > 0) most = Math.min(most, Math.floor((rem[i] ?? 0) / a));
      });
      for (let k = 1; k <= most; k++) {
        const next = used.slice();
        next[cls] = (next[cls] ?? 0) + k;
        if (!fits(next)) break;
        const r = Int32Array.from(rem, (d, i) => d - k * (counts[i] ?? 0));
        if (search(left - 1, r, next)) return true;
      }
    }
    return false;
  };
  const demand = Int32Array.from(job.items, (it) => it.demand);
  for (let s = 1; s < upper; s++)
    if (
      search(
        s,
        demand,
        classes.map(() => 0),
      )
    )
      return s;
  return upper;
}

/** Every non-empty pattern of at most the demand of each item that fits `capacity`. */
function patterns(job: Job, capacity: number): Int32Array[] {
  const m = job.items.length;
  const out: Int32Array[] = [];
  const counts = new Int32Array(m);
  const walk = (i: number, room: number): void => {
    if (i === m) {
      if (counts.some((c) => c > 0)) out.push(counts.slice());
      return;
    }
    const it = job.items[i];
    if (!it) return;
    for (let a = Math.min(it.demand, Math.floor(room / it.weight)); a >= 0; a--) {
      counts[i] = a;
      walk(i + 1, room - a * it.weight);
    }
    counts[i] = 0;
  };
  walk(0, capacity);
  return out;
}

/**
 * Tiny `fewest_setups` bodies for the enumeration: two to four part lengths of up to five pieces, one or
 * two stock lengths, maybe an offcut; with a slack to add to the value, a bars cap flag and LP rounds.
 */
export const tinyJob = fc
  .record({
    parts: fc.array(
      fc.record({ length: fc.integer({ min: 150, max: 900 }), quantity: fc.integer({ min: 1, max: 5 }) }),
      { minLength: 2, maxLength: 4 },
    ),
    stocks: fc.uniqueArray(
      fc.record({
        length: fc.constantFrom(1000, 1500, 2000),
        quantity: fc.option(fc.integer({ min: 2, max: 6 }), { nil: null }),
      }),
      { minLength: 1, maxLength: 2, selector: (s) => s.length },
    ),
    priced: fc.boolean(),
    offcut: fc.option(
      fc.record({ length: fc.constantFrom(900, 1000, 1500), quantity: fc.integer({ min: 1, max: 2 }) }),
      { nil: null },
    ),
    kerf: fc.constantFrom(0, 3),
    trim: fc.boolean(),
    slack: fc.constantFrom(0, 0, 1),
    capBars: fc.boolean(),
    rounds: fc.constantFrom(1, 2, 3, 60),
  })
  .map((r) => ({
    body: {
      parts: r.parts.map((p, i) => ({ ...p, label: `p${i}` })),
      stocks: r.stocks.map((s) => ({ ...s, price: r.priced ? s.length / 100 + 3 : null })),
      offcuts: r.offcut ? [r.offcut] : [],
      kerf: r.kerf,
      trim: r.trim,
      method: 'fewest_setups',
    },
    slack: r.slack,
    capBars: r.capBars,
    rounds: r.rounds,
  }));

/**
 * A tiny job's only group and the solver's plan for it (in counted work), or null when the request is
 * refused before any solve (a cut list the finite supply cannot hold) or no plan is found.
 */
export async function tinyGroup(body: unknown): Promise<{ job: Job; found: GroupPlan } | null> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) return null;
  const [job] = buildJobs(parsed.value);
  if (!job) return null;
  const { engine, budget } = await workBudget(500);
  const found = solveGroup(job, engine, budget).plan;
  return found ? { job, found } : null;
}
