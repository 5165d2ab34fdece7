/**
 * The entry point read against the contract, end to end through the real parser, solver and verifier:
 * how an infeasible group is named, and what `minRemnant` keeps.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from './budget.ts';
import type { CutplanError, Result } from './errors.ts';
import { createLpEngine, optimise } from './optimise.ts';
import { INFEASIBLE_PROOF } from './plan/index.ts';
import { parseOptimiseBody } from './request/index.ts';
import type { OptimiseResponse } from './types.ts';

/** Every read advances time a little: a budget is a fixed amount of work, and runs repeat. */
function stepClock(): Clock {
  let t = 0;
  return { now: () => 1_800_000_000_000 + t, monotonic: () => (t += 0.001) };
}

const lp = createLpEngine();

async function solve(
  body: unknown,
  clock: Clock = stepClock(),
  budgetMs = 2000,
): Promise<Result<OptimiseResponse, CutplanError>> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(`fixture does not parse: ${parsed.error.message}`);
  return optimise(parsed.value, {
    lp: await lp,
    clock,
    budgetMs,
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
      `material "a": ${INFEASIBLE_PROOF}`,
    ],
    [
      'the untagged group',
      { parts: '600x2', stocks: [{ length: 1200, quantity: 1 }] },
      `untagged material: ${INFEASIBLE_PROOF}`,
    ],
  ])('names %s once, as the docs do', async (_, body, detail) => {
    const r = await solve({ ...body, kerf: 10 });
    expect(r.ok ? 'solved' : r.error.code).toBe('validation');
    if (!r.ok) expect(r.error.message).toBe(detail);
  });
});

/** A clock whose every read moves 5 ms on: a 1 ms budget is over before the first phase ends. */
function rushedClock(): Clock {
  let t = 0;
  return { now: () => 1_800_000_000_000 + t, monotonic: () => (t += 5) };
}

const MITRED = { enabled: true, width: 1 } as const;

describe('finite supply: 400 only with a proof that no plan exists, else 422 noPlanFound', () => {
  // Three 6s on two 10s: the total length fits (18 ≤ 20), but no bar holds two, so no plan exists.
  const impossible = { parts: [{ length: 6, quantity: 3 }], stocks: [{ length: 10, quantity: 2 }] };
  // 5+3+2 and 4+3+3 fill both 10s exactly, but first-fit decreasing (5+4, 3+3+3, then 2) finds no plan.
  const tight = { parts: '5x1, 4x1, 3x3, 2x1', stocks: [{ length: 10, quantity: 2 }] };
  it.each([
    ['square ends', impossible],
    ['angle cuts on, square parts', { ...impossible, angleCuts: MITRED }],
    [
      'mitred parts',
      {
        ...impossible,
        parts: [{ length: 6, quantity: 3, leftAngle: 45, rightAngle: 135 }],
        angleCuts: MITRED,
      },
    ],
  ])('%s: no plan exists, so 400 validation naming the proof', async (_, body) => {
    const r = await solve(body);
    expect(r.ok ? 'solved' : r.error.code).toBe('validation');
    if (!r.ok) expect(r.error.message).toBe(`untagged material: ${INFEASIBLE_PROOF}`);
  });

  it.each([
    ['square ends', tight],
    ['angle cuts on, square parts', { ...tight, angleCuts: MITRED }],
  ])(
    '%s: a plan exists but the budget ends first, so 422 noPlanFound suggesting a longer timeLimit',
    async (_, body) => {
      const r = await solve(body, rushedClock(), 1);
      expect(r.ok ? 'solved' : r.error.code).toBe('noPlanFound');
      if (!r.ok) {
        expect(r.error.status).toBe(422);
        expect(r.error.message).toMatch(
          /^untagged material: no plan .* was found in the time limit of 0\.001 s, and none was proven impossible; send a longer timeLimit/,
        );
      }
      // The same job with time finds its plan.
      const solved = await solve(body);
      expect(solved.ok && solved.value.plan.stockBarsUsed).toBe(2);
    },
  );

  it('mitred parts: a plan exists but the budget ends first, so 422; with time, the plan', async () => {
    // Parallelograms (45° left, 135° right, width 1) nest, each taking 1 less than tip to tip: 6+4+3 and
    // 5+4+4 fill two 11s (10 of material + 1), but first-fit longest first (6+5, 4+4+4, then 3) finds none.
    const body = {
      parts: [6, 5, 4, 3].map((length) => ({
        length,
        quantity: length === 4 ? 3 : 1,
        leftAngle: 45,
        rightAngle: 135,
      })),
      stocks: [{ length: 11, quantity: 2 }],
      angleCuts: MITRED,
    };
    const r = await solve(body, rushedClock(), 1);
    expect(r.ok ? 'solved' : r.error.code).toBe('noPlanFound');
    const solved = await solve(body);
    expect(
      solved.ok ? solved.value.plan.stockBarsUsed : `${solved.error.code}: ${solved.error.message}`,
    ).toBe(2);
  });
});

describe('meta.timeLimit: the budget applied, and requestedTimeLimit when the request asked for more', () => {
  it.each([
    ['no timeLimit: the automatic budget', {}, 5000, { timeLimit: 5 }],
    ['a timeLimit within the budget', { timeLimit: 3 }, 3000, { timeLimit: 3 }],
    ['a timeLimit over it, capped', { timeLimit: 5000 }, 20_000, { timeLimit: 20, requestedTimeLimit: 5000 }],
  ])('%s', async (_, extra, budgetMs, meta) => {
    const r = await solve({ parts: '500x4', stock: 1000, ...extra }, stepClock(), budgetMs);
    if (!r.ok) throw new Error(r.error.message);
    expect({
      timeLimit: r.value.meta.timeLimit,
      requestedTimeLimit: r.value.meta.requestedTimeLimit,
    }).toEqual({
      requestedTimeLimit: undefined,
      ...meta,
    });
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

describe('optimise: timings', () => {
  it('tells the search and the verification apart, on the context clock, once the plan is verified', async () => {
    // Each reading of this clock is one tick: verification reads it once more after the search ends.
    let ticks = 0;
    const clock: Clock = { now: () => 1_800_000_000_000, monotonic: () => ticks++ };
    const parsed = parseOptimiseBody({ parts: '500x4,300x2', stock: 1000, kerf: 3 }, 'json');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const seen: { searchMs: number; verifyMs: number }[] = [];
    const res = await optimise(parsed.value, {
      lp: await lp,
      clock,
      budgetMs: 2000,
      tier: 'public',
      poweredBy: 'cutplan test',
      onTimings: (t) => seen.push(t),
    });
    expect(res.ok && res.value.plan.verified).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.verifyMs).toBe(1);
    // The search read the clock in between: its time is what passed from the first reading to the last.
    expect(seen[0]?.searchMs).toBeGreaterThan(0);
    expect((seen[0]?.searchMs ?? 0) + (seen[0]?.verifyMs ?? 0)).toBe(ticks - 1);
  });
});
