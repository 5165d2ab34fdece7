/**
 * Depth first in the trees of jobs with several kinds of bar (opt-in technique `plunge`): the order the
 * open nodes are taken in, and on practical jobs the same cost and proof by another walk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../test/fixtures/practical.ts';
import { optInAgainstProduction } from '../../test/support/solver.ts';
import { createLpEngine } from '../optimise.ts';
import { nodeOrder, PLUNGE_MAX_ARCS } from './pattern-tree.ts';

interface Node {
  readonly order: number;
  readonly depth: number;
  readonly arcs: ReadonlyMap<string, unknown>;
}

const node = (order: number, depth: number, arcs = 0): Node => ({
  order,
  depth,
  arcs: new Map(Array.from({ length: arcs }, (_, k) => [`a${k}`, null])),
});

describe('nodeOrder', () => {
  it('best first without plunge: the lowest order, the deepest among equals', () => {
    const nodes = [node(5, 9), node(3, 1), node(3, 4), node(4, 2)];
    expect([...nodes].sort(nodeOrder(false)).map((n) => [n.order, n.depth])).toEqual([
      [3, 4],
      [3, 1],
      [4, 2],
      [5, 9],
    ]);
  });

  it('with plunge: the deepest first, the lowest order among equals; past the arc limit, best first after', () => {
    const deepArcs = node(1, 30, PLUNGE_MAX_ARCS + 1);
    const nodes = [node(3, 1), deepArcs, node(5, 6, PLUNGE_MAX_ARCS), node(4, 6), node(2, 2)];
    expect([...nodes].sort(nodeOrder(true)).map((n) => [n.order, n.depth])).toEqual([
      [4, 6],
      [5, 6],
      [2, 2],
      [3, 1],
      // Counted as depth 0: among the shallowest, by its order.
      [1, 30],
    ]);
  });

  it('is a total preorder either way (the sort is well defined)', () => {
    const arb = fc.record({
      order: fc.integer({ min: 0, max: 5 }),
      depth: fc.integer({ min: 0, max: 20 }),
      arcs: fc.integer({ min: 0, max: 2 * PLUNGE_MAX_ARCS }),
    });
    fc.assert(
      fc.property(fc.array(arb, { minLength: 3, maxLength: 3 }), fc.boolean(), (raw, plunge) => {
        const [a, b, c] = raw.map((r) => node(r.order, r.depth, r.arcs)) as [Node, Node, Node];
        const cmp = nodeOrder(plunge);
        expect(Math.sign(cmp(a, b)) + Math.sign(cmp(b, a))).toBe(0);
        if (cmp(a, b) <= 0 && cmp(b, c) <= 0) expect(cmp(a, c)).toBeLessThanOrEqual(0);
      }),
      { seed: 41, numRuns: 500 },
    );
  });
});

describe('plunge on practical jobs (opt-in)', () => {
  it('finds the same cost and proof by another walk, and is off unless asked', async () => {
    const engine = await createLpEngine();
    // Seed 8 (least_waste, three stocks): its optimum came from a completion deep in the full tree
    // (383 → 170 LP solves in the ablation run).
    const { plain, switched } = await optInAgainstProduction(practicalJob(8), engine, new Set(['plunge']));
    expect(switched.solves).toBeLessThan(plain.solves);
  });
});
