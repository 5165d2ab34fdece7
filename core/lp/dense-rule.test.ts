/**
 * Production's rule for the dense simplex (technique `dense-lp`): which solves put their small masters on
 * it, read off the composite engine's counts of masters through the entry point the API uses.
 */
import { describe, expect, it } from 'vitest';
import { createLpEngine, denseServes, optimise } from '../optimise.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { CompositeEngine } from './composite.ts';

const engine = createLpEngine() as Promise<CompositeEngine>;

/** Two stock lengths and enough pieces that the search reaches column generation (a master LP). */
const square = {
  parts: [
    { length: 1170, quantity: 9 },
    { length: 830, quantity: 14 },
    { length: 610, quantity: 11 },
    { length: 455, quantity: 17 },
  ],
  stocks: [
    { length: 6000, quantity: null, price: 31, bundleSize: 5 },
    { length: 4800, quantity: null, price: 26, bundleSize: 5 },
  ],
  kerf: 3,
};
const angle = {
  parts: [
    { length: 1230, quantity: 6, leftAngle: 45, rightAngle: 45 },
    { length: 1870, quantity: 6, leftAngle: 45, rightAngle: 45 },
    { length: 960, quantity: 4, leftAngle: 45, rightAngle: 45 },
  ],
  stocks: [{ length: 6000, quantity: null }],
  kerf: 3,
  angleCuts: { enabled: true, width: 70, axialSymmetry: 'none' },
};

/** Masters the solve of `body` created on the dense simplex and on HiGHS. */
async function masters(
  body: Record<string, unknown>,
  off?: ReadonlySet<'dense-lp'>,
): Promise<{ dense: number; highs: number }> {
  const lp = await engine;
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(`fixture does not parse: ${parsed.error.message}`);
  const before = { dense: lp.stats.dense, highs: lp.stats.highs };
  let t = 0;
  const r = await optimise(parsed.value, {
    lp,
    clock: { now: () => 1_800_000_000_000 + t, monotonic: () => (t += 0.001) },
    budgetMs: 2000,
    tier: 'public',
    poweredBy: 'cutplan test',
    ...(off ? { off } : {}),
  });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return { dense: lp.stats.dense - before.dense, highs: lp.stats.highs - before.highs };
}

describe('which solves the dense simplex serves (denseServes)', () => {
  it.each([
    ['balanced', false, true],
    ['least_waste', false, true],
    ['offcuts_first', false, true],
    ['fewest_setups', false, false],
    ['bundle', false, false],
    ['balanced', true, false],
    ['fewest_setups', true, false],
  ] as const)('%s, angle cuts %s: %s', (method, angled, serves) => {
    const angleCuts = angled ? { width: 70, axialSymmetry: 'none' as const } : null;
    expect(denseServes({ method, angleCuts } as Parameters<typeof denseServes>[0])).toBe(serves);
  });
});

describe('production engine: the masters of a solve go where the rule says', () => {
  it('is the composite engine by default, HiGHS alone with dense: false', async () => {
    expect((await engine).name).toMatch(/\+ dense simplex$/);
    const highs = await createLpEngine({ dense: false });
    expect(highs.name).not.toMatch(/dense/);
    expect('stats' in highs).toBe(false);
  });

  it.each(['balanced', 'least_waste'] as const)('%s: small masters on the dense simplex', async (method) => {
    const { dense, highs } = await masters({ ...square, method });
    expect(dense).toBeGreaterThan(0);
    expect(highs).toBe(0);
  });

  it.each([
    ['fewest_setups', { ...square, method: 'fewest_setups' }],
    ['bundle', { ...square, method: 'bundle' }],
    ['angle cuts', angle],
    ['angle cuts, fewest_setups', { ...angle, method: 'fewest_setups' }],
  ])('%s: every master on HiGHS', async (_, body) => {
    const { dense, highs } = await masters(body);
    expect(dense).toBe(0);
    expect(highs).toBeGreaterThan(0);
  });

  it('technique dense-lp off: every master on HiGHS', async () => {
    const { dense, highs } = await masters({ ...square, method: 'balanced' }, new Set(['dense-lp']));
    expect(dense).toBe(0);
    expect(highs).toBeGreaterThan(0);
  });
});
