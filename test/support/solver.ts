/**
 * Helpers for the solver's tests: budgets in work (master LP solves, counted; the clock moves only with
 * them, so moving code cannot change where a search stops), a step clock for the tests that compare fast
 * and slow machines, one shared LP engine, and a solve that goes through the real parser and the verifying
 * entry point.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { type Budget, budgetOf, type Clock } from '../../core/budget.ts';
import type { CutplanError, Result } from '../../core/errors.ts';
import { countingEngine, type LpEngine } from '../../core/lp/index.ts';
import { type Ablation, buildJobs, type Job, type OptIn } from '../../core/model/index.ts';
import { createLpEngine, type OptimiseContext, optimise } from '../../core/optimise.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';
import type { OptimiseResponse } from '../../core/types.ts';
import { type Instance, loadSet } from './instances.ts';

/** Time moves `stepMs` on every read: budgets become work limits, and runs repeat exactly. */
export function stepClock(stepMs = 0.001): Clock {
  let t = 0;
  return {
    now: () => 1_800_000_000_000 + t,
    monotonic: () => {
      t += stepMs;
      return t;
    },
  };
}

/**
 * A budget of `solves` master LP solves and the engine that counts them: the clock behind it reads the
 * number of solves so far (one ms each) and moves with nothing else.
 */
export async function workBudget(
  solves: number,
  base?: LpEngine,
): Promise<{ engine: LpEngine; budget: Budget }> {
  const { engine, clock } = await workClock(base);
  return { engine, budget: budgetOf(clock, solves) };
}

/**
 * A counting engine (over `base`, by default the test engine) and a clock that reads its solves: a
 * `budgetMs` on this clock is a number of solves.
 */
export async function workClock(base?: LpEngine): Promise<{ engine: LpEngine; clock: Clock }> {
  const counted = countingEngine(base ?? (await testEngine()));
  return {
    engine: counted.engine,
    clock: { now: () => 1_800_000_000_000 + counted.solves(), monotonic: () => counted.solves() },
  };
}

let engine: Promise<LpEngine> | null = null;

/** One HiGHS engine for the whole test file. */
export function testEngine(): Promise<LpEngine> {
  engine ??= createLpEngine();
  return engine;
}

/** How long a test solve may run: master LP solves (the default), or ms on a given clock. */
export type TestBudget = (
  | { readonly solves?: number }
  | { readonly budgetMs: number; readonly clock: Clock }
) & {
  /** Techniques of the search switched off (as the benchmark's ablations do). */
  readonly off?: Ablation;
};

/**
 * Parses a long- or short-form body and solves it within `solves` master LP solves (default 2,000), or
 * `budgetMs` on `clock`; throws on a parse error (a broken fixture).
 */
export async function solveBody(
  body: unknown,
  options: TestBudget = {},
): Promise<Result<OptimiseResponse, CutplanError>> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(`fixture does not parse: ${parsed.error.message}`);
  const run =
    'clock' in options
      ? { lp: await testEngine(), clock: options.clock, budgetMs: options.budgetMs }
      : { ...(await workClock()), budgetMs: options.solves ?? 2000 };
  return optimise(parsed.value, {
    lp: 'engine' in run ? run.engine : run.lp,
    clock: run.clock,
    budgetMs: run.budgetMs,
    tier: 'public',
    poweredBy: 'cutplan test',
    ...(options.off ? { off: options.off } : {}),
  });
}

/** The plan of a successful solve; throws with the error otherwise. */
export async function planOf(body: unknown, options: TestBudget = {}): Promise<OptimiseResponse> {
  const r = await solveBody(body, options);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** One benchmark instance kept in `test/fixtures/instances` (set folder, file name); throws when it is missing. */
export function fixture(set: string, file: string): Instance {
  const found = loadSet(set, join(import.meta.dirname, '..', 'fixtures', 'instances')).find((i) =>
    i.file.endsWith(file),
  );
  if (!found) throw new Error(`fixture ${set}/${file} missing`);
  return found;
}

/** The one job of a single-material body, through the real parser; throws on a broken fixture. */
export function onlyJob(body: unknown): Job {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(`fixture does not parse: ${parsed.error.message}`);
  const [job] = buildJobs(parsed.value);
  if (!job) throw new Error('fixture has no job');
  return job;
}

/**
 * Parses `body` and solves it on `engine` within 20 s of a step clock (a work limit), with `extra`'s opt-in
 * or ablated techniques; the master LP solves counted, the best value last reported and whether the plan is
 * proven optimal. For tests that compare one job's search with a technique on and off.
 */
export async function countedSolve(
  body: unknown,
  engine: LpEngine,
  extra: Pick<OptimiseContext, 'on' | 'off'> = {},
): Promise<{ solves: number; best: number | null; optimal: boolean }> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(`fixture does not parse: ${parsed.error.message}`);
  const counted = countingEngine(engine);
  let best: number | null = null;
  const r = await optimise(parsed.value, {
    lp: counted.engine,
    clock: stepClock(),
    budgetMs: 20_000,
    tier: 'public',
    poweredBy: 'cutplan test',
    onProgress: (p) => {
      best = p.best;
    },
    ...extra,
  });
  if (!r.ok) throw new Error(r.error.message);
  return { solves: counted.solves(), best, optimal: r.value.plan.optimal };
}

/**
 * `body` solved by `countedSolve` as production does (no opt-in set), with an empty opt-in set and with
 * `on`; checks that the empty set walks production's search exactly and that `on` reaches the same proven
 * cost, and returns production's and the switched run's counts for the technique's own claim.
 */
export async function optInAgainstProduction(
  body: unknown,
  engine: LpEngine,
  on: OptIn,
): Promise<{
  plain: Awaited<ReturnType<typeof countedSolve>>;
  switched: Awaited<ReturnType<typeof countedSolve>>;
}> {
  const plain = await countedSolve(body, engine);
  expect(await countedSolve(body, engine, { on: new Set() })).toEqual(plain);
  const switched = await countedSolve(body, engine, { on });
  expect(plain.optimal && switched.optimal).toBe(true);
  expect(switched.best).not.toBeNull();
  expect(switched.best).toBe(plain.best);
  return { plain, switched };
}
