/**
 * `fewest_setups` on random mitred jobs through the real optimise handler (parser, angle search, setups
 * stage, verifier), beside `balanced` on the same job: every answer is a verified 200 or a 400
 * `validation`; a 200 carries setups, a bound no higher and `setupsOptimal` exactly when they meet; and
 * the plan is never worse than balanced's proven value, nor, at equal value, on more setups.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLpEngine } from '../../core/optimise.ts';
import type { OptimiseResponse } from '../../core/types.ts';
import { makeOptimiseHandler } from '../../functions/handlers/index.ts';
import { realCore } from '../../functions/shared/real-core.ts';
import { apiEvent } from '../support/api-event.ts';
import { collectingLogger, recordingAdmitter } from '../support/handlers.ts';
import { stepClock } from '../support/solver.ts';

const part = fc.record({
  length: fc.integer({ min: 150, max: 2600 }),
  quantity: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }) },
    fc.integer({ min: 13, max: 40 }),
  ),
  leftAngle: fc.constantFrom(45, 135, 90, 60, -45, 30),
  rightAngle: fc.constantFrom(45, 135, 90, 60),
  label: fc.constantFrom('head', 'jamb', 'sill'),
});
const body = fc.record({
  parts: fc.array(part, { minLength: 1, maxLength: 5 }),
  stocks: fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(3000, 5000, 6000, 6500), { minLength: 1, maxLength: 2 }),
      fc.boolean(),
      fc.option(fc.integer({ min: 2, max: 12 }), { nil: null }),
    )
    .map(([lengths, priced, quantity]) =>
      lengths.map((length, k) => ({
        length,
        ...(priced ? { price: length / 100 + 9 } : {}),
        // A finite first entry and an unlimited last one: supply matters, most jobs stay feasible.
        ...(k === 0 && lengths.length > 1 && quantity !== null ? { quantity } : {}),
      })),
    ),
  offcuts: fc.array(
    fc.record({ length: fc.integer({ min: 400, max: 2800 }), quantity: fc.integer({ min: 1, max: 3 }) }),
    {
      maxLength: 1,
    },
  ),
  kerf: fc.constantFrom(0, 3, 4.5),
  trim: fc.boolean(),
  angleCuts: fc.record({
    enabled: fc.constant(true),
    width: fc.constantFrom(20, 40, 62.5),
    axialSymmetry: fc.constantFrom('none', 'X', 'Y', 'Z', 'XYZ'),
  }),
  timeLimit: fc.constant(1),
});

/** What balanced minimises: money when priced, else purchased length (one stock length: bars). */
const objective = (r: OptimiseResponse): number =>
  r.stats.totalCost ?? r.plan.purchases.reduce((a, p) => a + p.length * p.count, 0);

describe('fewest_setups on angle jobs through the handler', () => {
  it('answers a verified plan with a valid setups bound, never worse than balanced, or a 400', async () => {
    const handler = makeOptimiseHandler({
      core: realCore,
      lp: await createLpEngine(),
      clock: stepClock(0.01),
      admitter: recordingAdmitter({ tier: 'public' }),
      poweredBy: 'cutplan test',
      log: collectingLogger(),
    });
    const call = async (b: unknown) => {
      const res = await handler(
        apiEvent({
          method: 'POST',
          path: '/v1/optimise',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(b),
        }),
      );
      return { status: res.statusCode, out: JSON.parse(res.body) };
    };
    const seen = { ok: 0, refused: 0, fewer: 0 };
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const setups = await call({ ...b, method: 'fewest_setups' });
        if (setups.status !== 200) {
          expect({ status: setups.status, error: setups.out.error }).toEqual({
            status: 400,
            error: 'validation',
          });
          expect(typeof setups.out.detail).toBe('string');
          seen.refused++;
          return;
        }
        seen.ok++;
        const r = setups.out as OptimiseResponse;
        expect(r.plan.verified).toBe(true);
        expect(r.meta.method).toBe('fewest_setups');
        const count = r.stats.setups ?? -1;
        expect(count).toBeGreaterThanOrEqual(1);
        expect(count).toBeLessThanOrEqual(r.stats.layoutCount);
        expect(r.stats.setupsLowerBound ?? 99).toBeLessThanOrEqual(count);
        expect(r.stats.setupsOptimal).toBe(r.stats.setupsLowerBound === count);
        const balanced = await call({ ...b, method: 'balanced' });
        expect(balanced.status).toBe(200);
        const a = balanced.out as OptimiseResponse;
        if (a.plan.optimal) expect(objective(r)).toBe(objective(a));
        if (objective(r) === objective(a) && r.plan.stockBarsUsed <= a.plan.stockBarsUsed) {
          expect(count).toBeLessThanOrEqual(a.stats.setups ?? 0);
          if (count < (a.stats.setups ?? 0)) seen.fewer++;
        }
      }),
      { seed: Number(process.env.SEED ?? 2121), numRuns: Number(process.env.RUNS ?? 40) },
    );
    expect(seen.ok).toBeGreaterThan(20);
    expect(seen.fewer).toBeGreaterThan(0);
  }, 300_000);
});
