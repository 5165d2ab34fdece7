/**
 * The exact packing within a total value: against brute force on small instances (it packs whenever a
 * packing exists and proves impossible only when none does), every packing it returns fits, and it keeps
 * to its operations.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PackKind, packWithinValue, type ValuePackOutcome } from './value-pack.ts';

interface Instance {
  readonly weights: number[];
  readonly counts: number[];
  readonly kinds: PackKind[];
  readonly target: number;
}

/** The least total value of any packing (every piece in a bar of some kind within its supply), by brute force. */
function leastValue(inst: Instance): number {
  const pieces = inst.weights.flatMap((w, i) => Array.from({ length: inst.counts[i] ?? 0 }, () => w));
  const bars: { kind: number; free: number }[] = [];
  const used = inst.kinds.map(() => 0);
  let best = Number.POSITIVE_INFINITY;
  const go = (p: number, value: number): void => {
    if (value >= best) return;
    const w = pieces[p];
    if (w === undefined) {
      best = value;
      return;
    }
    for (const bar of bars) {
      if (bar.free < w) continue;
      bar.free -= w;
      go(p + 1, value);
      bar.free += w;
    }
    inst.kinds.forEach((kind, k) => {
      if ((used[k] ?? 0) >= kind.supply || kind.capacity < w) return;
      used[k] = (used[k] ?? 0) + 1;
      bars.push({ kind: k, free: kind.capacity - w });
      go(p + 1, value + kind.value);
      bars.pop();
      used[k] = (used[k] ?? 0) - 1;
    });
  };
  go(0, 0);
  return best;
}

/** Why a packing is not one of `inst` within its target, or null. */
function flaw(inst: Instance, out: ValuePackOutcome): string | null {
  if (out.status !== 'packed') return null;
  const cut = inst.weights.map(() => 0);
  const used = inst.kinds.map(() => 0);
  let value = 0;
  for (const bar of out.bars) {
    const kind = inst.kinds[bar.kind];
    if (!kind) return `bar of kind ${bar.kind}`;
    let load = 0;
    bar.counts.forEach((c, i) => {
      load += c * (inst.weights[i] ?? 0);
      cut[i] = (cut[i] ?? 0) + c;
    });
    if (load > kind.capacity) return `load ${load} over ${kind.capacity}`;
    used[bar.kind] = (used[bar.kind] ?? 0) + 1;
    value += kind.value;
  }
  if (cut.some((c, i) => c !== inst.counts[i])) return `cuts ${cut} for ${inst.counts}`;
  if (used.some((u, k) => u > (inst.kinds[k]?.supply ?? 0))) return `uses ${used}`;
  if (value > inst.target) return `value ${value} over ${inst.target}`;
  return null;
}

const instance: fc.Arbitrary<Instance> = fc
  .record({
    lengths: fc.uniqueArray(fc.integer({ min: 2, max: 40 }), { minLength: 1, maxLength: 4 }),
    counts: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 4, maxLength: 4 }),
    kinds: fc.array(
      fc.record({
        capacity: fc.integer({ min: 10, max: 60 }),
        value: fc.integer({ min: 0, max: 9 }),
        supply: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant(Number.POSITIVE_INFINITY)),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    slackTarget: fc.integer({ min: -3, max: 3 }),
  })
  .map(({ lengths, counts, kinds, slackTarget }) => {
    const weights = [...lengths].sort((a, b) => b - a);
    const c = weights.map((_, i) => counts[i] ?? 1);
    // At most seven pieces, so brute force stays quick.
    while (c.reduce((a, b) => a + b, 0) > 7) {
      const i = c.findIndex((x) => x > 1);
      if (i < 0) break;
      c[i] = (c[i] ?? 1) - 1;
    }
    const inst = { weights, counts: c, kinds, target: 0 };
    const least = leastValue(inst);
    return { ...inst, target: Number.isFinite(least) ? Math.max(0, least + slackTarget) : 20 };
  });

describe('packWithinValue', () => {
  it('packs near-perfect bars of two lengths (cost in proportion to length)', () => {
    // 10 = 6 + 4 = 7 + 3, 6 = 3 + 3; two 10s and one 6 cost 5 + 5 + 3 = 13.
    const inst: Instance = {
      weights: [7, 6, 4, 3],
      counts: [1, 1, 1, 3],
      kinds: [
        { capacity: 10, value: 5, supply: Number.POSITIVE_INFINITY },
        { capacity: 6, value: 3, supply: Number.POSITIVE_INFINITY },
      ],
      target: 13,
    };
    const out = packWithinValue({ ...inst, opLimit: 10_000 });
    expect(out.status).toBe('packed');
    expect(flaw(inst, out)).toBeNull();
    // One unit less: no packing (13 is the least: 26 of length at 0.5 a unit).
    expect(packWithinValue({ ...inst, target: 12, opLimit: 10_000 }).status).toBe('impossible');
  });

  it('finds the packing that needs the dearer bar when the cheap supply runs out', () => {
    const inst: Instance = {
      weights: [9, 5],
      counts: [2, 2],
      kinds: [
        { capacity: 14, value: 2, supply: 1 },
        { capacity: 14, value: 3, supply: 5 },
      ],
      target: 5,
    };
    const out = packWithinValue({ ...inst, opLimit: 10_000 });
    expect(out.status).toBe('packed');
    expect(flaw(inst, out)).toBeNull();
    expect(packWithinValue({ ...inst, target: 4, opLimit: 10_000 }).status).toBe('impossible');
  });

  it('agrees with brute force: packed exactly when a packing within the target exists', () => {
    fc.assert(
      fc.property(instance, (inst) => {
        const out = packWithinValue({ ...inst, opLimit: 1_000_000 });
        expect(out.status).not.toBe('unknown');
        expect(out.status === 'packed').toBe(leastValue(inst) <= inst.target);
        expect(flaw(inst, out)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('keeps to its operations, and gives up only past them', () => {
    fc.assert(
      fc.property(instance, fc.integer({ min: 1, max: 200 }), (inst, opLimit) => {
        const out = packWithinValue({ ...inst, opLimit });
        expect(out.ops).toBeLessThanOrEqual(opLimit + 1);
        if (out.status === 'unknown') expect(out.ops).toBeGreaterThan(opLimit);
        else {
          expect(out.status === 'packed').toBe(leastValue(inst) <= inst.target);
          expect(flaw(inst, out)).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('repeats a preferred pattern where it fits, instead of its own first fill', () => {
    // 20 of length into two full bars of 10: 5 + 5 and 3 + 3 + 2 + 2 (its own order), or 5 + 3 + 2 twice.
    const inst: Instance = {
      weights: [5, 3, 2],
      counts: [2, 2, 2],
      kinds: [{ capacity: 10, value: 1, supply: Number.POSITIVE_INFINITY }],
      target: 2,
    };
    const plain = packWithinValue({ ...inst, opLimit: 10_000 });
    expect(plain.status === 'packed' && plain.bars.map((b) => [...b.counts])).toEqual([
      [2, 0, 0],
      [0, 2, 2],
    ]);
    const preferred = [{ kind: 0, counts: Int32Array.from([1, 1, 1]) }];
    const out = packWithinValue({ ...inst, opLimit: 10_000, preferred });
    expect(out.status === 'packed' && out.bars.map((b) => [...b.counts])).toEqual([
      [1, 1, 1],
      [1, 1, 1],
    ]);
    // Preferred bars that overfill, or that hold more than the pieces, are never used.
    const bad = [
      { kind: 0, counts: Int32Array.from([2, 1, 0]) },
      { kind: 0, counts: Int32Array.from([0, 0, 5]) },
    ];
    const same = packWithinValue({ ...inst, opLimit: 10_000, preferred: bad });
    expect(same.status === 'packed' && same.bars.map((b) => [...b.counts])).toEqual([
      [2, 0, 0],
      [0, 2, 2],
    ]);
  });

  it('agrees with brute force whatever bars it is told to prefer (only the order changes)', () => {
    const bar = fc.record({
      kind: fc.integer({ min: 0, max: 2 }),
      counts: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
    });
    fc.assert(
      fc.property(instance, fc.array(bar, { maxLength: 6 }), (inst, bars) => {
        const m = inst.weights.length;
        const preferred = bars
          .filter((b) => b.kind < inst.kinds.length)
          .map((b) => ({ kind: b.kind, counts: Int32Array.from(b.counts.slice(0, m)) }));
        const out = packWithinValue({ ...inst, opLimit: 1_000_000, preferred });
        expect(out.status).not.toBe('unknown');
        expect(out.status === 'packed').toBe(leastValue(inst) <= inst.target);
        expect(flaw(inst, out)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
