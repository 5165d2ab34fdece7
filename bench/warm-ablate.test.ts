import { describe, expect, it } from 'vitest';
import { type SideRun, summarise } from './warm-ablate.ts';

const run = (solves: number, cpuMs: number, optimal = true): SideRun => ({ solves, cpuMs, best: 1, optimal });

describe('warm ablation summary', () => {
  it('sums solves and CPU and takes the nearest-rank p95 per job', () => {
    const runs = Array.from({ length: 20 }, (_, k) => run(k + 1, 10 * (k + 1), k !== 3));
    const s = summarise(runs);
    expect(s.solves).toBe(210);
    expect(s.cpuMs).toBe(2100);
    expect(s.solvesP95).toBe(19);
    expect(s.cpuP95).toBe(190);
    expect(s.proven).toBe(19);
  });

  it('reads an empty side as nothing solved', () => {
    const s = summarise([]);
    expect(s.solves).toBe(0);
    expect(s.proven).toBe(0);
    expect(Number.isNaN(s.solvesP95)).toBe(true);
  });
});
