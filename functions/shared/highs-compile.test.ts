import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import { startHighsCompile } from './highs-compile.ts';
import { primeSolver } from './prime.ts';
import { createLpEngine, primingEngines, realCore } from './real-core.ts';

describe('startHighsCompile', () => {
  it('compiles the highs.wasm beside the entry, and the engine made from it solves the priming job', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cutplan-highs-compile-'));
    try {
      await copyFile(createRequire(import.meta.url).resolve('highs/runtime'), join(dir, 'highs.wasm'));
      const compiling = startHighsCompile(pathToFileURL(join(dir, 'index.mjs')).href);
      expect(compiling).toBeInstanceOf(Promise);
      const lp = await createLpEngine({ module: await (compiling ?? Promise.reject(new Error('none'))) });
      expect(await primeSolver(realCore, primingEngines(lp), systemClock)).toEqual(expect.any(Number));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('compiles a module whose hints V8 rejects, without them', async () => {
    // One function, and a hints section claiming two: V8 rejects the module under the hints flag.
    const name = [...Buffer.from('compilationHints')];
    const wasm = Uint8Array.from([
      ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
      ...[0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f],
      ...[0x03, 0x02, 0x01, 0x00],
      ...[0x00, 2 + name.length + 2, name.length, ...name, 0x02, 0x06, 0x06],
      ...[0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x01, 0x0b],
    ]);
    const dir = await mkdtemp(join(tmpdir(), 'cutplan-highs-compile-'));
    try {
      await writeFile(join(dir, 'highs.wasm'), wasm);
      const module = await startHighsCompile(pathToFileURL(join(dir, 'index.mjs')).href);
      expect(module).toBeDefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts nothing when there is no wasm beside the entry (the sources are running)', () => {
    expect(startHighsCompile(import.meta.url)).toBeUndefined();
  });
});
