/**
 * One angle job through a checkout's core, with the group bounds in the objective's own terms (money, bars
 * or stock length), which the response carries only for money: for one material group of an unpriced job
 * on several stock lengths the bound on the stock bought is not in the response. So the request goes the
 * path `optimise` takes (core/optimise.ts and core/plan/plan-request.ts: search, stage after it, format,
 * verify), step by step, keeping each formatted group's bound; `bench/angles.test.ts` checks the response is
 * the one `optimise` gives. A `Core` may come from another checkout (`--baseline <dir>`): its modules are
 * loaded from that directory, so both run in one process, alternating.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as BudgetModule from '../core/budget.ts';
import type * as BudgetMetaModule from '../core/budget-meta.ts';
import type { LpEngine } from '../core/lp/index.ts';
import type * as OptimiseModule from '../core/optimise.ts';
import type * as AngleModule from '../core/plan/angle.ts';
import type * as FormatModule from '../core/plan/format.ts';
import type * as PlanModule from '../core/plan/index.ts';
import type * as RequestModule from '../core/request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../core/types.ts';
import type * as VerifyModule from '../core/verify/index.ts';

type Body = Record<string, unknown>;
type Clock = BudgetModule.Clock;

/** What a plan is measured in: money (every stock priced), bars (one stock length), stock length bought. */
export type Measure = 'cost' | 'bars' | 'stock';

export interface Solved {
  readonly r: OptimiseResponse | null;
  readonly ms: number;
  readonly error: string | null;
  readonly measure: Measure;
  /** The plan's value in its measure (request units), or null without a plan. */
  readonly value: number | null;
  /** The bound on that value (request units): the groups' bounds, summed. */
  readonly bound: number | null;
}

export interface Core {
  /** The checkout's root directory. */
  readonly root: string;
  readonly lp: LpEngine;
  solve(body: Body, budgetMs: number, clock?: Clock): Promise<Solved>;
}

const wallClock: Clock = { now: () => Date.now(), monotonic: () => performance.now() };

/** The measure of a benchmark body, read from the body (method `balanced`). */
export function measureOf(body: Body): Measure {
  const stocks = (body.stocks as Body[] | undefined) ?? [];
  if (stocks.length > 0 && stocks.every((s) => typeof s.price === 'number')) return 'cost';
  return new Set(stocks.map((s) => s.length)).size <= 1 ? 'bars' : 'stock';
}

/** A response's value in a measure. */
export function measuredValue(measure: Measure, r: OptimiseResponse): number {
  if (measure === 'cost') return r.stats.totalCost ?? 0;
  if (measure === 'bars') return r.plan.stockBarsUsed;
  return r.plan.purchases.reduce((a, p) => a + p.length * p.count, 0);
}

/** Loads the core of the checkout at `root` (default: this one) and creates its LP engine. */
export async function loadCore(root = join(import.meta.dirname, '..')): Promise<Core> {
  const load = <T>(path: string): Promise<T> => import(pathToFileURL(join(root, path)).href) as Promise<T>;
  const [budget, budgetMeta, optimise, angle, format, plan, request, verify] = await Promise.all([
    load<typeof BudgetModule>('core/budget.ts'),
    load<typeof BudgetMetaModule>('core/budget-meta.ts'),
    load<typeof OptimiseModule>('core/optimise.ts'),
    load<typeof AngleModule>('core/plan/angle.ts'),
    load<typeof FormatModule>('core/plan/format.ts'),
    load<typeof PlanModule>('core/plan/index.ts'),
    load<typeof RequestModule>('core/request/index.ts'),
    load<typeof VerifyModule>('core/verify/index.ts'),
  ]);
  const lp = await optimise.createLpEngine();
  const ctx = { tier: 'bench', poweredBy: 'bench' };

  /** core/plan/plan-request.ts's planGroups for an angle request, keeping each group's bound. */
  const planAngles = (req: OptimiseRequest, budgetMs: number, clock: Clock) => {
    const start = clock.monotonic();
    const geometry = angle.angleGeometry(req, { lp, budgetMs });
    if (!geometry.ok) return geometry;
    const g = geometry.value;
    const all = budget.budgetOf(clock, budgetMs);
    const setups = req.method === 'fewest_setups' || req.method === 'bundle';
    const groups: FormatModule.FormattedGroup[] = [];
    for (let k = 0; k < g.groups; k++) {
      const share = all.sub(all.remainingMs() / (g.groups - k));
      const search = setups ? share.sub(share.remainingMs() * plan.SEARCH_SHARE_WITH_SETUPS) : share;
      const found = g.search(k, search, share);
      if (!found.ok) return found;
      groups.push(g.format(req, g.refine(k, found.value, share)));
    }
    const response = format.formatResponse(req, groups, {
      ...ctx,
      solveTimeMs: Math.round(clock.monotonic() - start),
      budget: budgetMeta.budgetMeta(req, budgetMs),
    });
    const check = verify.verifyPlan(req, response);
    if (!check.ok)
      return {
        ok: false as const,
        error: new Error(`plan failed verification: ${verify.formatFailure(check.error)}`),
      };
    return {
      ok: true as const,
      value: { response: { ...response, plan: { ...response.plan, verified: true } }, groups },
    };
  };

  return {
    root,
    lp,
    async solve(body, budgetMs, clock = wallClock) {
      const measure = measureOf(body);
      const parsed = request.parseOptimiseBody(body, 'json');
      if (!parsed.ok)
        return { r: null, ms: 0, error: parsed.error.message, measure, value: null, bound: null };
      const req = parsed.value;
      const t0 = performance.now();
      if (req.angleCuts === null) {
        const out = await optimise.optimise(req, { lp, clock, budgetMs, ...ctx });
        const ms = performance.now() - t0;
        if (!out.ok) return { r: null, ms, error: out.error.message, measure, value: null, bound: null };
        return {
          r: out.value,
          ms,
          error: null,
          measure,
          value: measuredValue(measure, out.value),
          bound: null,
        };
      }
      const out = planAngles(req, budgetMs, clock);
      const ms = performance.now() - t0;
      if (!out.ok) return { r: null, ms, error: out.error.message, measure, value: null, bound: null };
      const { response, groups } = out.value;
      // Bounds are in job cost units (costs divided by their gcd): back to money, bars or length.
      const per = measure === 'cost' ? req.priceScale : measure === 'stock' ? req.scale : 1;
      const units = groups.reduce((a, g) => a + g.bound * g.job.costUnit, 0);
      return {
        r: response,
        ms,
        error: null,
        measure,
        value: measuredValue(measure, response),
        bound: units / per,
      };
    },
  };
}
