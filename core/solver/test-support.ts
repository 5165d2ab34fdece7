/**
 * Helpers for the solver's tests: a deterministic step clock (every clock read advances time a little, so
 * a budget is a fixed amount of work and runs are repeatable), one shared LP engine, and a solve that goes
 * through the real parser and the verifying entry point.
 */
import { join } from 'node:path';
import { type Instance, loadSet } from '../../test/support/instances.ts';
import type { Clock } from '../budget.ts';
import type { CutplanError, Result } from '../errors.ts';
import { createLpEngine, optimise } from '../optimise.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseResponse } from '../types.ts';
import type { LpEngine } from './lp/index.ts';
import { buildJobs, type Job } from './model/index.ts';

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

let engine: Promise<LpEngine> | null = null;

/** One HiGHS engine for the whole test file. */
export function testEngine(): Promise<LpEngine> {
  engine ??= createLpEngine();
  return engine;
}

/** Parses a long- or short-form body and solves it; throws on a parse error (a broken fixture). */
export async function solveBody(
  body: unknown,
  options: { budgetMs?: number; clock?: Clock } = {},
): Promise<Result<OptimiseResponse, CutplanError>> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(`fixture does not parse: ${parsed.error.message}`);
  return optimise(parsed.value, {
    lp: await testEngine(),
    clock: options.clock ?? stepClock(),
    budgetMs: options.budgetMs ?? 2000,
    tier: 'public',
    poweredBy: 'cutplan test',
  });
}

/** The plan of a successful solve; throws with the error otherwise. */
export async function planOf(
  body: unknown,
  options: { budgetMs?: number; clock?: Clock } = {},
): Promise<OptimiseResponse> {
  const r = await solveBody(body, options);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** One benchmark instance kept in `core/solver/fixtures` (set folder, file name); throws when it is missing. */
export function fixture(set: string, file: string): Instance {
  const found = loadSet(set, join(import.meta.dirname, 'fixtures')).find((i) => i.file.endsWith(file));
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
