import { describe, expect, it } from 'vitest';
import { movedJobs, type SideRun, summarise } from './warm-ablate.ts';

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

  it('lists the jobs the technique moved most, and sums the solves of the jobs proven on both sides', () => {
    const jobs = [
      { seed: 1, off: run(10, 1), on: run(30, 3) },
      { seed: 2, off: run(50, 5), on: run(20, 2) },
      { seed: 3, off: run(40, 4), on: run(45, 4) },
      { seed: 4, off: run(100, 9, false), on: run(10, 1) },
      { seed: 5, off: run(7, 1), on: run(7, 1) },
    ];
    const m = movedJobs(jobs, 1);
    expect(m.rose.map((j) => j.seed)).toEqual([1]);
    expect(m.fell.map((j) => j.seed)).toEqual([4]);
    expect(m.proven).toEqual({ off: 107, on: 102, jobs: 4 });
    expect(movedJobs(jobs, 5).rose.map((j) => j.seed)).toEqual([1, 3]);
  });
});
