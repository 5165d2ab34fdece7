/**
 * The entry point read against the contract, end to end through the real parser, solver and verifier:
 * how an infeasible group is named, and what `minRemnant` keeps.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from './budget.ts';
import type { CutplanError, Result } from './errors.ts';
import { createLpEngine, optimise } from './optimise.ts';
import { parseOptimiseBody } from './request/index.ts';
import type { OptimiseResponse } from './types.ts';

/** Every read advances time a little: a budget is a fixed amount of work, and runs repeat. */
function stepClock(): Clock {
  let t = 0;
  return { now: () => 1_800_000_000_000 + t, monotonic: () => (t += 0.001) };
}

const lp = createLpEngine();

async function solve(body: unknown): Promise<Result<OptimiseResponse, CutplanError>> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(`fixture does not parse: ${parsed.error.message}`);
  return optimise(parsed.value, {
    lp: await lp,
    clock: stepClock(),
    budgetMs: 2000,
    tier: 'public',
    poweredBy: 'cutplan test',
  });
}

async function plan(body: unknown): Promise<OptimiseResponse> {
  const r = await solve(body);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe('a group the finite supply cannot cut (the kerf makes 600 + 600 too long for 1200)', () => {
  it.each([
    [
      'a material',
      {
        parts: [{ length: 600, quantity: 2, material: 'a' }],
        stocks: [{ length: 1200, quantity: 1, material: 'a' }],
      },
      'material "a": the finite stock and offcuts cannot cover the demand',
    ],
    [
      'the untagged group',
      { parts: '600x2', stocks: [{ length: 1200, quantity: 1 }] },
      'untagged material: the finite stock and offcuts cannot cover the demand',
    ],
  ])('names %s once, as the docs do', async (_, body, detail) => {
    const r = await solve({ ...body, kerf: 10 });
    expect(r.ok ? 'solved' : r.error.code).toBe('validation');
    if (!r.ok) expect(r.error.message).toBe(detail);
  });
});

describe('minRemnant, read literally (spec: leftovers this long or longer are usableRemnants)', () => {
  it('keeps every non-empty leftover by default, and trueWaste is what the saw took', async () => {
    const res = await plan({ parts: '700x2,250x1', stock: 1000, kerf: 5 });
    const leftovers = res.plan.combinations.flatMap((c) =>
      Array.from({ length: c.count }, () => c.usedComb.waste.remnant),
    );
    const nonEmpty = leftovers.filter((x) => x > 0).sort((a, b) => b - a);
    expect(nonEmpty.length).toBeGreaterThan(0);
    expect(res.plan.usableRemnants.flatMap((r) => Array.from({ length: r.count }, () => r.length))).toEqual(
      nonEmpty,
    );
    const saw = res.plan.combinations.reduce((s, c) => s + c.usedComb.waste.saw * c.count, 0);
    expect(res.stats.trueWaste).toBe(saw);
  });

  it('keeps a leftover exactly minRemnant long and not one shorter', async () => {
    // 1000 - 700 = 300 and 1000 - 750 = 250 (no kerf): with minRemnant 300 only the first is kept.
    const res = await plan({ parts: '700x1,750x1', stock: 1000, minRemnant: 300 });
    expect(res.plan.usableRemnants.map((r) => r.length)).toEqual([300]);
    expect(res.stats.trueWaste).toBe(250);
  });
});

describe('names the caller chooses are never keys of plain objects (issue 32)', () => {
  const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

  it.each(NAMES)('a material named %s on parts, stocks and offcuts plans and verifies', async (name) => {
    const res = await plan({
      parts: [
        { length: 500, quantity: 4, material: name, label: name },
        { length: 300, quantity: 2 },
      ],
      stocks: [{ length: 1000, material: name }, { length: 1000 }],
      offcuts: [{ length: 600, quantity: 1, material: name }],
      unit: name,
    });
    expect(res.plan.verified).toBe(true);
    const byMaterial = res.stats.byMaterial ?? {};
    expect(Object.hasOwn(byMaterial, name)).toBe(true);
    expect(Object.keys(byMaterial).sort()).toEqual(['', name].sort());
    expect(byMaterial[name]?.totalParts).toBe(4);
    // What the client reads back from the wire has the entry too.
    const wire = JSON.parse(JSON.stringify(res)) as OptimiseResponse;
    expect(Object.hasOwn(wire.stats.byMaterial ?? {}, name)).toBe(true);
    expect(res.meta.unit).toBe(name);
  });

  it('answers the issue-32 body with a verified plan (it was a 500 before)', async () => {
    const res = await solve({
      parts: [{ length: 500, quantity: 4, material: '__proto__' }],
      stocks: [{ length: 1000, material: '__proto__' }],
    });
    expect(res.ok ? res.value.plan.stockBarsUsed : res.error.message).toBe(2);
  });
});
