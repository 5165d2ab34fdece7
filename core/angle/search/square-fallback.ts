/**
 * The angle search's safe plan: the square solver on the same parts laid square (tip-to-tip lengths, the
 * widest kerf any cut takes), read back as sequences of pieces as entered.
 */
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import type { EdgeTable } from '../../mitre/index.ts';
import { buildJobs } from '../../model/index.ts';
import { solveGroup } from '../../square/search/index.ts';
import { asScaled, type OptimiseRequest } from '../../types.ts';
import type { AngleJob, SeqBar } from './job.ts';

/** The square solver's jobs for the parts laid square: tip-to-tip lengths, the widest kerf any cut takes. */
export function squareJobs(request: OptimiseRequest, cuts: EdgeTable | undefined) {
  let kerf: number = request.kerf;
  if (cuts)
    for (const p of request.parts)
      for (const a of [p.leftAngle ?? 90, p.rightAngle ?? 90]) kerf = Math.max(kerf, cuts.of(a).kerfAlong);
  const squareRequest: OptimiseRequest = {
    ...request,
    kerf: asScaled(kerf),
    parts: request.parts.map((p) => ({ ...p, leftAngle: null, rightAngle: null })),
  };
  return buildJobs(squareRequest);
}

/** The square solver's plan as sequences (pieces as entered, in its order); null when it found none. */
export function squarePlan(
  job: AngleJob,
  squareJob: ReturnType<typeof buildJobs>[number] | undefined,
  lp: LpEngine,
  budget: Budget,
): SeqBar[] | null {
  if (!squareJob) return null;
  // Its patterns become the angle plan's setups: the search adds none of its own making (`keepPatterns`).
  const r = solveGroup({ ...squareJob, keepPatterns: true }, lp, budget);
  if (!r.plan) return null;
  const left = job.shapes.map((s) => s.demand);
  const bars: SeqBar[] = [];
  for (const layout of r.plan.layouts) {
    for (let n = 0; n < layout.count; n++) {
      const pieces: { shape: number; pose: number }[] = [];
      layout.counts.forEach((c, i) => {
        const length = squareJob.items[i]?.length;
        for (let q = 0; q < c; q++) {
          const s = job.shapes.findIndex((sh, j) => sh.length === length && (left[j] ?? 0) > 0);
          if (s < 0) return;
          left[s] = (left[s] ?? 0) - 1;
          pieces.push({ shape: s, pose: 0 });
        }
      });
      bars.push({ source: layout.source, pieces });
    }
  }
  return bars;
}
