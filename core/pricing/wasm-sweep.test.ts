import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sweepRow } from './chunk-dp.ts';
import { dpArrays, kernelsFor, wasmSweepAvailable } from './dp-arena.ts';
import { solveKnapsacks } from './knapsack.ts';
import { sleb, uleb } from './wasm/binary.ts';
import { wasteLimitedKnapsack } from './waste-limited.ts';

// The WebAssembly SIMD sweep (technique `wasm-sweep`) must leave the table, the choices and the walk's
// rows exactly as the JS loop does: the JS loop on plain arrays is the reference, the kernel runs on views
// of the DP arena. Values come from a few levels so ties (cand = f[r]) and −∞ cells are common.

describe('LEB128', () => {
  it('encodes as the binary format spells numbers', () => {
    expect(uleb(0)).toEqual([0]);
    expect(uleb(127)).toEqual([0x7f]);
    expect(uleb(128)).toEqual([0x80, 0x01]);
    expect(uleb(624485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(sleb(-1)).toEqual([0x7f]);
    expect(sleb(63)).toEqual([0x3f]);
    expect(sleb(64)).toEqual([0xc0, 0x00]);
    expect(sleb(-64)).toEqual([0x40]);
    expect(sleb(-65)).toEqual([0xbf, 0x7f]);
    expect(sleb(-123456)).toEqual([0xc0, 0xbb, 0x78]);
  });
});

const level = fc.constantFrom(Number.NEGATIVE_INFINITY, 0, 0.25, 0.5, 0.75, 1, 1.5, 1 / 3, 2 / 3, 1e-9);
const table = fc.array(level, { minLength: 2, maxLength: 70 });

const sweepCase = fc
  .record({
    f: table,
    v: fc.oneof(fc.constantFrom(0, 0.25, 0.5, 1 / 3, 1e-9), fc.double({ min: 0, max: 2, noNaN: true })),
    wPick: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 69 })),
    topPick: fc.nat(),
    bottomPick: fc.nat(),
    chunk: fc.integer({ min: 0, max: 3 }),
    withRows: fc.boolean(),
    gain: fc.option(
      fc.array(
        level.filter((x) => x !== Number.NEGATIVE_INFINITY),
        { minLength: 70, maxLength: 70 },
      ),
    ),
    // A chunk's ban: bytes (1 bans; 0 and 2 do not), its row's start, the gcd stride.
    ban: fc.option(
      fc.record({
        bytes: fc.array(fc.constantFrom(0, 0, 1, 1, 2), { minLength: 3 * 70 + 5, maxLength: 3 * 70 + 5 }),
        row: fc.integer({ min: 0, max: 5 }),
        g: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 3 })),
        // A chunk of `copies` copies, `step` bytes apart, in a row of `positions` bytes (copyBanned).
        copies: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 4 })),
        step: fc.integer({ min: 1, max: 80 }),
        positions: fc.integer({ min: 1, max: 3 * 70 }),
      }),
    ),
  })
  .filter(({ f, wPick }) => wPick < f.length)
  .map((c) => {
    const width = c.f.length;
    const w = c.wPick;
    // Loads top down to bottom within [w, width − 1]; sometimes an empty range.
    const top = w + (c.topPick % (width - w));
    const bottom = w + (c.bottomPick % (top - w + 2));
    return { ...c, width, w, top, bottom };
  });

type SweepCase = typeof sweepCase extends fc.Arbitrary<infer T> ? T : never;

/** The case swept on plain arrays (JS) or on arena views (the kernel); the results copied out. */
function run(c: SweepCase, wasm: boolean): { f: Float64Array; take: Uint8Array; rows: Float32Array } {
  const cells = (c.chunk + 1) * c.width;
  const a = dpArrays(
    {
      width: c.width,
      takeCells: cells,
      rowCells: c.withRows ? cells : 0,
      scratchCells: c.gain ? c.width : 0,
      banCells: c.ban ? c.ban.bytes.length : 0,
    },
    0,
    wasm,
  );
  expect(kernelsFor(a.f, a.take, a.rows, a.scratch, a.ban) !== null).toBe(wasm);
  expect(a.ban !== null).toBe(wasm && c.ban !== null);
  a.f.set(c.f);
  a.take.fill(7);
  a.rows?.fill(Number.NaN);
  const base = c.chunk * c.width;
  if (c.ban) {
    const cells = a.ban ?? new Uint8Array(c.ban.bytes.length);
    cells.set(c.ban.bytes);
    const earns = c.gain ? (a.scratch ?? new Float64Array(0)) : null;
    earns?.set((c.gain ?? []).slice(0, c.width));
    banRow(a.f, a.take, base, c, earns, cells, a.rows ?? undefined, wasm);
  } else if (c.gain) {
    const earns = a.scratch ?? new Float64Array(0);
    earns.set(c.gain.slice(0, c.width));
    gainRow(a.f, a.take, base, c.w, c.v, c.top, c.bottom, earns, a.rows ?? undefined, wasm);
  } else sweepRow(a.f, a.take, base, c.w, c.v, c.top, c.bottom, a.rows ?? undefined);
  return {
    f: a.f.slice(),
    take: a.take.slice(0, cells),
    rows: a.rows ? a.rows.slice(0, cells) : new Float32Array(0),
  };
}

/** The arc-gain row: the kernel on arena views, else the JS loop of `sweepExact` (no ban). */
function gainRow(
  f: Float64Array,
  take: Uint8Array,
  base: number,
  w: number,
  v: number,
  top: number,
  bottom: number,
  earns: Float64Array,
  rows: Float32Array | undefined,
  wasm: boolean,
): void {
  const k = wasm && top >= bottom ? kernelsFor(f, take, rows, earns) : null;
  if (k) {
    if (rows)
      k.sweepGainRows(
        f.byteOffset,
        take.byteOffset + base,
        rows.byteOffset + base * 4,
        earns.byteOffset,
        w,
        v,
        top,
        bottom,
      );
    else k.sweepGain(f.byteOffset, take.byteOffset + base, earns.byteOffset, w, v, top, bottom);
    return;
  }
  for (let r = top; r >= bottom; r--) {
    const cand = (f[r - w] ?? 0) + v + (earns[r - w] ?? 0);
    if (cand > (f[r] ?? 0)) {
      f[r] = cand;
      take[base + r] = 1;
    } else take[base + r] = 0;
    if (rows) rows[base + r] = f[r] ?? 0;
  }
}

/**
 * A chunk's row under a ban: the kernel on arena views, else the JS loop of `sweepBanRow` and
 * `oneCopyBanRow` (a move from `from` refused where `cells[row + from · g]` is 1; with several copies,
 * where any copy's byte below the row's end is 1).
 */
function banRow(
  f: Float64Array,
  take: Uint8Array,
  base: number,
  c: SweepCase,
  earns: Float64Array | null,
  cells: Uint8Array,
  rows: Float32Array | undefined,
  wasm: boolean,
): void {
  const { w, v, top, bottom } = c;
  const { row, g, copies, step, positions } = c.ban ?? { row: 0, g: 1, copies: 1, step: 1, positions: 1 };
  const k = wasm && top >= bottom ? kernelsFor(f, take, rows, earns, cells) : null;
  if (k) {
    const [fo, to, bo] = [f.byteOffset, take.byteOffset + base, cells.byteOffset + row];
    const ro = (rows?.byteOffset ?? 0) + base * 4;
    const eo = earns?.byteOffset ?? 0;
    const [n, st, ps] = [copies, step, positions];
    if (copies > 1) {
      if (earns && rows) k.sweepGainBanCopiesRows(fo, to, ro, eo, bo, g, n, st, ps, w, v, top, bottom);
      else if (earns) k.sweepGainBanCopies(fo, to, eo, bo, g, n, st, ps, w, v, top, bottom);
      else if (rows) k.sweepBanCopiesRows(fo, to, ro, bo, g, n, st, ps, w, v, top, bottom);
      else k.sweepBanCopies(fo, to, bo, g, n, st, ps, w, v, top, bottom);
    } else if (earns && rows) k.sweepGainBanRows(fo, to, ro, eo, bo, g, w, v, top, bottom);
    else if (earns) k.sweepGainBan(fo, to, eo, bo, g, w, v, top, bottom);
    else if (rows) k.sweepBanRows(fo, to, ro, bo, g, w, v, top, bottom);
    else k.sweepBan(fo, to, bo, g, w, v, top, bottom);
    return;
  }
  for (let r = top; r >= bottom; r--) {
    const from = r - w;
    const cand = (f[from] ?? 0) + v + (earns ? (earns[from] ?? 0) : 0);
    if (cand > (f[r] ?? 0) && !anyCopyBanned(cells, row, from * g, copies, step, positions)) {
      f[r] = cand;
      take[base + r] = 1;
    } else take[base + r] = 0;
    if (rows) rows[base + r] = f[r] ?? 0;
  }
}

/**
 * `copyBanned` of waste-limited.ts: one copy's byte read as `oneCopyBanRow` does (its start lies within the
 * row there), several copies' bytes only below the row's `positions`.
 */
function anyCopyBanned(
  cells: Uint8Array,
  row: number,
  pos: number,
  copies: number,
  step: number,
  positions: number,
): boolean {
  if (copies === 1) return cells[row + pos] === 1;
  for (let t = 0, p = pos; t < copies; t++, p += step) if (p < positions && cells[row + p] === 1) return true;
  return false;
}

/** Bytes of a typed array, for comparison to the bit (NaN and −0 included). */
const bits = (a: Float64Array | Float32Array | Uint8Array): number[] =>
  Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

describe('the WebAssembly SIMD sweep (technique wasm-sweep)', () => {
  it('compiles here (Node has WebAssembly SIMD), so the properties below test the kernel', () => {
    expect(wasmSweepAvailable()).toBe(true);
  });

  it('leaves the same table, choices and rows as the JS loop, to the bit', () => {
    fc.assert(
      fc.property(sweepCase, (c) => {
        const js = run(c, false);
        const simd = run(c, true);
        expect(bits(simd.f)).toEqual(bits(js.f));
        expect(bits(simd.take)).toEqual(bits(js.take));
        expect(bits(simd.rows)).toEqual(bits(js.rows));
      }),
      { numRuns: 3000 },
    );
  });

  it('hands out views no longer live after a later call grows the memory: they are never swept', () => {
    const small = dpArrays({ width: 8, takeCells: 8, rowCells: 8 }, 0);
    expect(kernelsFor(small.f, small.take, small.rows)).not.toBeNull();
    // Far past what any earlier test asked for: the memory must grow, detaching `small`'s buffer.
    const big = dpArrays({ width: 1000, takeCells: 8_000_000, rowCells: 4_000_000 }, 0);
    expect(kernelsFor(big.f, big.take, big.rows)).not.toBeNull();
    expect(small.f.length).toBe(0);
    expect(kernelsFor(small.f, small.take, small.rows)).toBeNull();
    // The next call's views are live again, and filled as asked.
    const again = dpArrays({ width: 8, takeCells: 8, rowCells: 0 }, Number.NEGATIVE_INFINITY);
    expect(kernelsFor(again.f, again.take, again.rows)).not.toBeNull();
    expect([...again.f].every((x) => x === Number.NEGATIVE_INFINITY)).toBe(true);
    expect(again.rows).toBeNull();
  });
});

// Whole DPs with the technique on and off, calls of changing sizes in turn (the arena grows between them).
const knapsack = fc.record({
  items: fc.array(
    fc.record({
      value: fc.oneof(fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 1, noNaN: true })),
      weight: fc.integer({ min: 1, max: 60 }),
      bound: fc.integer({ min: 0, max: 6 }),
    }),
    { minLength: 1, maxLength: 9 },
  ),
  capacity: fc.integer({ min: 1, max: 400 }),
  limitPick: fc.nat(),
  arcs: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(0.25, -0.5, 1e-3)), { maxLength: 12 }),
  banSeed: fc.integer({ min: 1, max: 2 ** 30 }),
  banShare: fc.constantFrom(0.02, 0.2, 0.6),
});

function answers(k: typeof knapsack extends fc.Arbitrary<infer T> ? T : never, wasm: boolean): string {
  const sorted = [...k.items].sort((a, b) => b.weight - a.weight);
  const values = Float64Array.from(sorted, (i) => i.value);
  const weights = sorted.map((i) => i.weight);
  const bounds = Int32Array.from(sorted, (i) => i.bound);
  const limit = k.limitPick % (k.capacity + 1);
  const more = { above: 0.5, count: 4, perItem: 3, steps: 10_000 };
  const arcDuals = new Map<number, Map<number, number>>();
  for (const [p, j, d] of k.arcs) {
    const pos = p % k.capacity;
    const byItem = arcDuals.get(pos) ?? new Map<number, number>();
    byItem.set(j % sorted.length, d);
    arcDuals.set(pos, byItem);
  }
  const key = (
    a: { counts: Int32Array; value: number; extra?: readonly Int32Array[] } | null | undefined,
  ): string =>
    a
      ? `${bits(new Float64Array([a.value]))}|${a.counts.join(',')}|${(a.extra ?? []).map((e) => e.join(',')).join(';')}`
      : 'null';
  const plain = wasteLimitedKnapsack(values, weights, bounds, k.capacity, limit, more, null, null, wasm);
  const arc = wasteLimitedKnapsack(values, weights, bounds, k.capacity, limit, more, null, arcDuals, wasm);
  // A ban of item starts (reduced-cost fixing): one-copy chunks take the ban kernels, others the JS loop.
  const width = k.capacity + 1;
  const cells = new Uint8Array(sorted.length * width);
  let s = k.banSeed;
  for (let x = 0; x < cells.length; x++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    cells[x] = s / 2 ** 32 < k.banShare ? 1 : 0;
  }
  const ban = { width, cells };
  const banned = wasteLimitedKnapsack(values, weights, bounds, k.capacity, limit, more, ban, null, wasm);
  const both = wasteLimitedKnapsack(values, weights, bounds, k.capacity, limit, more, ban, arcDuals, wasm);
  const [dp] = solveKnapsacks({ values, weights: Int32Array.from(weights), bounds }, [k.capacity], {
    mode: 'exact',
    extras: 3,
    wasm,
  });
  return [key(plain), key(arc), key(banned), key(both), key(dp)].join(' / ');
}

describe('pricing DPs with wasm-sweep on and off', () => {
  it('answer alike (waste-limited plain, with arc duals, a ban or both; the plain knapsack)', () => {
    fc.assert(
      fc.property(knapsack, (k) => {
        expect(answers(k, true)).toBe(answers(k, false));
      }),
      { numRuns: 400 },
    );
  });
});
