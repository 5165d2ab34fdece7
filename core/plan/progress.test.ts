/**
 * Solve progress: the tracker on a manual clock (when it calls, what it sums), and whole solves through
 * `optimise` with and without an observer on a clock that reads the LP solves so far (a budget of work,
 * so the extra clock reads of the observer cannot move where a search stops): the same answers, elapsed
 * time that never goes back, a bound never above the best, and a last call that gives the answer's
 * figures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { angleJobs } from '../../test/fixtures/angle-jobs.ts';
import { practicalJob } from '../../test/fixtures/practical.ts';
import { budgetOf, manualClock } from '../budget.ts';
import { countingEngine } from '../lp/index.ts';
import { createLpEngine, optimise } from '../optimise.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { PROGRESS_INTERVAL_MS, progressTracker, type SolveProgress } from './progress.ts';

const parses = (body: unknown) => parseOptimiseBody(body, 'json').ok;

/** The first practical job from `seed` on that the parser takes (some have too little finite stock). */
function practical(seed: number, options?: Parameters<typeof practicalJob>[1]) {
  for (let s = seed; ; s++) {
    const body = practicalJob(s, options);
    if (parses(body)) return body;
  }
}

function request(body: unknown): OptimiseRequest {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const bars = { objective: 'bars', costUnit: 1 } as const;

describe('the progress tracker', () => {
  it('reports the time at most every 250 ms of the injected clock, through sub-budgets too', () => {
    const clock = manualClock();
    const heard: SolveProgress[] = [];
    const tracker = progressTracker(
      request({ parts: '100x2', stock: 1000 }),
      budgetOf(clock, 5000),
      [bars],
      (p) => heard.push(p),
    );
    const sub = tracker.budget.sub(4000).sub(3000);
    for (const t of [0, 100, 249, 250, 300, 499, 500, 749, 1000]) {
      clock.advance(t - clock.monotonic());
      sub.expired();
      tracker.budget.remainingMs();
    }
    expect(heard.map((p) => p.elapsedMs)).toEqual([0, 250, 500, 1000]);
    expect(heard.every((p) => p.budgetMs === 5000 && p.best === null && p.bound === null)).toBe(true);
    expect(PROGRESS_INTERVAL_MS).toBe(250);
  });

  it('reports at once when the best or the bound improves; the bound only rises and stays at or under the best', () => {
    const clock = manualClock();
    const heard: SolveProgress[] = [];
    const tracker = progressTracker(
      request({ parts: '100x2', stock: 1000 }),
      budgetOf(clock, 5000),
      [bars],
      (p) => heard.push(p),
    );
    const g = tracker.group(0);
    g.bound(3);
    g.best(7);
    clock.advance(10);
    g.best(5);
    g.bound(2); // lower than known: nothing
    g.bound(4);
    expect(heard.map((p) => [p.elapsedMs, p.best, p.bound])).toEqual([
      [0, null, 3],
      [0, 7, 3],
      [10, 5, 3],
      [10, 5, 4],
    ]);
  });

  it('sums settled groups and the group being searched; null until that group has a figure', () => {
    const clock = manualClock();
    const heard: SolveProgress[] = [];
    const tracker = progressTracker(
      request({ parts: '100x2', stock: 1000 }),
      budgetOf(clock, 5000),
      [bars, bars],
      (p) => heard.push(p),
    );
    const a = tracker.group(0);
    a.best(4);
    a.bound(3);
    tracker.done(0, 4, 4);
    const b = tracker.group(1);
    b.bound(2);
    b.best(6);
    tracker.done(1, 5, 5);
    tracker.finish();
    expect(heard.map((p) => [p.best, p.bound, p.unit])).toEqual([
      [4, null, 'bars'],
      [4, 3, 'bars'],
      [null, 6, 'bars'],
      [10, 6, 'bars'],
      [9, 9, 'bars'],
    ]);
  });

  it('speaks the user terms: bars, the price, or the length unit; nothing for groups valued differently', () => {
    const priced = request({ parts: '100x2', stocks: [{ length: 1000, price: 2.5 }] });
    const clock = manualClock();
    const heard: SolveProgress[] = [];
    const track = (
      req: OptimiseRequest,
      costing: { objective: 'bars' | 'price' | 'length' | 'waste'; costUnit: number }[],
    ) => {
      const t = progressTracker(req, budgetOf(clock, 100), costing, (p) => heard.push(p));
      t.group(0).best(4);
      return heard.at(-1);
    };
    expect(track(priced, [{ objective: 'price', costUnit: 5 }])).toMatchObject({
      unit: 'cost',
      best: (4 * 5) / priced.priceScale,
    });
    const inches = request({ parts: '10.5x2', stocks: '96, 120', unit: 'in' });
    expect(track(inches, [{ objective: 'length', costUnit: 10 }])).toMatchObject({
      unit: 'in',
      best: (4 * 10) / inches.scale,
    });
    expect(track(priced, [{ objective: 'price', costUnit: 1 }, bars])).toMatchObject({
      unit: 'mixed',
      best: null,
      bound: null,
    });
  });
});

const lp = createLpEngine();

/** Solves on a clock that reads the LP solves so far; `budget` LP solves. */
async function solve(body: unknown, budget: number, onProgress?: (p: SolveProgress) => void) {
  const { engine, solves } = countingEngine(await lp);
  const clock = { now: () => solves(), monotonic: () => solves() };
  const r = await optimise(request(body), {
    lp: engine,
    clock,
    budgetMs: budget,
    tier: 'test',
    poweredBy: 'test',
    ...(onProgress === undefined ? {} : { onProgress }),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const withoutTime = (r: OptimiseResponse) => ({ ...r, plan: { ...r.plan, solveTimeMs: 0 } });

function checkHeard(heard: readonly SolveProgress[], answer: OptimiseResponse, budget: number) {
  expect(heard.length).toBeGreaterThan(0);
  for (let i = 1; i < heard.length; i++) {
    expect(heard[i]?.elapsedMs).toBeGreaterThanOrEqual(heard[i - 1]?.elapsedMs ?? 0);
  }
  for (const p of heard) {
    expect(p.budgetMs).toBe(budget);
    if (p.best !== null && p.bound !== null) expect(p.bound).toBeLessThanOrEqual(p.best + 1e-9);
  }
  const last = heard.at(-1);
  if (last?.unit === 'bars') {
    expect([last.best, last.bound]).toEqual([answer.plan.stockBarsUsed, answer.plan.stockBarsLowerBound]);
  } else if (last?.unit === 'cost') {
    expect([last.best, last.bound]).toEqual([answer.stats.totalCost, answer.costLowerBound]);
  } else if (last?.unit === 'mixed') {
    expect([last.best, last.bound]).toEqual([null, null]);
  } else {
    // A length objective: the length of bar material, in the request's unit.
    expect(last?.unit).toBe(answer.meta.unit);
    // (0 when owned offcuts alone cover the parts: only bought bars count)
    expect(last?.best).toBeGreaterThanOrEqual(0);
  }
}

describe('progress of whole solves', () => {
  const cases: [string, unknown, number][] = [
    ['one stock length (bars)', { parts: '2400x4, 1150x6, 600x10, 333x7', stock: 6000, kerf: 3 }, 200],
    [
      'priced stocks (cost)',
      {
        parts: '2400x4, 1150x6, 600x10',
        stocks: [
          { length: 6000, price: 12.5 },
          { length: 4000, price: 9 },
        ],
        kerf: 3,
      },
      200,
    ],
    [
      'two materials',
      {
        parts: [
          { length: 900, quantity: 5, material: 'oak' },
          { length: 700, quantity: 3, material: 'ash' },
        ],
        stocks: [
          { length: 2400, material: 'oak' },
          { length: 2400, material: 'ash' },
        ],
      },
      200,
    ],
    [
      'fewest setups',
      { parts: '2400x4, 1150x6, 600x10', stock: 6000, kerf: 3, method: 'fewest_setups' },
      300,
    ],
    ['angle cuts', angleJobs()[0]?.body, 300],
    ['a practical job', practical(7), 300],
  ];

  it.each(cases)(
    '%s: the same answer with an observer, and figures that add up',
    async (_name, body, budget) => {
      const heard: SolveProgress[] = [];
      const watched = await solve(body, budget, (p) => heard.push(p));
      const plain = await solve(body, budget);
      expect(withoutTime(watched)).toEqual(withoutTime(plain));
      checkHeard(heard, watched, budget);
      // The searches report as they go, not only the settled figures at the end.
      expect(heard.slice(0, -1).some((p) => p.best !== null)).toBe(true);
      expect(heard.slice(0, -1).some((p) => p.bound !== null)).toBe(true);
    },
  );

  it('the same answers with and without an observer, for practical jobs (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), async (seed) => {
        const body = practical(seed, { maxLines: 12, maxParts: 60 });
        const heard: SolveProgress[] = [];
        const watched = await solve(body, 150, (p) => heard.push(p));
        expect(withoutTime(watched)).toEqual(withoutTime(await solve(body, 150)));
        checkHeard(heard, watched, 150);
      }),
      { numRuns: 12 },
    );
  });
});
