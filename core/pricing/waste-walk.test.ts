import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChunkGain, patternsAbove, type WalkAsk, type WalkTable } from './waste-walk.ts';

// The walk with its chains as loops must look at the same cells in the same order as the recursive walk it
// replaced: the same bars, in the same order, and the same cut where the step cap ends it. Random tables
// (not DP tables) reach every branch: ties between taking and skipping, −∞ cells, bans, arc gains, caps.

/**
 * The recursive walk `patternsAbove` replaced (main before its chains became loops), kept as the oracle:
 * walks the DP's table from its last cell, the better branch first, for distinct patterns worth more
 * than `more.above` other than `first`, within `more.steps` cells looked at; an item already in
 * `more.perItem` of the patterns kept is not taken again.
 */
function recursiveWalk(dp: WalkTable, first: Int32Array, more: WalkAsk): Int32Array[] {
  const { t, width, n, slack, item, times, weights, values, g, m, banned, gain, exactLoads } = dp;
  const used = new Int32Array(m);
  for (let i = 0; i < m; i++) if ((first[i] ?? 0) > 0) used[i] = 1;
  const out: Int32Array[] = [];
  const seen = new Set<string>([first.join(',')]);
  const chosen: number[] = [];
  let steps = 0;
  // Value of chunks 0..c at room r, as the table has it (the empty packing below chunk 0).
  // With a ban the table holds exact loads: the empty packing is at 0 and every end within the slack
  // of the capacity is a start of the walk.
  const empty = exactLoads ? 0 : slack;
  const at = (c: number, r: number): number =>
    c < 0 ? (r <= empty ? 0 : Number.NEGATIVE_INFINITY) : (t[c * width + r] ?? Number.NEGATIVE_INFINITY);
  const tol = 1e-6 * Math.max(1, Math.abs(more.above));
  const bar = more.above + tol;
  const chunkWeight = item.map((i, c) => ((weights[i] ?? 0) / g) * (times[c] ?? 0));
  // 'found' unwinds the whole walk, which starts again from the top: the choices above the new pattern
  // may hold pieces that `perItem` now forbids.
  const visit = (c: number, r: number, acc: number): 'stop' | 'found' | 'done' => {
    if (++steps > more.steps) return 'stop';
    if (c < 0) {
      const counts = new Int32Array(m);
      for (const ch of chosen) counts[item[ch] ?? 0] = (counts[item[ch] ?? 0] ?? 0) + (times[ch] ?? 0);
      const key = counts.join(',');
      if (seen.has(key)) return 'done';
      seen.add(key);
      out.push(counts);
      for (let i = 0; i < m; i++) if ((counts[i] ?? 0) > 0) used[i] = (used[i] ?? 0) + 1;
      return 'found';
    }
    const i = item[c] ?? 0;
    const w = chunkWeight[c] ?? 0;
    // Taking the chunk: its value, the arc duals it earns from r − w, and the best below; −∞ where it
    // does not fit, its item is used up (`perItem`) or the move is banned. No arrays made: this runs
    // for every cell the walk looks at.
    let v = 0;
    let takeValue = Number.NEGATIVE_INFINITY;
    if (w <= r && (used[i] ?? 0) < more.perItem && !banned?.(c, r - w)) {
      v = (values[i] ?? 0) * (times[c] ?? 0) + (gain ? gain.at(c, r - w) : 0);
      takeValue = acc + v + at(c - 1, r - w);
    }
    const skipValue = acc + at(c - 1, r);
    const takeFirst = takeValue >= skipValue;
    for (let k = 0; k < 2; k++) {
      const taking = k === 0 ? takeFirst : !takeFirst;
      if (!((taking ? takeValue : skipValue) > bar)) continue;
      if (taking) chosen.push(c);
      const next = taking ? visit(c - 1, r - w, acc + v) : visit(c - 1, r, acc);
      if (taking) chosen.pop();
      if (next !== 'done') return next;
    }
    return 'done';
  };
  if (!exactLoads) {
    while (out.length < more.count && visit(n - 1, width - 1, 0) === 'found') chosen.length = 0;
    return out;
  }
  const ends: number[] = [];
  for (let r = width - 1; r >= width - 1 - slack && r >= 0; r--) ends.push(r);
  ends.sort((a, b) => {
    const d = at(n - 1, b) - at(n - 1, a);
    return d > 0 ? 1 : d < 0 ? -1 : b - a;
  });
  for (let again = true; again && out.length < more.count; ) {
    again = false;
    for (const end of ends) {
      chosen.length = 0;
      const got = visit(n - 1, end, 0);
      if (got === 'stop') return out;
      if (got === 'found') {
        again = true;
        break;
      }
    }
  }
  return out;
}

const level = fc.constantFrom(Number.NEGATIVE_INFINITY, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3);

const instance = fc.record({
  chunks: fc.array(
    fc.record({ item: fc.integer({ min: 0, max: 4 }), times: fc.integer({ min: 1, max: 3 }) }),
    { minLength: 1, maxLength: 9 },
  ),
  weights: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 }),
  values: fc.array(fc.constantFrom(0, 0.25, 0.5, 1, 1.5), { minLength: 5, maxLength: 5 }),
  g: fc.constantFrom(1, 2),
  width: fc.integer({ min: 1, max: 24 }),
  slack: fc.integer({ min: 0, max: 4 }),
  exactLoads: fc.boolean(),
  cells: fc.array(level, { minLength: 9 * 24, maxLength: 9 * 24 }),
  bannedSeed: fc.option(fc.integer({ min: 1, max: 1_000 })),
  gainSeed: fc.option(fc.integer({ min: 1, max: 1_000 })),
  first: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 5, maxLength: 5 }),
  above: fc.constantFrom(-1, 0, 0.5, 1, 2),
  count: fc.integer({ min: 1, max: 6 }),
  perItem: fc.integer({ min: 1, max: 3 }),
  steps: fc.integer({ min: 1, max: 400 }),
});

describe('patternsAbove with its chains as loops', () => {
  it('returns the bars of the recursive walk, in its order, cut where the step cap cut it', () => {
    fc.assert(
      fc.property(instance, (p) => {
        const n = p.chunks.length;
        const t = Float32Array.from(p.cells.slice(0, n * p.width));
        const banned = p.bannedSeed
          ? (c: number, from: number): boolean => (c * 7 + from * 13 + (p.bannedSeed ?? 0)) % 5 === 0
          : null;
        const gain: ChunkGain | null = p.gainSeed
          ? {
              has: () => true,
              at: (c, from) => (((c * 11 + from * 3 + (p.gainSeed ?? 0)) % 4) - 1) * 0.25,
            }
          : null;
        const dp: WalkTable = {
          t,
          width: p.width,
          n,
          slack: p.slack,
          item: p.chunks.map((c) => c.item),
          times: p.chunks.map((c) => c.times),
          weights: p.weights.map((w) => w * p.g),
          values: Float64Array.from(p.values),
          g: p.g,
          m: 5,
          banned,
          gain,
          exactLoads: p.exactLoads,
        };
        const ask: WalkAsk = { above: p.above, count: p.count, perItem: p.perItem, steps: p.steps };
        const first = Int32Array.from(p.first);
        expect(patternsAbove(dp, first, ask)).toEqual(recursiveWalk(dp, first, ask));
      }),
      { seed: 20261207, numRuns: 3000 },
    );
  });

  it.each([
    { label: 'three steps stop one short of the first new bar', steps: 3, bars: 0 },
    { label: 'four steps: the top, a chunk, the first bar seen, a new bar', steps: 4, bars: 1 },
    { label: 'no cap to speak of finds both other bars', steps: 1_000, bars: 2 },
  ])('stops at its step cap like the recursive walk ($label)', ({ steps, bars }) => {
    // Two chunks of weight 1, value 1 each, room 2: bars {a, b} (first), {a}, {b} worth 2, 1, 1 over 0.5.
    const t = Float32Array.from([0, 1, 1, 0, 1, 2]);
    const dp: WalkTable = {
      t,
      width: 3,
      n: 2,
      slack: 2,
      item: [0, 1],
      times: [1, 1],
      weights: [1, 1],
      values: Float64Array.of(1, 1),
      g: 1,
      m: 2,
      banned: null,
      gain: null,
      exactLoads: false,
    };
    const ask: WalkAsk = { above: 0.5, count: 4, perItem: 2, steps };
    const got = patternsAbove(dp, Int32Array.of(1, 1), ask);
    expect(got).toEqual(recursiveWalk(dp, Int32Array.of(1, 1), ask));
    expect(got).toHaveLength(bars);
  });
});
