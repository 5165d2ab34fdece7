/**
 * Random mitred jobs through the real optimise handler (real parser, angle stage, verifier): every one
 * gets a verified plan or a typed 400 naming what is wrong, never a 500.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createLpEngine } from '../../core/optimise.ts';
import { optimiseResponseSchema } from '../../core/response/schemas.ts';
import { makeOptimiseHandler } from '../../functions/handlers/index.ts';
import { realCore } from '../../functions/shared/real-core.ts';
import { apiEvent } from '../support/api-event.ts';
import { collectingLogger, recordingAdmitter } from '../support/handlers.ts';
import { stepClock } from '../support/solver.ts';

const angle = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(45, 135, -45, 90, 30, 60, 22.5, 67.5, 112.5, -60) },
  { weight: 8, arbitrary: fc.integer({ min: 100, max: 1700 }).map((x) => x / 10) },
  { weight: 1, arbitrary: fc.constantFrom(5, 175, -5, -175, 0, 180) },
);
const material = fc.option(fc.constant('alu'), { nil: undefined, freq: 2 });
const part = fc.record(
  {
    length: fc.oneof(
      fc.integer({ min: 20, max: 2300 }),
      fc.integer({ min: 200, max: 23000 }).map((x) => x / 10),
    ),
    quantity: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 14 }) },
      { weight: 1, arbitrary: fc.integer({ min: 15, max: 40 }) },
    ),
    leftAngle: angle,
    rightAngle: angle,
    label: fc.constantFrom('top', 'side', 'rail'),
    material,
  },
  { requiredKeys: ['length', 'quantity'] },
);
const stock = fc.record({
  length: fc.constantFrom(2400, 3000, 6000, 6500),
  quantity: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 8 })),
});
const body = fc.record(
  {
    parts: fc.array(part, { minLength: 1, maxLength: 5 }),
    stocks: fc
      .tuple(
        fc.array(stock, { minLength: 1, maxLength: 3 }),
        fc.option(fc.constantFrom(10, 12.5), { nil: null }),
      )
      .map(([list, price]) => [
        // Prices all or none; every job has an unlimited bar of each material, so most jobs can be planned.
        ...list.map((s) => ({ ...s, price })),
        { length: 6000, quantity: null, price },
        { length: 6000, quantity: null, price, material: 'alu' },
      ]),
    offcuts: fc.array(
      fc.record({
        length: fc.integer({ min: 300, max: 2500 }),
        quantity: fc.integer({ min: 1, max: 3 }),
        material,
      }),
      { maxLength: 2 },
    ),
    kerf: fc.constantFrom(0, 3, 4.5),
    trim: fc.boolean(),
    minRemnant: fc.constantFrom(0, 300),
    method: fc.constantFrom(
      'balanced',
      'balanced',
      'least_waste',
      'offcuts_first',
      'fewest_setups',
      'bundle',
    ),
    angleCuts: fc.record({
      enabled: fc.constant(true),
      width: fc.constantFrom(20, 40, 62.5, 120),
      axialSymmetry: fc.constantFrom('none', 'X', 'Y', 'Z', 'XYZ'),
    }),
    timeLimit: fc.constant(1),
  },
  { requiredKeys: ['parts', 'stocks', 'angleCuts', 'timeLimit'] },
);

describe('angle jobs through the handler', () => {
  it('answer a verified plan or a 400 naming the problem, never a 500', async () => {
    const handler = makeOptimiseHandler({
      core: realCore,
      lp: await createLpEngine(),
      clock: stepClock(0.01),
      admitter: recordingAdmitter({ tier: 'public' }),
      poweredBy: 'cutplan test',
      log: collectingLogger(),
    });
    const seen = { ok: 0, refused: 0, nested: 0 };
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await handler(
          apiEvent({
            method: 'POST',
            path: '/v1/optimise',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(b),
          }),
        );
        const out = JSON.parse(res.body);
        if (res.statusCode === 200) {
          seen.ok++;
          expect(out.plan.verified).toBe(true);
          // The published response schema (strict: every angle-mode field described there).
          expect(v.safeParse(optimiseResponseSchema, out).issues).toBeUndefined();
          for (const c of out.plan.combinations)
            for (const p of c.usedComb.parts) expect(['none', 'X', 'Y', 'Z']).toContain(p.orientation);
          if (
            out.plan.combinations.some((c: { usedComb: { parts: { orientation: string }[] } }) =>
              c.usedComb.parts.some((p) => p.orientation !== 'none'),
            )
          )
            seen.nested++;
          return;
        }
        expect({ status: res.statusCode, error: out.error }).toEqual({ status: 400, error: 'validation' });
        expect(typeof out.detail).toBe('string');
        if (process.env.SHOW) console.log(out.detail);
        seen.refused++;
      }),
      { seed: Number(process.env.SEED ?? 2020), numRuns: Number(process.env.RUNS ?? 150) },
    );
    // The generator must exercise both outcomes, and turned pieces.
    expect(seen.ok).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(5);
    expect(seen.nested).toBeGreaterThan(0);
  }, 240_000);
});
