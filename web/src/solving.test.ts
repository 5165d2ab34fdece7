import { describe, expect, it } from 'vitest';
import { AUTOMATIC_BUDGET_SECONDS } from '../../functions/shared/solve-budget.ts';
import {
  JOB_THRESHOLD_SECONDS,
  jobText,
  PAGE_BUDGET_MS,
  runsAsJob,
  solvingText,
  spentShare,
} from './solving.ts';

describe('the solving status', () => {
  it.each([
    [0, 'Solving… 0.0 s of 5 s'],
    [1234, 'Solving… 1.2 s of 5 s'],
    [5000, 'Solving… 5.0 s of 5 s'],
    [5300, 'Solving… 5.3 s (finishing)'],
  ])('after %i ms: %s', (ms, text) => {
    expect(solvingText(ms)).toBe(text);
  });

  it('uses the automatic budget, and any other', () => {
    expect(PAGE_BUDGET_MS).toBe(AUTOMATIC_BUDGET_SECONDS * 1000);
    expect(solvingText(2500, 20_000)).toBe('Solving… 2.5 s of 20 s');
    expect([spentShare(-1), spentShare(2500), spentShare(9000)]).toEqual([0, 0.5, 1]);
  });
});

describe('a solve as a job', () => {
  it.each([
    [true, 60, true],
    [true, JOB_THRESHOLD_SECONDS, false],
    [true, undefined, false],
    [false, 60, false],
    [true, '60', false],
  ])('with a key %s and a time limit %s: as a job %s', (hasKey, timeLimit, job) => {
    expect(runsAsJob(hasKey, timeLimit)).toBe(job);
  });

  it('shows a job queued, then its time against its budget with the best plan and bound', () => {
    expect(jobText({ status: 'queued', progress: null })).toBe('Job queued… waiting for a solver');
    expect(
      jobText({
        status: 'running',
        progress: { elapsedMs: 12_040, budgetMs: 60_000, best: 41, bound: 40, unit: 'bars' },
      }),
    ).toBe('Job running… 12.0 s of 60 s · best 41 bars, bound 40');
    expect(
      jobText({
        status: 'running',
        progress: { elapsedMs: 500, budgetMs: 60_000, best: null, bound: null, unit: 'bars' },
      }),
    ).toBe('Job running… 0.5 s of 60 s');
    expect(
      jobText({
        status: 'running',
        progress: { elapsedMs: 3000, budgetMs: 60_000, best: 2572.5, bound: 2567.25, unit: 'cost' },
      }),
    ).toBe('Job running… 3.0 s of 60 s · best 2572.5 cost, bound 2567.25');
  });
});
