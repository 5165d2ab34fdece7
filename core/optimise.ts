/**
 * The one entry point the API, the CLI and the benchmark share: solve, format, verify.
 */
import { budgetOf, type Clock } from './budget.ts';
import { budgetMeta } from './budget-meta.ts';
import { type CutplanError, err, InternalError, ok, type Result } from './errors.ts';
import {
  compositeEngine,
  createHighsEngine,
  type HighsEngineOptions,
  type LpEngine,
  withoutDense,
  withoutDenseDual,
} from './lp/index.ts';
import { type PlanOptions, type ProgressObserver, planRequest } from './plan/index.ts';

export type { HighsWasmModule } from './lp/index.ts';
export { PROGRESS_INTERVAL_MS, type ProgressObserver, type SolveProgress } from './plan/index.ts';

import type { OptimiseRequest, OptimiseResponse } from './types.ts';
import { formatFailure, verifyPlan } from './verify/index.ts';

export { SOLVER_NAME } from './solver-name.ts';

/** How the LP engine is made: HiGHS's options, and whether small masters go to the dense simplex. */
export interface LpEngineOptions extends HighsEngineOptions {
  /**
   * Masters of at most `DENSE_MAX_ROWS` rows on the dense simplex of `core/lp/dense/`, HiGHS for larger
   * ones and for any it hands over (the default, production's); false: HiGHS alone (docs/solver.md, "A
   * dense simplex for small masters"). Which solves may use it is {@link denseServes}'s rule.
   */
  readonly dense?: boolean;
  /**
   * Dense masters re-solve after bound and row changes with the dual simplex first (technique
   * `dense-dual`; opt-in, off in production: docs/solver.md, "A dual simplex for the dense engine's
   * re-solves"); such masters go over to HiGHS past `denseColumns` columns (default `DENSE_MAX_COLUMNS`).
   */
  readonly denseDual?: boolean;
  readonly denseColumns?: number;
}

/**
 * The production LP engine: the composite engine (small masters on the dense simplex, the rest on HiGHS,
 * persistent and warm-started); `options.dense === false`, HiGHS alone. Create once per process.
 * `options.module`: HiGHS's wasm already compiled (or being compiled) by the caller.
 */
export async function createLpEngine(options: LpEngineOptions = {}): Promise<LpEngine> {
  const highs = await createHighsEngine(options);
  if (options.dense === false) return highs;
  const dual = {
    on: options.denseDual === true,
    ...(options.denseColumns ? { columns: options.denseColumns } : {}),
  };
  return compositeEngine(highs, { dual });
}

/**
 * Whether a solve of `request` may put its small masters on the dense simplex (technique `dense-lp`):
 * not where the setups stage ranks plans by their patterns (`fewest_setups`, `bundle`) nor for angle
 * cuts. Their searches pick plans by which optimal LP vertex a master returns, and on the dense simplex's
 * vertices the same-plans set got more setups (`fewest_setups` seed 6: 25 → 29) and more bars where the
 * stage trades bars for setups (docs/solver.md, "A dense simplex for small masters"). Every other method
 * ranks by cost alone, which no vertex moves.
 */
export function denseServes(request: Pick<OptimiseRequest, 'method' | 'angleCuts'>): boolean {
  return request.angleCuts === null && request.method !== 'fewest_setups' && request.method !== 'bundle';
}

/**
 * The engine a solve uses: every master on HiGHS with technique `dense-lp` off or where the dense simplex
 * does not serve (the engine is shared by the process); with `dense-dual` off, dense masters re-solve
 * with the primal simplex alone.
 */
function lpOf(ctx: OptimiseContext, request: OptimiseRequest): LpEngine {
  if (ctx.off?.has('dense-lp') || !denseServes(request)) return withoutDense(ctx.lp);
  return ctx.off?.has('dense-dual') ? withoutDenseDual(ctx.lp) : ctx.lp;
}

/**
 * The opt-in techniques a solve gets: the context's, less `pool-small` where its masters are on HiGHS
 * alone (`dense-lp` off, or where the dense simplex does not serve), since that pool exists to keep
 * masters on the dense simplex.
 */
function onOf(ctx: OptimiseContext, request: OptimiseRequest): PlanOptions['on'] {
  if (!ctx.on?.has('pool-small') || (!ctx.off?.has('dense-lp') && denseServes(request))) return ctx.on;
  return new Set([...ctx.on].filter((t) => t !== 'pool-small'));
}

export interface OptimiseContext {
  readonly lp: LpEngine;
  readonly clock: Clock;
  /** Solve budget in ms (the handler caps `timeLimit` by the tier). */
  readonly budgetMs: number;
  /** Tier name echoed in `meta.tier`. */
  readonly tier: string;
  readonly poweredBy: string;
  /**
   * Techniques of the search switched off, for the benchmark's ablations (`npm run bench -- --hard
   * --ablate …`); the API and the CLI never set it. Per solve, so concurrent solves never share it.
   */
  readonly off?: PlanOptions['off'];
  /**
   * Opt-in techniques of the search switched on, for the benchmark's measurements (`npx tsx
   * bench/warm-ablate.ts --on …`); the API and the CLI never set it, so the service runs without them.
   */
  readonly on?: PlanOptions['on'];
  /**
   * Told the solve's progress while it runs: the time against the budget, the best plan's value and the
   * proven bound (`SolveProgress`), when either improves and at least every {@link PROGRESS_INTERVAL_MS}
   * of `clock` otherwise; the last call carries the answer's figures. Called synchronously from the
   * search: keep it quick. The plan does not depend on it.
   */
  readonly onProgress?: ProgressObserver;
  /**
   * Told where the time went once the plan is verified: the search with formatting (`searchMs`) and the
   * independent verification (`verifyMs`), on `clock`. The shell's `Server-Timing` header reports them.
   */
  readonly onTimings?: (timings: SolveTimings) => void;
  /**
   * Told each square material group's search counters when its search ends (pricing rounds, nodes,
   * perfect-packing operations: `GroupSearch`), for the benchmark's work counts; the API never sets it and
   * the plan does not depend on it.
   */
  readonly onGroupSearch?: PlanOptions['onGroupSearch'];
}

/** Where one solve's time went, in ms on the context's clock. */
export interface SolveTimings {
  readonly searchMs: number;
  readonly verifyMs: number;
}

/**
 * Solves a normalised request and returns the response body, verified by the independent verifier.
 * Infeasible supply and unavailable methods are `validation` errors; a plan that fails verification is
 * never returned (an `internal` error whose message carries the verifier's findings, for the log).
 */
export async function optimise(
  request: OptimiseRequest,
  ctx: OptimiseContext,
): Promise<Result<OptimiseResponse, CutplanError>> {
  const start = ctx.clock.monotonic();
  const options = {
    lp: lpOf(ctx, request),
    budget: budgetOf(ctx.clock, ctx.budgetMs),
    ...(ctx.off ? { off: ctx.off } : {}),
    ...(ctx.on ? { on: onOf(ctx, request) } : {}),
    ...(ctx.onProgress ? { onProgress: ctx.onProgress } : {}),
    ...(ctx.onGroupSearch ? { onGroupSearch: ctx.onGroupSearch } : {}),
  };
  const timing = () => ({
    tier: ctx.tier,
    poweredBy: ctx.poweredBy,
    solveTimeMs: Math.round(ctx.clock.monotonic() - start),
    budget: budgetMeta(request, ctx.budgetMs),
  });
  const planned = planRequest(request, options, timing);
  if (!planned.ok) return planned;
  const response = planned.value;
  const searched = ctx.clock.monotonic();
  const check = verifyPlan(request, response);
  ctx.onTimings?.({ searchMs: searched - start, verifyMs: ctx.clock.monotonic() - searched });
  if (!check.ok) return err(new InternalError(`plan failed verification: ${formatFailure(check.error)}`));
  return ok({ ...response, plan: { ...response.plan, verified: true } });
}
