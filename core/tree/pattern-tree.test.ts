import { describe, expect, it } from 'vitest';
import { budgetOf } from '../budget.ts';
import type { CgOutcome } from '../master/index.ts';
import { atTheEdge, tighten } from './pattern-tree.ts';

function outcome(o: Partial<CgOutcome>): CgOutcome {
  return {
    status: 'optimal',
    lpValue: 65,
    bound: 65,
    x: new Float64Array([0.5, 0.5]),
    artificial: 0,
    iterations: 10,
    ...o,
  };
}

/** A budget with time left, and one already spent. */
const clock = { now: () => 0, monotonic: () => 0 };
const open = budgetOf(clock, 1_000);
const spent = budgetOf(clock, 0);

describe('atTheEdge', () => {
  it.each([
    // LP a hair above 65, bound a hair below: the incumbent 66 is one tight round away from proven.
    ['LP above, bound below the integer', { lpValue: 65.0000047, bound: 64.99997 }, 66, true],
    ['bound already across', { lpValue: 65.0000047, bound: 65.0000047 }, 66, false],
    ['LP at the integer (float noise only)', { lpValue: 65 + 1e-9, bound: 64.99997 }, 66, false],
    ['LP rounds below the incumbent', { lpValue: 65.0000047, bound: 64.99997 }, 67, false],
    ['no incumbent to prune by', { lpValue: 65.0000047, bound: 64.99997 }, Number.POSITIVE_INFINITY, false],
    ['LP not solved', { status: 'stopped', lpValue: 65.0000047, bound: 64.99997 }, 66, false],
    [
      'LP leaning on artificial columns',
      { lpValue: 65.0000047, bound: 64.99997, artificial: 0.1 },
      66,
      false,
    ],
  ] as const)('%s: %s', (_, o, pruneAt, edge) => {
    expect(atTheEdge(outcome(o), pruneAt)).toBe(edge);
  });
});

describe('tighten', () => {
  const first = outcome({ lpValue: 65.0000047, bound: 64.99997, iterations: 20 });
  it('keeps the first solution and the better of both bounds', () => {
    const more = outcome({
      lpValue: 65.0000046,
      bound: 64.99998,
      x: new Float64Array([1, 0, 0]),
      iterations: 7,
    });
    const t = tighten(first, more, open);
    expect(t.bound).toBe(64.99998);
    expect(t.x).toBe(first.x);
    expect(t.lpValue).toBe(first.lpValue);
    expect(t.iterations).toBe(7);
    expect(t.status).toBe('optimal');
  });
  it('never lowers the bound the node had', () => {
    const more = outcome({ bound: 64.9, iterations: 4 });
    expect(tighten(first, more, open).bound).toBe(first.bound);
  });
  it('reads rounds stopped by their cap or the cutoff as the node solved, the bound lifted', () => {
    const more = outcome({ status: 'stopped', lpValue: 65.0000047, bound: 65.0000031 });
    const t = tighten(first, more, open);
    expect(t.status).toBe('optimal');
    expect(t.bound).toBe(65.0000031);
  });
  it('leaves rounds stopped by the budget stopped, for the caller to put the node back', () => {
    const more = outcome({ status: 'stopped', lpValue: 65.0000047, bound: 64.99998 });
    expect(tighten(first, more, spent).status).toBe('stopped');
  });
  it.each(['failed', 'infeasible'] as const)(
    'keeps the first outcome when the tight rounds end %s',
    (status) => {
      const more = outcome({ status, lpValue: Number.NaN, bound: 70, iterations: 3 });
      const t = tighten(first, more, open);
      expect(t.status).toBe('optimal');
      expect(t.bound).toBe(first.bound);
      expect(t.x).toBe(first.x);
      expect(t.iterations).toBe(3);
    },
  );
});
