import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import { startHighsCompile } from './highs-compile.ts';
import { primeSolver } from './prime.ts';
import { createLpEngine, realCore } from './real-core.ts';

describe('startHighsCompile', () => {
  it('compiles the highs.wasm beside the entry, and the engine made from it solves the priming job', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cutplan-highs-compile-'));
    try {
      await copyFile(createRequire(import.meta.url).resolve('highs/runtime'), join(dir, 'highs.wasm'));
      const compiling = startHighsCompile(pathToFileURL(join(dir, 'index.mjs')).href);
      expect(compiling).toBeInstanceOf(Promise);
      const lp = await createLpEngine({ module: await (compiling ?? Promise.reject(new Error('none'))) });
      expect(await primeSolver(realCore, lp, systemClock)).toEqual(expect.any(Number));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts nothing when there is no wasm beside the entry (the sources are running)', () => {
    expect(startHighsCompile(import.meta.url)).toBeUndefined();
  });
});
