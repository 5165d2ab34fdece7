/**
 * The angle benchmark on a few jobs with a tiny work budget (a step clock): what `loadCore` solves is what
 * `optimise` answers (the bench walks its path step by step to keep each group's bound), the bound it
 * reports matches the response where the response carries one, and a run checks its claims, settles the
 * small jobs by exhaustive search and puts a baseline beside them.
 */
import { describe, expect, it } from 'vitest';
import { optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { allAngleJobs } from '../test/fixtures/angle-jobs.ts';
import { stepClock, testEngine } from '../test/support/solver.ts';
import { angleReport, findingsOf, gapOf } from './angle-report.ts';
import { type Core, loadCore } from './angle-solve.ts';
import { benchAngles, selectJobs } from './angles.ts';

const BUDGET = 300;
const byName = new Map(allAngleJobs().map((j) => [j.name, j]));

describe('the angle benchmark', () => {
  it.each(['railings-X', 'stringers-none', 'trusses-small-Y', 'stringers-offcuts-Z'])(
    '%s: the bench solves as optimise does, and its bound is the response’s',
    async (name) => {
      const job = byName.get(name);
      if (!job) throw new Error(name);
      const core = await loadCore();
      const ours = await core.solve(job.body, BUDGET, stepClock(0.01));
      const parsed = parseOptimiseBody(job.body, 'json');
      if (!parsed.ok) throw new Error(parsed.error.message);
      const out = await optimise(parsed.value, {
        lp: await testEngine(),
        clock: stepClock(0.01),
        budgetMs: BUDGET,
        tier: 'bench',
        poweredBy: 'bench',
      });
      if (!out.ok || !ours.r) throw new Error(out.ok ? String(ours.error) : out.error.message);
      const strip = (r: typeof out.value) => ({ ...r, plan: { ...r.plan, solveTimeMs: 0 } });
      expect(strip(ours.r)).toEqual(strip(out.value));
      if (ours.measure === 'cost') expect(ours.bound).toBe(out.value.costLowerBound);
      if (ours.measure === 'bars') expect(ours.bound).toBe(out.value.plan.stockBarsLowerBound);
      expect(ours.bound).toBeLessThanOrEqual(ours.value ?? 0);
      if (out.value.plan.optimal) expect(ours.bound).toBe(ours.value);
    },
  );

  it('runs a family with a baseline, checks every claim and reports both', async () => {
    const outcomes = await benchAngles({
      budgetMs: BUDGET,
      only: ['trusses-small', 'railings-Y'],
      baseline: `${import.meta.dirname}/..`,
      clock: stepClock(0.01),
    });
    expect(outcomes.map((o) => o.name)).toEqual(
      selectJobs(50, ['trusses-small', 'railings-Y']).map((j) => j.name),
    );
    expect(outcomes).toHaveLength(6);
    expect(findingsOf(outcomes)).toBe(0);
    for (const o of outcomes) {
      expect(o.run.verified).toBe(true);
      expect(o.baseline?.verified).toBe(true);
      expect(gapOf(o.run)?.abs).toBeGreaterThanOrEqual(0);
      expect(o.first20).toBe(o.name === 'railings-Y');
    }
    // The small trusses (at most seven pieces) are settled by exhaustive search, and no plan beats it.
    for (const o of outcomes.filter((x) => x.name.startsWith('trusses-small'))) {
      expect(typeof o.exhaustive).toBe('number');
      expect(o.run.value).toBeGreaterThanOrEqual(o.exhaustive ?? Number.POSITIVE_INFINITY);
    }
    const report = angleReport(outcomes).join('\n');
    expect(report).toContain('baseline: ');
    expect(report).toContain('ratio of median times');
    expect(report).toContain("today's 20");
  });

  it('fails on a planted false proof: a baseline that claims a dearer plan optimal', async () => {
    const real = await loadCore();
    const liar: Core = {
      ...real,
      solve: async (body, budgetMs, clock) => {
        const s = await real.solve(body, budgetMs, clock);
        if (!s.r || s.value === null || !('angleCuts' in body)) return s;
        const r = { ...s.r, plan: { ...s.r.plan, optimal: true } };
        return { ...s, r, value: s.value + 1, bound: s.value + 1 };
      },
    };
    const outcomes = await benchAngles({
      budgetMs: BUDGET,
      only: ['trusses-small-X'],
      baselineCore: liar,
      clock: stepClock(0.01),
    });
    const findings = outcomes.flatMap((o) => o.findings);
    expect(findings).toContainEqual(expect.objectContaining({ run: 'baseline', kind: 'false proof' }));
    expect(findings).toContainEqual(expect.objectContaining({ run: 'baseline', kind: 'false bound' }));
    expect(findings.filter((f) => f.run === 'plan')).toEqual([]);
    expect(findingsOf(outcomes)).toBeGreaterThan(0);
    expect(angleReport(outcomes).join('\n')).toContain('**Refuted claims** (the run fails)');
  });

  it('selects the first twenty or all fifty, and a family', () => {
    expect(selectJobs(20)).toHaveLength(20);
    expect(selectJobs(50)).toHaveLength(50);
    expect(selectJobs(50, ['frames']).every((j) => j.family === 'frames')).toBe(true);
    expect(selectJobs(20, ['frames'])).toHaveLength(5);
  });
});
