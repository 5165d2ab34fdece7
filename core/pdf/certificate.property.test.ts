/**
 * Every claim the certificate makes, checked against an exhaustive search written here: small random jobs
 * with several stock lengths (finite and unlimited), owned offcuts, prices on all, some or none of the
 * stocks, a kerf, every method, solved by the real solver (with a budget and with none, so proven and
 * unproven plans both come up). The search enumerates every way to split the pieces into bars and every
 * source for each bar, so "no plan buys less stock" means exactly that.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../budget.ts';
import { createLpEngine, optimise } from '../optimise.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { type Claim, certificateOf, type Measure } from './certificate.ts';
import { formatsFor } from './format.ts';

/** One plan of the exhaustive search, by the figures the certificate speaks of. */
interface Figures {
  readonly cost: number;
  readonly bars: number;
  readonly stock: number;
  readonly used: number;
  readonly offcut: number;
  readonly setups: number;
}

interface Source {
  readonly kind: 'stock' | 'offcut';
  readonly length: number;
  readonly supply: number;
  readonly price: number;
}

/** Every plan that cuts the request's pieces (one material group, no trim), by its figures. */
function everyPlan(request: OptimiseRequest): Figures[] {
  const pieces = request.parts.flatMap((p) => Array.from({ length: p.quantity }, () => p.length));
  const sources: Source[] = [
    ...request.stocks.map((s) => ({
      kind: 'stock' as const,
      length: s.length,
      supply: s.quantity ?? Number.POSITIVE_INFINITY,
      price: (s.price ?? 0) / request.priceScale,
    })),
    ...request.offcuts.map((o) => ({
      kind: 'offcut' as const,
      length: o.length,
      supply: o.quantity,
      price: 0,
    })),
  ];
  const fits = (block: readonly number[], s: Source): boolean =>
    block.reduce((a, b) => a + b, 0) + (block.length - 1) * request.kerf <= s.length;
  const plans: Figures[] = [];
  const blocks: number[][] = [];
  const assign = (b: number, left: number[], chosen: Source[]): void => {
    if (b === blocks.length) {
      const setups = new Set(
        blocks.map((block, i) => `${chosen[i]?.length}:${[...block].sort((x, y) => y - x).join(',')}`),
      );
      const sum = (f: (s: Source) => number): number => chosen.reduce((a, s) => a + f(s), 0);
      plans.push({
        cost: sum((s) => (s.kind === 'stock' ? s.price : 0)),
        bars: sum((s) => (s.kind === 'stock' ? 1 : 0)),
        stock: sum((s) => (s.kind === 'stock' ? s.length : 0)),
        used: sum((s) => s.length),
        offcut: sum((s) => (s.kind === 'offcut' ? s.length : 0)),
        setups: setups.size,
      });
      return;
    }
    const block = blocks[b] ?? [];
    sources.forEach((s, i) => {
      if ((left[i] ?? 0) < 1 || !fits(block, s)) return;
      left[i] = (left[i] ?? 0) - 1;
      assign(b + 1, left, [...chosen, s]);
      left[i] = (left[i] ?? 0) + 1;
    });
  };
  const split = (i: number): void => {
    if (i === pieces.length) {
      assign(
        0,
        sources.map((s) => s.supply),
        [],
      );
      return;
    }
    const piece = pieces[i] ?? 0;
    for (const block of blocks) {
      block.push(piece);
      split(i + 1);
      block.pop();
    }
    blocks.push([piece]);
    split(i + 1);
    blocks.pop();
  };
  split(0);
  return plans;
}

/** The response's own figures, in the request's scaled integers (prices in currency). */
function figuresOfResponse(request: OptimiseRequest, response: OptimiseResponse): Omit<Figures, 'setups'> {
  let stock = 0;
  let offcut = 0;
  for (const c of response.plan.combinations) {
    const length = Math.round(c.usedComb.length * request.scale) * c.count;
    if (c.usedComb.source === 'stock') stock += length;
    else offcut += length;
  }
  return {
    cost: response.stats.totalCost ?? 0,
    bars: response.plan.stockBarsUsed,
    stock,
    used: stock + offcut,
    offcut,
  };
}

const measured = (f: Omit<Figures, 'setups'>, measure: Measure): number =>
  measure === 'cost' ? f.cost : measure === 'bars' ? f.bars : measure === 'stock' ? f.stock : f.used;
const near = (a: number, b: number): boolean =>
  Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

/** Checks one claim against every plan; returns what is wrong, or null. */
function wrongClaim(claim: Claim, plans: readonly Figures[], mine: Omit<Figures, 'setups'>): string | null {
  const most = Math.max(...plans.map((p) => p.offcut));
  const inScope = (scope: 'all' | 'mostOffcuts'): readonly Figures[] =>
    scope === 'all' ? plans : plans.filter((p) => p.offcut === most);
  switch (claim.kind) {
    case 'least': {
      const best = Math.min(...inScope(claim.scope).map((p) => measured(p, claim.measure)));
      return near(measured(mine, claim.measure), best)
        ? null
        : `least ${claim.measure}: plan has ${measured(mine, claim.measure)}, a plan has ${best}`;
    }
    case 'floor': {
      const best = Math.min(...inScope(claim.scope).map((p) => measured(p, claim.measure)));
      return best >= claim.value - 1e-6 ? null : `floor ${claim.measure} ${claim.value}: a plan has ${best}`;
    }
    case 'mostOffcuts':
      return mine.offcut === most ? null : `most offcuts: plan uses ${mine.offcut}, a plan uses ${most}`;
    case 'setupsFloor': {
      const asGood = plans.filter((p) => near(measured(p, claim.measure), measured(mine, claim.measure)));
      const fewest = Math.min(...asGood.map((p) => p.setups));
      return fewest >= claim.value ? null : `setups floor ${claim.value}: a plan as good has ${fewest}`;
    }
  }
}

const lengths = (min: number, max: number) =>
  fc.integer({ min: min / 100, max: max / 100 }).map((n) => n * 100);
const job = fc.record({
  parts: fc.array(fc.tuple(lengths(300, 3000), fc.integer({ min: 1, max: 2 })), {
    minLength: 1,
    maxLength: 3,
  }),
  stocks: fc.array(
    fc.record({
      length: lengths(3000, 6500),
      quantity: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      price: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  offcuts: fc.array(fc.tuple(lengths(500, 4000), fc.integer({ min: 1, max: 2 })), { maxLength: 2 }),
  kerf: fc.constantFrom(0, 5),
  method: fc.constantFrom('balanced', 'least_waste', 'offcuts_first', 'fewest_setups', 'bundle'),
  prices: fc.constantFrom('all', 'some', 'none'),
  budgetMs: fc.constantFrom(0, 2000),
});

/** Every read advances time a little: a budget is a fixed amount of work. */
function stepClock(): Clock {
  let t = 0;
  return { now: () => 1_800_000_000_000 + t, monotonic: () => (t += 0.001) };
}

const lp = createLpEngine();
const fmt = formatsFor('mm', 'decimal', []);

describe('the certificate against an exhaustive search', () => {
  it('makes only claims that hold for every plan that cuts the list, in the words of its measure', async () => {
    const engine = await lp;
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(job, async (j) => {
        // At most 5 pieces keeps the search exhaustive and fast.
        const parts = j.parts.filter((_, i) => j.parts.slice(0, i + 1).reduce((a, [, q]) => a + q, 0) <= 5);
        const bundle = j.method === 'bundle';
        const body = {
          parts,
          stocks: j.stocks.map((s, i) => ({
            length: s.length,
            quantity: s.quantity,
            price: j.prices === 'all' ? (s.price ?? i + 1) : j.prices === 'some' ? s.price : null,
            ...(bundle ? { bundleSize: 2 } : {}),
          })),
          offcuts: j.offcuts,
          kerf: j.kerf,
          method: j.method,
        };
        const parsed = parseOptimiseBody(body, 'json');
        if (!parsed.ok) return; // a part longer than every source, or demand beyond the finite supply
        const request = parsed.value;
        const solved = await optimise(request, {
          lp: engine,
          clock: stepClock(),
          budgetMs: j.budgetMs,
          tier: 'public',
          poweredBy: 'test',
        });
        if (!solved.ok) return;
        const response = solved.value;
        const certificate = certificateOf(response, fmt, request);
        const plans = everyPlan(request);
        const mine = figuresOfResponse(request, response);
        const text = [certificate.headline, ...certificate.detail].join(' ');
        const key = `${certificate.measure} ${certificate.optimal ? 'proven' : 'unproven'}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);

        for (const claim of certificate.claims) {
          expect(wrongClaim(claim, plans, mine), `${text}\n${JSON.stringify(body)}`).toBeNull();
        }
        // "Optimal" is said only with a claim of the least (or of nothing to buy).
        expect(certificate.headline.startsWith('Optimal')).toBe(certificate.optimal);
        if (certificate.optimal) expect(certificate.claims.some((c) => c.kind === 'least')).toBe(true);
        // The measure is the one the plan minimised: money with the cost objective, else material.
        expect(certificate.measure === 'cost').toBe(response.meta.objective === 'cost');
        if (certificate.measure === 'bars') {
          expect(new Set(request.stocks.map((s) => s.length)).size).toBe(1);
        }
        // Fewer bars is said only where bars are minimised or as a floor the search checked above.
        if (certificate.measure !== 'bars') {
          expect(certificate.headline).not.toMatch(/fewer/);
          if (/fewer than \d+ bar/.test(text.replace(/saw setups?.*/, ''))) {
            expect(certificate.claims.some((c) => c.kind === 'floor' && c.measure === 'bars')).toBe(true);
          }
        }
        // Singular and plural.
        expect(text).not.toMatch(/\b1 (bars|saw setups|pieces)\b/);
        expect(text).not.toMatch(/\b([02-9]|\d\d+) (bar|saw setup)\b(?!s)/);
      }),
      { seed: 20_261_127, numRuns: 150 },
    );
    // Every measure came up, proven and not.
    for (const key of ['cost proven', 'bars proven', 'stock proven', 'waste proven']) {
      expect([...seen.keys()], JSON.stringify([...seen])).toContain(key);
    }
  }, 120_000);
});
