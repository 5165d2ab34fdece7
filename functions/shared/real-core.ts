/**
 * Production wiring: the {@link CorePort} over the real core modules. Imported by the Lambda entry files
 * and the local server only; tests of the handlers use a fake port. The PDF renderer is wired separately
 * (`real-pdf.ts`) so the optimise bundle never contains pdf-lib.
 */
import { withoutDense } from '../../core/lp/index.ts';
import { createLpEngine, optimise, SOLVER_NAME } from '../../core/optimise.ts';
import { jobSize, parseOptimiseBody, parseOptimiseQuery } from '../../core/request/index.ts';
import type { CorePort } from './core-port.ts';

/** The LP engine the real solver runs on, created once per container. */
export type RealLp = Awaited<ReturnType<typeof createLpEngine>>;

export const realCore: CorePort<RealLp> = { parseOptimiseBody, parseOptimiseQuery, jobSize, optimise };

export { createLpEngine, SOLVER_NAME };

/** The engines a container primes (prime.ts): the service's as it runs, and the same with every master on HiGHS. */
export function primingEngines(lp: RealLp): readonly RealLp[] {
  return [lp, withoutDense(lp)];
}
