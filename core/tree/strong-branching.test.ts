import { describe, expect, it } from 'vitest';
import { splitArc } from './strong-branching.ts';

// The two children of an arc split (technique `strong-branching` tries and tightens to them).

describe('splitArc', () => {
  it.each([
    [0.5, undefined, { lo: Number.NEGATIVE_INFINITY, hi: 0 }, { lo: 1, hi: Number.POSITIVE_INFINITY }],
    [2.3, { lo: 1, hi: 5 }, { lo: 1, hi: 2 }, { lo: 3, hi: 5 }],
  ])('splits flow %f under %o', (value, prev, down, up) => {
    const arcs = new Map(prev ? [['a', prev]] : []);
    const s = splitArc(arcs, 'a', value);
    expect(s.down.get('a')).toEqual(down);
    expect(s.up.get('a')).toEqual(up);
    // The node's own bounds are left as they were.
    expect(arcs.get('a')).toEqual(prev);
  });
});
