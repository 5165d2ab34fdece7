import { describe, expect, it } from 'vitest';
import type { SideRun } from './warm-ablate.ts';
import { medianRun } from './warm-compare.ts';

const run = (cpuMs: number): SideRun => ({ solves: 7, cpuMs, best: 1, optimal: true });

describe('warm comparison', () => {
  it('takes the median pass of a job by CPU time', () => {
    expect(medianRun([run(30), run(10), run(20)])?.cpuMs).toBe(20);
    expect(medianRun([run(5)])?.cpuMs).toBe(5);
    expect(medianRun([])).toBeNull();
  });
});
