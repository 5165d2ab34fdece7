import { describe, expect, it } from 'vitest';
import { byColumns, type SolveTiming } from './warm-lp.ts';

describe('warm LP solves by column count', () => {
  it.each([
    {
      name: 'one class, half the solves probed',
      timings: [
        { columns: 120, ms: 1, noopMs: 0.25 },
        { columns: 150, ms: 3 },
      ] as SolveTiming[],
      rows: [{ from: 100, solves: 2, meanMs: 2, probes: 1, noopMs: 0.25, fixedShare: 0.125 }],
    },
    {
      name: 'classes apart, edges to the upper class, empty classes left out',
      timings: [
        { columns: 99, ms: 0.5 },
        { columns: 800, ms: 4, noopMs: 1 },
        { columns: 5000, ms: 2, noopMs: 1 },
      ] as SolveTiming[],
      rows: [
        { from: 0, solves: 1, meanMs: 0.5, probes: 0, noopMs: 0, fixedShare: 0 },
        { from: 800, solves: 2, meanMs: 3, probes: 2, noopMs: 1, fixedShare: 1 / 3 },
      ],
    },
    { name: 'no solves', timings: [] as SolveTiming[], rows: [] },
  ])('$name', ({ timings, rows }) => {
    expect(byColumns(timings)).toEqual(rows);
  });

  it('counts every solve in exactly one class', () => {
    const timings = Array.from({ length: 50 }, (_, k) => ({ columns: k * 37, ms: 1 }));
    expect(byColumns(timings).reduce((a, r) => a + r.solves, 0)).toBe(timings.length);
  });
});
