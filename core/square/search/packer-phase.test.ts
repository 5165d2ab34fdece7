import { describe, expect, it } from 'vitest';
import { fixture, onlyJob, workBudget } from '../../../test/support/solver.ts';
import { packerFirstOps, phasedSchedule } from './exact/index.ts';
import { PACKER_SLICE } from './exact/tuning.ts';
import { solveGroup } from './solve-group.ts';
import { packerOpsPerRound } from './tree/index.ts';

/** Master solves: a part of ANI 201_NR_0's root (about 170 rounds), so the solve stops inside the root. */
const SOLVES = 40;

describe('the perfect-packing search’s schedule on a job without a perfect packing (ANI 201_2500_NR_0)', () => {
  const inst = fixture('ani', '201_2500_NR_0.txt');
  const job = onlyJob(inst.body);
  const demand = Int32Array.from(job.items, (it) => it.demand);

  it('runs a small first share, then a round’s worth between the root’s rounds', async () => {
    const { engine, budget } = await workBudget(SOLVES);
    const res = solveGroup(job, engine, budget);
    expect(res.status).toBe('found');
    expect(res.trace.rootLp).not.toBeNull();
    const schedule = phasedSchedule(demand, packerOpsPerRound(demand, true));
    const rootOps = res.packer?.rootOps ?? 0;
    // The search ran during the root, in step with its rounds: about the schedule's allowance at the
    // rounds done (the budget's last solve gives no round, the slices overshoot by less than one).
    expect(rootOps).toBeGreaterThan(schedule.allowed(SOLVES - 3));
    expect(rootOps).toBeLessThan(schedule.allowed(SOLVES) + PACKER_SLICE);
    expect(rootOps).toBeLessThan(packerFirstOps(demand) / 2);
    expect(res.bound).toBeLessThanOrEqual(inst.opt ?? 0);
  });

  it('keeps running between the pricing rounds of the tree’s nodes, not only between nodes', async () => {
    // The root and first dive take about 222 solves; the tree's top node about 150 more. Those counts are
    // the plain pricing's: waste-limited pricing (several full bars a round) closes the top node within
    // 300 solves, so it is switched off here to keep the budget's end inside that node.
    const solves = 300;
    const { engine, budget } = await workBudget(solves);
    const res = solveGroup(job, engine, budget, undefined, new Set(['waste-limit'] as const));
    expect(res.trace.branchNodes).toBeLessThanOrEqual(1);
    const schedule = phasedSchedule(demand, packerOpsPerRound(demand, true));
    expect(res.packer?.ops).toBeGreaterThan(schedule.allowed(solves - 10));
    expect(res.packer?.ops).toBeLessThan(schedule.allowed(solves) + PACKER_SLICE);
  });

  it('runs the whole former first share before the root when `packer-phase` is off', async () => {
    const { engine, budget } = await workBudget(SOLVES);
    const res = solveGroup(job, engine, budget, undefined, new Set(['packer-phase'] as const));
    expect(res.trace.rootLp).not.toBeNull();
    // All of the first share and nothing during the root: the former order.
    const first = packerFirstOps(demand);
    expect(res.packer?.rootOps).toBe(Math.ceil(first / PACKER_SLICE) * PACKER_SLICE);
    expect(res.bound).toBeLessThanOrEqual(inst.opt ?? 0);
  });
});
