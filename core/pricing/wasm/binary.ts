/**
 * Just enough of the WebAssembly binary format to write the pricing DP's kernels from TypeScript
 * (docs/solver.md, "The pricing DP's sweep in WebAssembly SIMD"): LEB128 numbers, the sections of a
 * module that imports one memory and exports functions, and a code emitter whose methods are named
 * after the text format's instructions (SIMD ones behind the 0xFD prefix). The bytes are source, not
 * build output: no build step, the same in the service's bundle, the browser and the tests.
 */

/** Value types (the binary format's type codes). */
export const I32 = 0x7f as const;
export const F64 = 0x7c as const;
export const V128 = 0x7b as const;
export type ValueType = typeof I32 | typeof F64 | typeof V128;

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  if (!Number.isInteger(n) || n < 0) throw new Error(`uleb: ${n}`);
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

/** Signed LEB128 (for `i32.const`). */
export function sleb(n: number): number[] {
  if (!Number.isInteger(n)) throw new Error(`sleb: ${n}`);
  const out: number[] = [];
  for (;;) {
    const byte = ((n % 128) + 128) % 128;
    n = Math.floor(n / 128);
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

/** A name (UTF-8 bytes, length first). */
function name(s: string): number[] {
  const bytes = [...new TextEncoder().encode(s)];
  return [...uleb(bytes.length), ...bytes];
}

/** A vector: its length, then its items. */
function vec(items: readonly number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

/** Alignment (log2 of bytes) and offset of a load or store. */
function memarg(align: number, offset: number): number[] {
  return [...uleb(align), ...uleb(offset)];
}

/** An index of a local (parameters first, in order). */
export type Local = number;

/**
 * One function's body in stack form, one method an instruction (the text format's name in camel case).
 * Locals are declared by {@link Code.local} after the parameters; `end()` closes a block, loop or if.
 */
export class Code {
  private readonly ops: number[] = [];
  private readonly locals: ValueType[] = [];

  readonly params: readonly ValueType[];

  constructor(params: readonly ValueType[]) {
    this.params = params;
  }

  /** A new local of type `t`, its index. */
  local(t: ValueType): Local {
    this.locals.push(t);
    return this.params.length + this.locals.length - 1;
  }

  private op(...bytes: number[]): this {
    this.ops.push(...bytes);
    return this;
  }

  private simd(opcode: number, ...imm: number[]): this {
    return this.op(0xfd, ...uleb(opcode), ...imm);
  }

  block(): this {
    return this.op(0x02, 0x40);
  }
  loop(): this {
    return this.op(0x03, 0x40);
  }
  if(): this {
    return this.op(0x04, 0x40);
  }
  else(): this {
    return this.op(0x05);
  }
  end(): this {
    return this.op(0x0b);
  }
  /** Branch to the `depth`-th enclosing label (0: the innermost). */
  br(depth: number): this {
    return this.op(0x0c, ...uleb(depth));
  }
  brIf(depth: number): this {
    return this.op(0x0d, ...uleb(depth));
  }
  localGet(l: Local): this {
    return this.op(0x20, ...uleb(l));
  }
  localSet(l: Local): this {
    return this.op(0x21, ...uleb(l));
  }
  localTee(l: Local): this {
    return this.op(0x22, ...uleb(l));
  }
  i32Const(n: number): this {
    return this.op(0x41, ...sleb(n));
  }
  i32LtS(): this {
    return this.op(0x48);
  }
  i32Ne(): this {
    return this.op(0x47);
  }
  i32Eq(): this {
    return this.op(0x46);
  }
  i32Or(): this {
    return this.op(0x72);
  }
  i32And(): this {
    return this.op(0x71);
  }
  i32Mul(): this {
    return this.op(0x6c);
  }
  i64Const(n: number): this {
    return this.op(0x42, ...sleb(n));
  }
  i64ExtendI32U(): this {
    return this.op(0xad);
  }
  i32Load8U(offset = 0): this {
    return this.op(0x2d, ...memarg(0, offset));
  }
  i32Add(): this {
    return this.op(0x6a);
  }
  i32Sub(): this {
    return this.op(0x6b);
  }
  i32Shl(): this {
    return this.op(0x74);
  }
  i32ShrU(): this {
    return this.op(0x76);
  }
  f64Load(offset = 0): this {
    return this.op(0x2b, ...memarg(3, offset));
  }
  f32Store(offset = 0): this {
    return this.op(0x38, ...memarg(2, offset));
  }
  f64Store(offset = 0): this {
    return this.op(0x39, ...memarg(3, offset));
  }
  i32Store8(offset = 0): this {
    return this.op(0x3a, ...memarg(0, offset));
  }
  f64Gt(): this {
    return this.op(0x64);
  }
  f64Add(): this {
    return this.op(0xa0);
  }
  f32DemoteF64(): this {
    return this.op(0xb6);
  }
  v128Load(offset = 0): this {
    return this.simd(0x00, ...memarg(4, offset));
  }
  v128Store(offset = 0): this {
    return this.simd(0x0b, ...memarg(4, offset));
  }
  /** Bytes of the two operands (0–15 the first's, 16–31 the second's) picked into a new vector. */
  i8x16Shuffle(lanes: readonly number[]): this {
    if (lanes.length !== 16 || lanes.some((l) => !Number.isInteger(l) || l < 0 || l > 31))
      throw new Error('i8x16.shuffle: 16 lanes of 0..31');
    return this.simd(0x0d, ...lanes);
  }
  i8x16Splat(): this {
    return this.simd(0x0f);
  }
  i64x2Splat(): this {
    return this.simd(0x12);
  }
  f64x2Splat(): this {
    return this.simd(0x14);
  }
  i64x2ReplaceLane(lane: number): this {
    return this.simd(0x1e, lane);
  }
  i64x2Eq(): this {
    return this.simd(0xd6);
  }
  /** a & ~b, operands a, b. */
  v128Andnot(): this {
    return this.simd(0x4f);
  }
  f64x2Gt(): this {
    return this.simd(0x4a);
  }
  v128And(): this {
    return this.simd(0x4e);
  }
  /** (a & mask) | (b & ~mask), operands a, b, mask. */
  v128Bitselect(): this {
    return this.simd(0x52);
  }
  /** Stores 32-bit lane `lane` of the vector at the address. */
  v128Store32Lane(lane: number, offset = 0): this {
    return this.simd(0x5a, ...memarg(2, offset), lane);
  }
  f32x4DemoteF64x2Zero(): this {
    return this.simd(0x5e);
  }
  f64x2Add(): this {
    return this.simd(0xf0);
  }

  /** The body as the code section holds it: locals (runs of one type), instructions, `end`. */
  bytes(): number[] {
    const runs: number[][] = [];
    for (let k = 0; k < this.locals.length; ) {
      let j = k;
      while (j < this.locals.length && this.locals[j] === this.locals[k]) j++;
      runs.push([...uleb(j - k), this.locals[k] ?? I32]);
      k = j;
    }
    const body = [...vec(runs), ...this.ops, 0x0b];
    return [...uleb(body.length), ...body];
  }
}

/** An exported function of no results. */
export interface Func {
  readonly name: string;
  readonly code: Code;
}

/**
 * A module that imports its memory as `env.mem` (at least `minPages` 64 KiB pages) and exports
 * `funcs`, each taking its code's parameters and returning nothing.
 */
export function moduleBytes(funcs: readonly Func[], minPages = 1): Uint8Array {
  const types = funcs.map((f) => [0x60, ...vec(f.code.params.map((t) => [t])), ...vec([])]);
  const imports = [[...name('env'), ...name('mem'), 0x02, 0x00, ...uleb(minPages)]];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec(types)),
    ...section(2, vec(imports)),
    ...section(3, vec(funcs.map((_, k) => uleb(k)))),
    ...section(7, vec(funcs.map((f, k) => [...name(f.name), 0x00, ...uleb(k)]))),
    ...section(10, vec(funcs.map((f) => f.code.bytes()))),
  ]);
}
