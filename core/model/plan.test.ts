/**
 * Trimming a covering multiset of bars into a plan: exactly the demand, never a piece a bar did not carry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyJob } from '../../test/support/solver.ts';
import { parseOptimiseBody } from '../request/index.ts';
import { buildJobs, type Job } from './index.ts';
import {
  better,
  keptCost,
  type Layout,
  mergeLayouts,
  patternKey,
  planCost,
  trimExcess,
  winsTie,
} from './plan.ts';

/** A job of parts 100, 110, 120, … long in the given quantities, on 10,000-long bars. */
const jobOf = (demands: readonly number[]): Job =>
  onlyJob({ parts: demands.map((quantity, i) => ({ length: 100 + 10 * i, quantity })), stock: 10_000 });

const produced = (layouts: readonly Layout[], m: number): number[] =>
  Array.from({ length: m }, (_, i) => layouts.reduce((a, l) => a + (l.counts[i] ?? 0) * l.count, 0));

describe('trimExcess', () => {
  it('leaves exactly the demand, from bars that carried those pieces, and no empty bar', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }),
        fc.array(
          fc.record({
            counts: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 5, maxLength: 5 }),
            count: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 8 },
        ),
        (demands, raw) => {
          const job = jobOf(demands);
          const m = job.items.length;
          const bars: Layout[] = raw.map((b) => ({
            source: 0,
            counts: Int32Array.from(b.counts.slice(0, m)),
            count: b.count,
          }));
          // Bars enough to cover the demand: one more layout with the whole shortfall.
          const short = job.items.map((it, i) => Math.max(0, it.demand - (produced(bars, m)[i] ?? 0)));
          bars.push({ source: 0, counts: Int32Array.from(short), count: 1 });
          const trimmed = trimExcess(job, bars);
          expect(produced(trimmed, m)).toEqual(job.items.map((it) => it.demand));
          for (const l of trimmed) {
            expect(l.count).toBeGreaterThan(0);
            expect([...l.counts].some((c) => c > 0)).toBe(true);
            // Every trimmed bar is one of the input layouts with pieces taken off, never added.
            expect(
              bars.some((b) => b.count > 0 && [...l.counts].every((c, i) => c <= (b.counts[i] ?? 0))),
            ).toBe(true);
          }
          // The input is never changed.
          expect(bars.at(-1)?.counts).toEqual(Int32Array.from(short));
        },
      ),
    );
  });

  it('costs at least what keptCost says, and exactly that when nothing is over-produced', () => {
    const parsed = parseOptimiseBody(
      {
        parts: [1, 2, 3, 4].map((quantity, i) => ({ length: 100 + 10 * i, quantity })),
        stock: [
          { length: 1_000, price: 3 },
          { length: 2_000, price: 5 },
        ],
      },
      'json',
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const [job] = buildJobs(parsed.value);
    if (!job) throw new Error('no job');
    const m = job.items.length;
    let overProduced = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            source: fc.integer({ min: 0, max: job.sources.length - 1 }),
            counts: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: m, maxLength: m }),
            count: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 8 },
        ),
        (raw) => {
          const bars: Layout[] = raw.map((b) => ({ ...b, counts: Int32Array.from(b.counts) }));
          const short = job.items.map((it, i) => Math.max(0, it.demand - (produced(bars, m)[i] ?? 0)));
          bars.push({ source: 0, counts: Int32Array.from(short), count: 1 });
          const trimmedCost = planCost(job, trimExcess(job, bars));
          expect(keptCost(job, bars)).toBeLessThanOrEqual(trimmedCost);
          const over = produced(bars, m).some((p, i) => p > (job.items[i]?.demand ?? 0));
          if (over) overProduced++;
          else expect(keptCost(job, bars)).toBe(trimmedCost);
        },
      ),
      { seed: 43, numRuns: 300 },
    );
    expect(overProduced).toBeGreaterThan(100);
  });

  it('merges exactly the layouts of equal source and counts, summing their bars', () => {
    const job = jobOf([5, 5, 5]);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            source: fc.integer({ min: 0, max: 2 }),
            // Counts up to 70,000: the two halves of a count differ from a small one's.
            counts: fc.array(fc.constantFrom(0, 1, 2, 65_536, 65_537), { minLength: 3, maxLength: 3 }),
            count: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 12 },
        ),
        (raw) => {
          const layouts: Layout[] = raw.map((l) => ({ ...l, counts: Int32Array.from(l.counts) }));
          const want = new Map<string, number>();
          for (const l of layouts) {
            if (l.count <= 0 || l.counts.every((c) => c === 0)) continue;
            const key = patternKey(l.source, l.counts);
            want.set(key, (want.get(key) ?? 0) + l.count);
          }
          const got = mergeLayouts(job, layouts).layouts;
          expect(new Map(got.map((l) => [patternKey(l.source, l.counts), l.count]))).toEqual(want);
          expect(got.length).toBe(want.size);
        },
      ),
      { seed: 44, numRuns: 300 },
    );
  });
});

describe('winsTie', () => {
  // Two kinds of bar at one price, the second a priority stock, so every tie-break of `better` can decide.
  const parsed = parseOptimiseBody(
    {
      parts: [2, 2, 3].map((quantity, i) => ({ length: 100 + 10 * i, quantity })),
      stocks: [
        { length: 1_000, price: 4 },
        { length: 1_000, price: 4, priority: true },
      ],
    },
    'json',
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  const [job] = buildJobs(parsed.value);
  if (!job) throw new Error('no job');
  const bars = fc.array(
    fc.record({
      source: fc.integer({ min: 0, max: 1 }),
      counts: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 3 }),
      count: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 7 },
  );
  const layouts = (raw: { source: number; counts: number[]; count: number }[]): Layout[] =>
    raw.map((b) => ({ source: b.source, counts: Int32Array.from(b.counts), count: b.count }));

  it('says what better says of the merged bars, for bars costing what the incumbent costs', () => {
    let ties = 0;
    fc.assert(
      fc.property(bars, bars, (a, b) => {
        const offered = layouts(a).filter((l) => l.counts.some((c) => c > 0));
        const incumbent = mergeLayouts(job, layouts(b));
        if (offered.length === 0 || planCost(job, offered) !== incumbent.cost) return;
        ties++;
        expect(winsTie(job, offered, incumbent)).toBe(better(job, mergeLayouts(job, offered), incumbent));
      }),
      { numRuns: 3000 },
    );
    // Enough equal-cost pairs that the property was tried at all.
    expect(ties).toBeGreaterThan(50);
  });

  it.each([
    ['more priority bars win', [[1, [1, 0, 0], 2]], [[0, [1, 0, 0], 2]], true],
    [
      'fewer priority bars lose',
      [
        [0, [1, 0, 0], 1],
        [0, [0, 1, 0], 1],
      ],
      [[1, [1, 1, 0], 2]],
      false,
    ],
    [
      'fewer layouts win',
      [[0, [1, 1, 0], 2]],
      [
        [0, [1, 0, 0], 1],
        [0, [0, 1, 0], 1],
      ],
      true,
    ],
    [
      'as many layouts lose',
      [
        [0, [1, 0, 0], 1],
        [0, [1, 0, 0], 1],
      ],
      [[0, [0, 1, 0], 2]],
      false,
    ],
  ] as const)('%s', (_, offered, incumbent, wins) => {
    const of = (rows: readonly (readonly [number, readonly number[], number])[]): Layout[] =>
      rows.map(([source, counts, count]) => ({ source, counts: Int32Array.from(counts), count }));
    expect(winsTie(job, of(offered), mergeLayouts(job, of(incumbent)))).toBe(wins);
  });
});
