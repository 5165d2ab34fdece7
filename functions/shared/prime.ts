/**
 * Priming the solver during a container's init: a small job whose plan needs the LP (root column
 * generation), solved once on each engine a caller's masters can land on, so the wasm functions HiGHS
 * compiles lazily and the solver's hot JavaScript are ready before the first caller arrives. The service's
 * engine puts a small master on the dense simplex and never touches HiGHS, so the job is also solved with
 * every master on HiGHS (`withoutDense`): large jobs, hand-overs past the dense limits and the `fewest_setups`,
 * `bundle` and angle solves run there. Lambda's init phase runs at full CPU whatever the memory size
 * and is not billed to a request; the first caller's extra time over a warm container's is what this
 * saves (figures in docs/bench.md, "Cold start"). The CLI does not prime: a job that needs no LP must
 * not pay for one.
 */
import type { Clock } from '../../core/budget.ts';
import type { CorePort } from './core-port.ts';

/** Three lengths from 6 m bars: the combinatorial bounds leave a gap, so the LP runs (one master). */
export const PRIMING_JOB = { parts: '1730x9,1210x8,950x11', stock: 6000, kerf: 3 } as const;

/** Enough for the priming job many times over; priming never holds init longer than this. */
export const PRIMING_BUDGET_MS = 2_000;

/** `CUTPLAN_PRIME=0` turns priming off (the cold-start bench compares both). */
export function primingWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.CUTPLAN_PRIME !== '0';
}

/**
 * Solves {@link PRIMING_JOB} once on each of `engines`, in turn, and returns the time it took in all (ms).
 * A failure is returned, never thrown, and ends the priming: a container that could not prime still
 * serves, only its first call is slower.
 */
export async function primeSolver<Lp>(
  core: CorePort<Lp>,
  engines: readonly Lp[],
  clock: Clock,
): Promise<number | Error> {
  const started = clock.monotonic();
  try {
    const parsed = core.parseOptimiseBody(PRIMING_JOB, 'json');
    if (!parsed.ok) return parsed.error;
    for (const lp of engines) {
      const solved = await core.optimise(parsed.value, {
        lp,
        clock,
        budgetMs: PRIMING_BUDGET_MS,
        tier: 'public',
        poweredBy: 'priming',
      });
      if (!solved.ok) return solved.error;
    }
    return clock.monotonic() - started;
  } catch (error: unknown) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
