/**
 * Phase one for angle jobs, as `provesInfeasible` is for square ones: with every bar free, the sequence
 * master's Lagrangian bound (bound-mode pricing, the real geometry) is the least shortfall any fractional
 * plan leaves; positive, the duals certify that no plan, even one cutting fractions of bars, covers the
 * demand from the finite supply, so no plan exists at all.
 */
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import { greedySequences } from './greedy.ts';
import type { AngleJob } from './job.ts';
import { residualOf, sequenceMaster } from './search.ts';

/** Rounds of the phase-one master: it stops earlier when no column prices out. */
const ROUNDS = 500;

/** A bound this far above zero is a proof, not floating-point noise (the artificial cost is 10,000). */
const PROOF_MARGIN = 1e-3;

/** True only when the group provably has no plan (false also when the budget ends before a proof). */
export function provesAngleInfeasible(job: AngleJob, engine: LpEngine, budget: Budget): boolean {
  const sources = job.base.sources;
  // Some unlimited stock: every part fits a source (checked at the door), so a plan exists.
  if (sources.some((s) => !Number.isFinite(s.supply))) return false;
  const free: AngleJob = {
    ...job,
    base: { ...job.base, offcutsFirst: false, sources: sources.map((s) => ({ ...s, cost: 0 })) },
  };
  const demand = job.shapes.map((s) => s.demand);
  const supply = sources.map((s) => s.supply);
  const { master } = sequenceMaster(free, engine, residualOf(demand, supply, 0));
  try {
    // Partial greedy bars are no help: the master's pricing finds its columns itself.
    for (const bar of greedySequences(free, demand, Float64Array.from(supply)) ?? []) master.add(bar);
    const out = master.solve(budget, { rounds: ROUNDS });
    return out.status !== 'failed' && out.bound > PROOF_MARGIN;
  } finally {
    master.dispose();
  }
}
