/**
 * One benchmark solve through the API's path (parse → solve → verify), keeping the failure: a 400, a
 * verifier refusal or a thrown error is reported with its message rather than dropped from the table.
 */

import type { LpEngine } from '../core/lp/index.ts';
import { optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../core/types.ts';

export type Solved =
  | {
      readonly ok: true;
      readonly request: OptimiseRequest;
      readonly response: OptimiseResponse;
      readonly ms: number;
    }
  | { readonly ok: false; readonly error: string; readonly ms: number };

const clock = { now: () => Date.now(), monotonic: () => performance.now() };

/** Solves `body` with the given budget; never throws. */
export async function solveBody(lp: LpEngine, body: unknown, budgetMs: number): Promise<Solved> {
  const t0 = performance.now();
  const ms = (): number => performance.now() - t0;
  try {
    const parsed = parseOptimiseBody(body, 'json');
    if (!parsed.ok) return { ok: false, error: `${parsed.error.code}: ${parsed.error.message}`, ms: ms() };
    const res = await optimise(parsed.value, { lp, clock, budgetMs, tier: 'public', poweredBy: 'bench' });
    if (!res.ok) return { ok: false, error: `${res.error.code}: ${res.error.message}`, ms: ms() };
    return { ok: true, request: parsed.value, response: res.value, ms: ms() };
  } catch (e) {
    return { ok: false, error: `thrown: ${e instanceof Error ? e.message : String(e)}`, ms: ms() };
  }
}

/** Purchased material: length × bars of every purchase (owned offcuts are not purchased). */
export function purchasedLength(r: OptimiseResponse): number {
  return r.plan.purchases.reduce((a, p) => a + p.length * p.count, 0);
}

/** The q-quantile of `xs` (nearest rank below), 0 for an empty list. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
}
