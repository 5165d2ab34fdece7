/**
 * HiGHS's wasm as the solving bundles ship it: the package's `highs.wasm` with a `compilationHints` custom
 * section (V8's, read with `--experimental-wasm-compilation-hints`) that marks the functions a
 * container's init runs (HiGHS's start-up and the priming solve) for eager compilation. V8 compiles wasm
 * lazily, each function on the main thread at its first call; marked ones are compiled with the module,
 * on V8's background threads, while the main thread loads the bundle's JavaScript
 * (functions/shared/highs-compile.ts). The section changes nothing else: an engine without the flag
 * ignores it, and the module validates as before.
 *
 * The marked functions are recorded (`node infra/record-highs-hints.ts`) from V8's own trace of what it
 * compiles while the optimise bundle's init runs, for the exact `highs.wasm` they were recorded on (its
 * SHA-256): another HiGHS build fails the bundle build until they are recorded again.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** V8's name for the section (src/wasm/wasm-constants.h, `kCompilationHintsString`). */
export const COMPILATION_HINTS = 'compilationHints';

/** One hint byte a function: strategy eager (2), baseline tier Liftoff (1 << 2), top tier V8's default. */
export const EAGER_LIFTOFF = 0x06;

/** What infra/record-highs-hints.ts writes: the functions init compiles, and the wasm they belong to. */
export interface EagerFunctions {
  readonly highsWasmSha256: string;
  /** Function indices (imports counted, as V8 numbers them), ascending. */
  readonly functions: readonly number[];
}

export const EAGER_FUNCTIONS_FILE = join(import.meta.dirname, 'highs-eager-functions.json');

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The recorded functions, checked against the wasm they are for. */
export function eagerFunctionsFor(wasm: Uint8Array, file: string = EAGER_FUNCTIONS_FILE): readonly number[] {
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as EagerFunctions;
  if (recorded.highsWasmSha256 !== sha256(wasm)) {
    throw new Error(
      `${file} was recorded for another highs.wasm (the highs package changed): run \`node infra/record-highs-hints.ts\``,
    );
  }
  return recorded.functions;
}

interface Section {
  readonly id: number;
  readonly start: number;
  readonly body: number;
  readonly end: number;
}

/**
 * `wasm` with a compilation hints section before its code section (where V8 reads it: after the function
 * section, before the code), marking `eager` functions (indices counted with the imported functions).
 * Throws on a module that already has one, or on an index that is not a function defined in the module.
 */
export function addCompilationHints(wasm: Uint8Array, eager: readonly number[]): Uint8Array {
  const reader = new Reader(wasm);
  const sections = reader.sections();
  const byId = (id: number) => sections.find((s) => s.id === id);
  const code = byId(10);
  const functions = byId(3);
  if (code === undefined || functions === undefined) throw new Error('wasm: no function or code section');
  for (const s of sections)
    if (s.id === 0 && reader.at(s.body).name() === COMPILATION_HINTS)
      throw new Error('wasm: it has compilation hints already');
  const imported = reader.importedFunctions(byId(2));
  const declared = reader.at(functions.body).u32();
  const hints = new Uint8Array(declared);
  for (const index of eager) {
    const own = index - imported;
    if (!Number.isInteger(own) || own < 0 || own >= declared)
      throw new Error(`wasm: function ${index} is not one the module defines`);
    hints[own] = EAGER_LIFTOFF;
  }
  const name = new TextEncoder().encode(COMPILATION_HINTS);
  const payload = concat([leb(name.length), name, leb(declared), hints]);
  const section = concat([Uint8Array.of(0), leb(payload.length), payload]);
  return concat([wasm.subarray(0, code.start), section, wasm.subarray(code.start)]);
}

class Reader {
  private p = 0;
  private readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  at(position: number): this {
    this.p = position;
    return this;
  }

  u32(): number {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = this.byte();
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return result;
  }

  byte(): number {
    const b = this.bytes[this.p++];
    if (b === undefined) throw new Error('wasm: truncated');
    return b;
  }

  skip(n: number): void {
    this.p += n;
  }

  name(): string {
    const length = this.u32();
    const text = new TextDecoder().decode(this.bytes.subarray(this.p, this.p + length));
    this.p += length;
    return text;
  }

  sections(): Section[] {
    this.p = 8;
    const sections: Section[] = [];
    while (this.p < this.bytes.length) {
      const start = this.p;
      const id = this.byte();
      const size = this.u32();
      sections.push({ id, start, body: this.p, end: this.p + size });
      this.p += size;
    }
    return sections;
  }

  /** Imports of kind function (0); tables, memories, globals and tags are read past. */
  importedFunctions(imports: Section | undefined): number {
    if (imports === undefined) return 0;
    this.p = imports.body;
    let functions = 0;
    for (let i = this.u32(); i > 0; i--) {
      this.name();
      this.name();
      const kind = this.byte();
      if (kind === 0) {
        this.u32();
        functions += 1;
      } else if (kind === 1) {
        this.byte();
        this.limits();
      } else if (kind === 2) this.limits();
      else if (kind === 3) this.skip(2);
      else if (kind === 4) {
        this.byte();
        this.u32();
      } else throw new Error(`wasm: unknown import kind ${kind}`);
    }
    return functions;
  }

  private limits(): void {
    const flags = this.byte();
    this.u32();
    if (flags & 1) this.u32();
  }
}

function leb(value: number): Uint8Array {
  const out: number[] = [];
  let v = value;
  do {
    let b = v & 0x7f;
    v = Math.floor(v / 128);
    if (v > 0) b |= 0x80;
    out.push(b);
  } while (v > 0);
  return Uint8Array.from(out);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
