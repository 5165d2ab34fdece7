/**
 * The worker Lambda's solve thread (`threadSolver` over `solve-thread.ts`): a job's request is solved off
 * the caller's thread, the solver's progress comes back as it improves, a cancel seen on the caller's
 * side reaches the solve's clock through shared memory, and a thread that dies answers an error rather
 * than hanging the job.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '../shared/jobs/job-store.ts';
import { realCore } from '../shared/real-core.ts';
import { threadSolver } from './job-solve.ts';

const solver = threadSolver(new URL('./solve-thread.ts', import.meta.url));
afterAll(() => solver.close());

const request = (() => {
  const parsed = realCore.parseOptimiseBody(
    { parts: '2400x4, 1150x6, 600x10', stock: 6000, kerf: 3 },
    'json',
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();

describe('threadSolver', () => {
  it('solves in its thread and reports the progress the solver observes', async () => {
    const seen: JobProgress[] = [];
    const solved = await solver(request, {
      budgetMs: 5_000,
      tier: 'pro',
      onProgress: (p) => seen.push(p),
      cancelled: () => false,
    });
    if (!solved.ok) throw new Error(solved.error.message);
    expect(solved.value.plan.verified).toBe(true);
    const last = seen.at(-1);
    expect(last).toMatchObject({ unit: 'bars', best: solved.value.plan.stockBarsUsed, budgetMs: 5_000 });
  });

  it("stops at a cancel: the solve's clock runs out through the shared flag", async () => {
    // Priced stock of three lengths: proving this plan optimal takes the solver about 11 s.
    const parts = Array.from({ length: 60 }, (_, i) => `${900 + i * 41}x${2 + (i % 5)}`).join(',');
    const stocks = [
      { length: 6000, price: 30 },
      { length: 5000, price: 26 },
      { length: 7300, price: 37 },
    ];
    const hard = realCore.parseOptimiseBody({ parts, stocks, kerf: 3 }, 'json');
    if (!hard.ok) throw new Error(hard.error.message);
    let cancelled = false;
    const solving = solver(hard.value, {
      budgetMs: 60_000,
      tier: 'pro',
      // Cancelled as soon as the solver has reported anything: far from its proof.
      onProgress: () => {
        cancelled = true;
      },
      cancelled: () => cancelled,
    });
    const solved = await solving;
    expect(cancelled).toBe(true);
    // Stopped with the plan it had, unproven (its proof takes seconds more), or with none.
    if (solved.ok) expect(solved.value.plan.optimal).toBe(false);
    else expect(solved.error.code).toBe('noPlanFound');
  });

  it('answers an internal error when its thread dies mid-solve, and starts a new one for the next', async () => {
    const dying = threadSolver(new URL('data:text/javascript,process.exit(3)'));
    const lost = await dying(request, {
      budgetMs: 1_000,
      tier: 'pro',
      onProgress: () => {},
      cancelled: () => false,
    });
    expect(lost.ok).toBe(false);
    if (!lost.ok) expect(lost.error.code).toBe('internal');
    await dying.close();
    const again = await solver(request, {
      budgetMs: 1_000,
      tier: 'pro',
      onProgress: () => {},
      cancelled: () => false,
    });
    expect(again.ok).toBe(true);
  });
});
