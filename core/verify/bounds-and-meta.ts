/** Bounds that must hold for the plan, and the `meta` fields that echo the request. */
import type { Context } from './context.ts';
import type { Rec } from './read.ts';

/**
 * `stockBarsLowerBound ≤ stockBarsUsed`; `costLowerBound` null iff no stock entry has a price, else at
 * most the plan's cost. Both are relaxations, so neither has to be on the grid.
 */
export function checkBounds(ctx: Context, plan: Rec, response: Rec, bars: bigint, cost: bigint | null): void {
  const { reader, findings } = ctx;
  const barsBound = reader.finite(plan.stockBarsLowerBound, 'plan.stockBarsLowerBound');
  if (barsBound !== null && (barsBound < 0 || barsBound > Number(bars))) {
    findings.add(
      'bounds',
      `plan.stockBarsLowerBound is ${barsBound}, outside 0 … ${bars} (the bars the plan buys)`,
    );
  }
  if (cost === null) {
    if (response.costLowerBound !== null) {
      findings.add('bounds', 'costLowerBound must be null: no stock entry has a price');
    }
    return;
  }
  if (response.costLowerBound === null) {
    findings.add('bounds', 'costLowerBound is null, but stock entries carry prices');
    return;
  }
  const costBound = reader.finite(response.costLowerBound, 'costLowerBound');
  const planCost = Number(cost) / ctx.request.priceScale;
  if (costBound !== null && (costBound < 0 || costBound > planCost)) {
    findings.add('bounds', `costLowerBound is ${costBound}, outside 0 … ${planCost} (the plan's cost)`);
  }
}

/** `meta` echoes the request's method, kerf, unit and unit format. */
export function checkMeta(ctx: Context, raw: unknown): void {
  const { reader, findings, request } = ctx;
  const meta = reader.record(raw, 'meta');
  if (meta === null) return;
  if (meta.method !== request.method) {
    findings.add(
      'meta',
      `meta.method is ${JSON.stringify(meta.method)}, the request asked for "${request.method}"`,
    );
  }
  reader.sameLength(meta.kerf, 'meta.kerf', ctx.kerf, 'meta');
  if (meta.unit !== request.unit)
    findings.add('meta', `meta.unit is ${JSON.stringify(meta.unit)}, expected "${request.unit}"`);
  if (meta.unitFormat !== request.unitFormat) {
    findings.add(
      'meta',
      `meta.unitFormat is ${JSON.stringify(meta.unitFormat)}, expected "${request.unitFormat}"`,
    );
  }
  for (const field of ['tier', 'poweredBy'] as const) {
    if (typeof meta[field] !== 'string') findings.add('shape', `meta.${field} is not a string`);
  }
}

/**
 * Flags and timing carry no figure to recompute, but must have their types. `verified` is left alone:
 * the caller sets it once the plan has passed.
 */
export function checkPlanFlags(ctx: Context, plan: Rec): void {
  ctx.reader.boolean(plan.optimal, 'plan.optimal');
  const ms = ctx.reader.finite(plan.solveTimeMs, 'plan.solveTimeMs');
  if (ms !== null && ms < 0) ctx.findings.add('shape', `plan.solveTimeMs is ${ms}, negative`);
}
