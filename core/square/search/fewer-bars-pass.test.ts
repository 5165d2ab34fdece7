/**
 * The fewer-bars pass as the search runs it (technique `fewer-bars`): every final plan goes through it,
 * it changes the plan only (the same search, the same cost and proof, fewer bars), and it stays out where
 * the plan's patterns are what a later stage counts (`keepPatterns`) and of the setups stage's oracle.
 */
import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../../test/fixtures/practical.ts';
import { onlyJob, stepClock, testEngine } from '../../../test/support/solver.ts';
import { budgetOf } from '../../budget.ts';
import type { GroupPlan, Job } from '../../model/index.ts';
import { solveGroup } from './solve-group.ts';

function stockBars(job: Job, plan: GroupPlan | null): number {
  let n = 0;
  for (const l of plan?.layouts ?? []) if (job.sources[l.source]?.kind === 'stock') n += l.count;
  return n;
}

// Practical seeds whose final plan has fewer bars at the same cost with the pass (least_waste, bars of
// 5,000, 4,000 and 3,000 mm: 70 → 69 and 47 → 45 when written).
const SEEDS = [61, 70];

describe('the fewer-bars pass in the search', () => {
  it.each(SEEDS)('gives the same search fewer bars (practical seed %i)', async (seed) => {
    const job = onlyJob(practicalJob(seed));
    const engine = await testEngine();
    const budget = () => budgetOf(stepClock(0.0005), 60_000);
    const on = solveGroup(job, engine, budget());
    const off = solveGroup(job, engine, budget(), undefined, new Set(['fewer-bars'] as const));
    expect(on.status).toBe('optimal');
    expect(on.trace).toEqual(off.trace);
    expect(on.plan?.cost).toBe(off.plan?.cost);
    expect(on.plan?.layouts.length).toBeLessThanOrEqual(off.plan?.layouts.length ?? 0);
    expect(stockBars(job, on.plan)).toBeLessThan(stockBars(job, off.plan));
  });

  it.each(SEEDS)('stays out of a job that keeps its patterns and of an oracle (seed %i)', async (seed) => {
    const job = onlyJob(practicalJob(seed));
    const engine = await testEngine();
    const budget = () => budgetOf(stepClock(0.0005), 60_000);
    const off = solveGroup(job, engine, budget(), undefined, new Set(['fewer-bars'] as const));
    const keep = solveGroup({ ...job, keepPatterns: true }, engine, budget());
    expect(keep.plan?.layouts).toEqual(off.plan?.layouts);
    // An oracle that is never satisfied runs the same search to its end.
    const goal = { enough: () => false, hopeless: () => false };
    const oracle = solveGroup(job, engine, budget(), goal);
    expect(oracle.plan?.layouts).toEqual(off.plan?.layouts);
  });
});
