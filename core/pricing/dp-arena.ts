/**
 * The pricing DP's arrays in one WebAssembly memory, for the SIMD sweep (`wasm/sweep-kernel.ts`; technique
 * `wasm-sweep`, docs/solver.md, "The pricing DP's sweep in WebAssembly SIMD"). A DP call asks for its value
 * table `f`, its choice bitmap `take` and the walk's rows once, at its start; they are views of the memory,
 * which grows then if it must (never shrinks, like the plain buffers before it). Growing detaches every
 * older view, so a view lives for one call only: no caller keeps one. Where WebAssembly SIMD is missing,
 * the arrays exceed the arena or the technique is off, the call gets plain arrays and the JS loops.
 */
import { moduleBytes } from './wasm/binary.ts';
import { sweepFuncs } from './wasm/sweep-kernel.ts';

/**
 * The part of the WebAssembly JS API used here (the project's TypeScript library has no WebAssembly types;
 * core runs wherever the API exists, as `core/lp/highs.ts` does).
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
}

type SweepFn = (fOff: number, takeOff: number, w: number, v: number, top: number, bottom: number) => void;
type SweepRowsFn = (
  fOff: number,
  takeOff: number,
  rowsOff: number,
  w: number,
  v: number,
  top: number,
  bottom: number,
) => void;

/** A ban kernel's sweep: `banOff` the ban byte of start 0 in the chunk's item row, `g` bytes per load. */
type BanFn = (
  fOff: number,
  takeOff: number,
  banOff: number,
  g: number,
  w: number,
  v: number,
  top: number,
  bottom: number,
) => void;
type BanRowsFn = (
  fOff: number,
  takeOff: number,
  rowsOff: number,
  banOff: number,
  g: number,
  w: number,
  v: number,
  top: number,
  bottom: number,
) => void;

/** The compiled kernels (see `wasm/sweep-kernel.ts` for their arguments). */
export interface SweepKernels {
  readonly sweep: SweepFn;
  readonly sweepRows: SweepRowsFn;
  readonly sweepGain: SweepRowsFn;
  readonly sweepGainRows: (
    fOff: number,
    takeOff: number,
    rowsOff: number,
    gainOff: number,
    w: number,
    v: number,
    top: number,
    bottom: number,
  ) => void;
  /** One-copy chunks under a ban: without rows, with rows. */
  readonly sweepBan: BanFn;
  readonly sweepBanRows: BanRowsFn;
  /** One-copy chunks under a ban with arc gains (`gainOff` after `rowsOff` when there are rows). */
  readonly sweepGainBan: BanRowsFn;
  readonly sweepGainBanRows: (
    fOff: number,
    takeOff: number,
    rowsOff: number,
    gainOff: number,
    banOff: number,
    g: number,
    w: number,
    v: number,
    top: number,
    bottom: number,
  ) => void;
  /**
   * Multi-copy chunks under a ban, as the four above with `copies`, `step` (ban bytes between copies) and
   * `positions` (the ban row's bytes) after `g`.
   */
  readonly sweepBanCopies: (...args: number[]) => void;
  readonly sweepBanCopiesRows: (...args: number[]) => void;
  readonly sweepGainBanCopies: (...args: number[]) => void;
  readonly sweepGainBanCopiesRows: (...args: number[]) => void;
}

/**
 * Bytes the arena may hold: offsets stay below 2³¹ so the kernels' 32-bit address arithmetic never wraps
 * (ANI 1002's largest call, 100 M cells with rows, needs 500 MB).
 */
export const ARENA_MAX_BYTES = 2 ** 31 - 2 ** 16;
const PAGE = 65_536;

let memory: WasmMemory | null = null;
let kernels: SweepKernels | null = null;
/** Whether compiling was tried (once: it fails the same way every time). */
let tried = false;
/** The memory's current buffer: a view is the arena's when its buffer is this one. */
let live: ArrayBuffer | null = null;

/** The kernels compiled (once, synchronously, on first use), or null where WebAssembly SIMD is missing. */
function compiled(): SweepKernels | null {
  if (tried) return kernels;
  tried = true;
  try {
    const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    if (!api) return null;
    const bytes = moduleBytes(sweepFuncs());
    // False where the engine lacks SIMD (or anything else the module uses): the JS loops then.
    if (!api.validate(bytes)) return null;
    const mem = new api.Memory({ initial: 1 });
    const instance = new api.Instance(new api.Module(bytes), { env: { mem } });
    kernels = instance.exports as unknown as SweepKernels;
    memory = mem;
    live = mem.buffer;
  } catch {
    kernels = null;
    memory = null;
  }
  return kernels;
}

/** Whether the kernels compiled here (WebAssembly with SIMD). */
export function wasmSweepAvailable(): boolean {
  return compiled() !== null;
}

/** One DP call's arrays. */
export interface DpArrays {
  /** The value table, `width` cells, filled with `fill`. */
  readonly f: Float64Array;
  /** The choice bitmap (contents undefined: every cell is written before it is read). */
  readonly take: Uint8Array;
  /** The walk's rows, `rowCells` cells (contents undefined), or null when none were asked for. */
  readonly rows: Float32Array | null;
  /** Scratch f64 cells, `scratchCells` of them (the arc gains of a chunk), or null when none were asked for. */
  readonly scratch: Float64Array | null;
  /**
   * `banCells` bytes for a copy of the ban's cells, which the ban kernels read: an arena view, or null when
   * none were asked for or the arrays are plain (the JS loops read the ban itself).
   */
  readonly ban: Uint8Array | null;
}

/** What a DP call needs: `width` table cells, `takeCells` choices, `rowCells` row cells, `scratchCells`. */
export interface DpSizes {
  readonly width: number;
  readonly takeCells: number;
  readonly rowCells: number;
  readonly scratchCells?: number;
  readonly banCells?: number;
}

let plainTake = new Uint8Array(0);
let plainRows = new Float32Array(0);

const align16 = (n: number): number => Math.ceil(n / 16) * 16;

/**
 * The arrays for one DP call: views of the arena (the memory grown once, now, if it must) when `wasm` is
 * on and the kernels compiled and the arrays fit, else plain arrays (the choice bitmap and the rows reused
 * between calls, as before the arena). Valid until the next call of this function: keep none.
 */
export function dpArrays(sizes: DpSizes, fill: number, wasm = true): DpArrays {
  const { width, takeCells, rowCells } = sizes;
  const scratchCells = sizes.scratchCells ?? 0;
  const banCells = sizes.banCells ?? 0;
  if (wasm && compiled() && memory) {
    const fOff = 0;
    const scratchOff = align16(fOff + width * 8);
    const takeOff = align16(scratchOff + scratchCells * 8);
    const rowsOff = align16(takeOff + takeCells);
    const banOff = rowsOff + rowCells * 4;
    const end = banOff + banCells;
    if (end <= ARENA_MAX_BYTES && grown(end)) {
      const buffer = memory.buffer;
      return {
        f: new Float64Array(buffer, fOff, width).fill(fill),
        take: new Uint8Array(buffer, takeOff, takeCells),
        rows: rowCells > 0 ? new Float32Array(buffer, rowsOff, rowCells) : null,
        scratch: scratchCells > 0 ? new Float64Array(buffer, scratchOff, scratchCells) : null,
        ban: banCells > 0 ? new Uint8Array(buffer, banOff, banCells) : null,
      };
    }
  }
  if (plainTake.length < takeCells) plainTake = new Uint8Array(takeCells);
  if (rowCells > 0 && plainRows.length < rowCells) plainRows = new Float32Array(rowCells);
  return {
    f: new Float64Array(width).fill(fill),
    take: plainTake,
    rows: rowCells > 0 ? plainRows : null,
    scratch: scratchCells > 0 ? new Float64Array(scratchCells) : null,
    ban: null,
  };
}

/** The memory grown to at least `bytes` (false when it cannot grow: the call takes plain arrays). */
function grown(bytes: number): boolean {
  if (!memory) return false;
  const have = memory.buffer.byteLength;
  if (have >= bytes) return true;
  try {
    memory.grow(Math.ceil((bytes - have) / PAGE));
  } catch {
    return false;
  }
  live = memory.buffer;
  return true;
}

/**
 * The kernels when every array given is a live view of the arena (the kernel reads them by byte offset),
 * else null (plain arrays, an old view, the technique off): the caller then runs its JS loop.
 */
export function kernelsFor(
  f: Float64Array,
  take: Uint8Array,
  rows: Float32Array | undefined | null,
  gain?: Float64Array | null,
  ban?: Uint8Array | null,
): SweepKernels | null {
  if (live === null || f.buffer !== live || take.buffer !== live) return null;
  if (rows && rows.buffer !== live) return null;
  if (gain && gain.buffer !== live) return null;
  if (ban && ban.buffer !== live) return null;
  return kernels;
}
