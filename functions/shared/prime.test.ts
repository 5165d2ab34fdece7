import { describe, expect, it } from 'vitest';
import { manualClock } from '../../core/budget.ts';
import type { CompositeEngine } from '../../core/lp/index.ts';
import { systemClock } from './clock.ts';
import { PRIMING_JOB, primeSolver, primingWanted } from './prime.ts';
import { createLpEngine, primingEngines, realCore } from './real-core.ts';

describe('primeSolver', () => {
  it('solves the priming job through the LP (one master at least), within its budget', async () => {
    const engine = await createLpEngine();
    let masters = 0;
    const lp = {
      ...engine,
      createMaster: (...args: Parameters<typeof engine.createMaster>) => {
        masters += 1;
        return engine.createMaster(...args);
      },
    };
    const ms = await primeSolver(realCore, [lp], systemClock);
    expect(ms).toEqual(expect.any(Number));
    expect(masters).toBeGreaterThanOrEqual(1);
  });

  it('primes both the dense simplex and HiGHS on the service engine', async () => {
    const engine = (await createLpEngine()) as CompositeEngine;
    expect(engine.stats).toMatchObject({ dense: 0, highs: 0 });
    expect(await primeSolver(realCore, primingEngines(engine), systemClock)).toEqual(expect.any(Number));
    // The plain engine alone would leave highs at 0: HiGHS's lazily compiled wasm would wait for a caller.
    expect(engine.stats.dense).toBeGreaterThanOrEqual(1);
    expect(engine.stats.highs).toBeGreaterThanOrEqual(1);
  });

  it('stops at the first engine that fails', async () => {
    let calls = 0;
    const failing = {
      ...realCore,
      optimise: () => {
        calls += 1;
        return Promise.reject(new Error('no'));
      },
    };
    expect(await primeSolver(failing, [null, null], manualClock())).toEqual(new Error('no'));
    expect(calls).toBe(1);
  });

  it('reports a failure instead of throwing', async () => {
    const broken = { ...realCore, optimise: () => Promise.reject(new Error('no')) };
    expect(await primeSolver(broken, [null], manualClock())).toEqual(new Error('no'));
    const refusing = {
      ...realCore,
      parseOptimiseBody: () => ({ ok: false as const, error: new Error('bad') }),
    } as unknown as typeof realCore;
    expect(await primeSolver(refusing, [null], manualClock())).toBeInstanceOf(Error);
  });

  it('is on unless CUTPLAN_PRIME=0', () => {
    expect(primingWanted({})).toBe(true);
    expect(primingWanted({ CUTPLAN_PRIME: '1' })).toBe(true);
    expect(primingWanted({ CUTPLAN_PRIME: '0' })).toBe(false);
    expect(PRIMING_JOB.parts).toContain('x');
  });
});
