import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { highsWasmPath } from './bundle.ts';
import {
  addCompilationHints,
  COMPILATION_HINTS,
  EAGER_LIFTOFF,
  eagerFunctionsFor,
  sha256,
} from './highs-hints.ts';

const wasmApi = (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } })
  .WebAssembly;

/** A module of one imported function and three defined ones (sections: type, import, function, export, code). */
const TINY = Uint8Array.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  // type: one () -> i32
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f,
  // import: "m" "f" func 0
  0x02, 0x07, 0x01, 0x01, 0x6d, 0x01, 0x66, 0x00, 0x00,
  // function: three of type 0
  0x03, 0x04, 0x03, 0x00, 0x00, 0x00,
  // code: three bodies returning 1, 2, 3
  0x0a, 0x10, 0x03, 0x04, 0x00, 0x41, 0x01, 0x0b, 0x04, 0x00, 0x41, 0x02, 0x0b, 0x04, 0x00, 0x41, 0x03, 0x0b,
]);

/** The custom sections of a module, by name, with their payloads after the name. */
function customSections(wasm: Uint8Array): { name: string; payload: Uint8Array; before: number | null }[] {
  const found: { name: string; payload: Uint8Array; before: number | null }[] = [];
  let p = 8;
  const u32 = () => {
    let r = 0;
    let s = 0;
    let b: number;
    do {
      b = wasm[p++] ?? 0;
      r += (b & 0x7f) * 2 ** s;
      s += 7;
    } while (b & 0x80);
    return r;
  };
  while (p < wasm.length) {
    const id = wasm[p++];
    const size = u32();
    const end = p + size;
    if (id === 0) {
      const length = u32();
      const name = new TextDecoder().decode(wasm.subarray(p, p + length));
      found.push({ name, payload: wasm.subarray(p + length, end), before: wasm[end] ?? null });
    }
    p = end;
  }
  return found;
}

describe('addCompilationHints', () => {
  it('adds one hint a defined function before the code section, eager Liftoff for the named ones', () => {
    const hinted = addCompilationHints(TINY, [1, 3]);
    expect(wasmApi.validate(hinted)).toBe(true);
    const [section, ...others] = customSections(hinted);
    expect(others).toEqual([]);
    expect(section?.name).toBe(COMPILATION_HINTS);
    // Three defined functions (the import is index 0): 1 and 3 eager, 2 left to V8.
    expect([...(section?.payload ?? [])]).toEqual([3, EAGER_LIFTOFF, 0, EAGER_LIFTOFF]);
    expect(section?.before).toBe(0x0a);
    // The rest of the module is unchanged.
    expect(hinted.length - TINY.length).toBe(2 + 1 + COMPILATION_HINTS.length + 1 + 3);
  });

  it('refuses an imported function, an index past the module, and a second hints section', () => {
    expect(() => addCompilationHints(TINY, [0])).toThrow(/function 0/);
    expect(() => addCompilationHints(TINY, [4])).toThrow(/function 4/);
    expect(() => addCompilationHints(addCompilationHints(TINY, [1]), [2])).toThrow(/already/);
  });

  it('keeps HiGHS valid, with the recorded functions marked', () => {
    const wasm = readFileSync(highsWasmPath());
    const eager = eagerFunctionsFor(wasm);
    expect(eager.length).toBeGreaterThan(100);
    const hinted = addCompilationHints(wasm, eager);
    expect(wasmApi.validate(hinted)).toBe(true);
    const hints = customSections(hinted).find((s) => s.name === COMPILATION_HINTS)?.payload;
    expect(hints?.filter((h) => h === EAGER_LIFTOFF).length).toBe(eager.length);
  });
});

describe('eagerFunctionsFor', () => {
  it('refuses a list recorded for another wasm', () => {
    const file = join(tmpdir(), `cutplan-eager-${process.pid}.json`);
    writeFileSync(file, JSON.stringify({ highsWasmSha256: sha256(TINY), functions: [1] }));
    expect(eagerFunctionsFor(TINY, file)).toEqual([1]);
    expect(() => eagerFunctionsFor(Uint8Array.of(0, 0x61, 0x73, 0x6d), file)).toThrow(/record-highs-hints/);
  });
});
