/**
 * The pricing DP's row sweep (`sweepRow` in `../chunk-dp.ts`) as WebAssembly SIMD, four cells a step:
 * the same table, choices and walk rows to the bit (docs/solver.md, "The pricing DP's sweep in
 * WebAssembly SIMD"). Every function takes byte offsets into the imported memory: `f` (f64 per load),
 * `take` (one byte per load, the chunk row's start already added), `rows` (f32 per load, likewise) and,
 * for the arc-gain sweep, `gain` (f64 per load: the chunk's arc duals from each start); then the chunk's
 * grid weight `w ≥ 1`, its value `v`, and the loads `top` down to `bottom` (`bottom ≥ w`).
 *
 * Why four cells at once is exact: the descending 0/1 sweep's cell r reads f[r − w], and r − w < r is
 * swept later, so no cell reads a value written in this sweep; a step reads all four cells' inputs before
 * it writes, which holds for every w ≥ 1, w = 1 included. `f64x2.gt` then `v128.bitselect` keeps the old
 * value on ties and where both are −∞, as the scalar `cand > f[r]` does; `f32x4.demote_f64x2_zero`
 * rounds to nearest even as `Math.fround` (a Float32Array store) does. The last 0–3 cells go one by one.
 *
 * The ban kernels (a one-copy chunk under reduced-cost fixing, `sweepBanRow` and `oneCopyBanRow` in
 * `../waste-limited.ts`) take `ban` (the byte of start 0 in the chunk's item row, in the arena's copy of
 * the ban) and `g` (bytes per grid load) after the other offsets: a lane's mask is cleared where its
 * start's byte is 1 (`i64x2.eq` with 1, then `v128.andnot`), the JS loop's `&& cells[…] !== 1`.
 * The copies kernels (a multi-copy chunk under a ban, `copyBanned` there) also take `copies`, `step` (ban
 * bytes between copies) and `positions` (the row's bytes) after `g`: a start is banned when any of its
 * copies' bytes `ban + from · g + t · step` (t < copies) below `ban + positions` is 1, one byte at a time.
 */
import { Code, F64, type Func, I32, V128, type ValueType } from './binary.ts';

/**
 * Which sweep: with the walk's rows stored, with a chunk's arc gains added to each candidate, under a ban
 * (a one-copy chunk's move from load `from` refused where its ban byte at `ban + from · g` is 1).
 */
export interface SweepShape {
  readonly rows: boolean;
  readonly gain: boolean;
  readonly ban?: boolean;
  /** Under a ban, a chunk of several copies: a start is banned when any copy's byte is 1. */
  readonly copies?: boolean;
}

/** The kernels, by export name. */
export const SWEEP_KERNELS: Readonly<Record<string, SweepShape>> = {
  sweep: { rows: false, gain: false },
  sweepRows: { rows: true, gain: false },
  sweepGain: { rows: false, gain: true },
  sweepGainRows: { rows: true, gain: true },
  sweepBan: { rows: false, gain: false, ban: true },
  sweepBanRows: { rows: true, gain: false, ban: true },
  sweepGainBan: { rows: false, gain: true, ban: true },
  sweepGainBanRows: { rows: true, gain: true, ban: true },
  sweepBanCopies: { rows: false, gain: false, ban: true, copies: true },
  sweepBanCopiesRows: { rows: true, gain: false, ban: true, copies: true },
  sweepGainBanCopies: { rows: false, gain: true, ban: true, copies: true },
  sweepGainBanCopiesRows: { rows: true, gain: true, ban: true, copies: true },
};

/** Byte 0 of each 64-bit lane of two masks, in order (cells r−3, r−2 of the first, r−1, r of the second). */
const MASK_BYTES = [0, 8, 16, 24, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/** The two f32 lanes each demoted half holds, joined: four f32 in load order. */
const JOIN_LOW_HALVES = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23];

/** The body of one sweep kernel (`SWEEP_KERNELS` names them). */
export function sweepCode(shape: SweepShape): Code {
  // fOff, takeOff, [rowsOff], [gainOff], [banOff, g, [copies, step, positions]], w, v, top, bottom
  const many = shape.ban === true && shape.copies === true;
  const offsets: ValueType[] = [I32, I32];
  if (shape.rows) offsets.push(I32);
  if (shape.gain) offsets.push(I32);
  if (shape.ban) offsets.push(I32, I32);
  if (many) offsets.push(I32, I32, I32);
  const params: ValueType[] = [...offsets, I32, F64, I32, I32];
  const c = new Code(params);
  let p = 0;
  const fOff = p++;
  const takeOff = p++;
  const rowsOff = shape.rows ? p++ : -1;
  const gainOff = shape.gain ? p++ : -1;
  const banOff = shape.ban ? p++ : -1;
  const g = shape.ban ? p++ : -1;
  const copies = many ? p++ : -1;
  const step = many ? p++ : -1;
  const positions = many ? p++ : -1;
  const w = p++;
  const v = p++;
  const top = p++;
  const bottom = p++;
  const r = c.local(I32);
  const vv = c.local(V128);
  const pa = c.local(I32); // &f[r − 3]
  const ps = c.local(I32); // &f[r − 3 − w]
  const pg = shape.gain ? c.local(I32) : -1; // &gain[r − 3 − w]
  const a = c.local(V128);
  const b = c.local(V128);
  const ca = c.local(V128);
  const cb = c.local(V128);
  const ma = c.local(V128);
  const mb = c.local(V128);
  const cand = c.local(F64);
  const old = c.local(F64);
  const pb = shape.ban ? c.local(I32) : -1; // &ban[(r − 3 − w) · g]
  const one = shape.ban ? c.local(V128) : -1; // i64x2(1, 1)
  const lanes = shape.ban ? c.local(V128) : -1;
  const multi: Multi | null = many
    ? { copies, step, lim: c.local(I32), q: c.local(I32), t: c.local(I32), acc: c.local(I32) }
    : null;

  // vv = splat(v); r = top
  c.localGet(v).f64x2Splat().localSet(vv);
  c.localGet(top).localSet(r);
  if (shape.ban) c.i64Const(1).i64x2Splat().localSet(one);
  if (multi) c.localGet(banOff).localGet(positions).i32Add().localSet(multi.lim);

  // Four cells a step, r−3..r, while r − 3 ≥ bottom.
  c.block().loop();
  c.localGet(r).i32Const(3).i32Sub().localGet(bottom).i32LtS().brIf(1);
  c.localGet(fOff).localGet(r).i32Const(3).i32Sub().i32Const(3).i32Shl().i32Add().localSet(pa);
  c.localGet(pa).localGet(w).i32Const(3).i32Shl().i32Sub().localSet(ps);
  c.localGet(pa).v128Load(0).localSet(a);
  c.localGet(pa).v128Load(16).localSet(b);
  if (shape.gain) {
    // pg = gainOff + (r − 3 − w)·8 = ps − fOff + gainOff
    c.localGet(ps).localGet(fOff).i32Sub().localGet(gainOff).i32Add().localSet(pg);
  }
  // ca = f[r−3−w ..] + vv (+ gain[r−3−w ..]), likewise cb for the next two: the scalar loop's order.
  for (const [cx, off] of [
    [ca, 0],
    [cb, 16],
  ] as const) {
    c.localGet(ps).v128Load(off).localGet(vv).f64x2Add();
    if (shape.gain) c.localGet(pg).v128Load(off).f64x2Add();
    c.localSet(cx);
  }
  c.localGet(ca).localGet(a).f64x2Gt().localSet(ma);
  c.localGet(cb).localGet(b).f64x2Gt().localSet(mb);
  if (shape.ban) {
    // A banned start keeps the old cell: each mask's lane cleared where its start's ban byte is 1.
    c.localGet(ps).localGet(fOff).i32Sub().i32Const(3).i32ShrU().localGet(g).i32Mul();
    c.localGet(banOff).i32Add().localSet(pb);
    for (const [mx, k] of [
      [ma, 0],
      [mb, 2],
    ] as const) {
      banByte(c, pb, g, k, multi).i64ExtendI32U().i64x2Splat();
      banByte(c, pb, g, k + 1, multi)
        .i64ExtendI32U()
        .i64x2ReplaceLane(1);
      c.localGet(one).i64x2Eq().localSet(lanes);
      c.localGet(mx).localGet(lanes).v128Andnot().localSet(mx);
    }
  }
  c.localGet(ca).localGet(a).localGet(ma).v128Bitselect().localSet(a);
  c.localGet(cb).localGet(b).localGet(mb).v128Bitselect().localSet(b);
  c.localGet(pa).localGet(a).v128Store(0);
  c.localGet(pa).localGet(b).v128Store(16);
  // take[r−3 .. r] = the masks' bytes & 1
  c.localGet(takeOff).localGet(r).i32Const(3).i32Sub().i32Add();
  c.localGet(ma).localGet(mb).i8x16Shuffle(MASK_BYTES).i32Const(1).i8x16Splat().v128And();
  c.v128Store32Lane(0);
  if (shape.rows) {
    // rows[r−3 .. r] = f32(f[r−3 .. r])
    c.localGet(rowsOff).localGet(r).i32Const(3).i32Sub().i32Const(2).i32Shl().i32Add();
    c.localGet(a).f32x4DemoteF64x2Zero().localGet(b).f32x4DemoteF64x2Zero().i8x16Shuffle(JOIN_LOW_HALVES);
    c.v128Store(0);
  }
  c.localGet(r).i32Const(4).i32Sub().localSet(r);
  c.br(0).end().end();

  // The last cells one by one, as the scalar loop.
  c.block().loop();
  c.localGet(r).localGet(bottom).i32LtS().brIf(1);
  c.localGet(fOff).localGet(r).i32Const(3).i32Shl().i32Add().localSet(pa);
  c.localGet(pa).localGet(w).i32Const(3).i32Shl().i32Sub().localTee(ps).f64Load().localGet(v).f64Add();
  if (shape.gain) c.localGet(ps).localGet(fOff).i32Sub().localGet(gainOff).i32Add().f64Load().f64Add();
  c.localSet(cand);
  c.localGet(pa).f64Load().localSet(old);
  c.localGet(cand).localGet(old).f64Gt();
  if (shape.ban) {
    // && ban[(r − w) · g] ≠ 1
    c.localGet(ps).localGet(fOff).i32Sub().i32Const(3).i32ShrU().localGet(g).i32Mul();
    c.localGet(banOff).i32Add().localSet(pb);
    banByte(c, pb, g, 0, multi).i32Const(1).i32Ne().i32And();
  }
  c.if();
  c.localGet(pa).localGet(cand).f64Store();
  c.localGet(cand).localSet(old);
  c.localGet(takeOff).localGet(r).i32Add().i32Const(1).i32Store8();
  c.else();
  c.localGet(takeOff).localGet(r).i32Add().i32Const(0).i32Store8();
  c.end();
  if (shape.rows)
    c.localGet(rowsOff).localGet(r).i32Const(2).i32Shl().i32Add().localGet(old).f32DemoteF64().f32Store();
  c.localGet(r).i32Const(1).i32Sub().localSet(r);
  c.br(0).end().end();
  return c;
}

/** A copies kernel's locals: its parameters `copies` and `step`, the row's end, a byte, a count, a flag. */
interface Multi {
  readonly copies: number;
  readonly step: number;
  readonly lim: number;
  readonly q: number;
  readonly t: number;
  readonly acc: number;
}

/**
 * Pushes the ban byte of the step's `k`-th start (`pb + k · g`); in a copies kernel, 1 when any of its
 * copies' bytes below the row's end is 1, else 0 (`copyBanned`; only 1 means banned either way).
 */
function banByte(c: Code, pb: number, g: number, k: number, multi: Multi | null): Code {
  c.localGet(pb);
  if (k > 0) c.localGet(g).i32Const(k).i32Mul().i32Add();
  if (!multi) return c.i32Load8U();
  const { copies, step, lim, q, t, acc } = multi;
  c.localSet(q);
  c.i32Const(0).localSet(acc);
  c.localGet(copies).localSet(t);
  c.loop();
  c.localGet(q).localGet(lim).i32LtS().if();
  c.localGet(acc).localGet(q).i32Load8U().i32Const(1).i32Eq().i32Or().localSet(acc);
  c.end();
  c.localGet(q).localGet(step).i32Add().localSet(q);
  c.localGet(t).i32Const(1).i32Sub().localTee(t).brIf(0);
  c.end();
  return c.localGet(acc);
}

/** The kernels as one module's functions. */
export function sweepFuncs(): Func[] {
  return Object.entries(SWEEP_KERNELS).map(([name, shape]) => ({ name, code: sweepCode(shape) }));
}
