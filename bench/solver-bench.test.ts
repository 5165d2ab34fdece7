import { describe, expect, it } from 'vitest';
import { createLpEngine } from '../core/optimise.ts';
import { practicalJob } from '../test/fixtures/practical.ts';
import { runTask, switchesOf, type Task } from './solver-bench.ts';

describe('switchesOf', () => {
  it.each([
    [{}, {}],
    [{ off: [], on: [] }, {}],
    [{ off: ['full-bars'] }, { off: new Set(['full-bars']) }],
    [{ on: ['pool-large'] }, { on: new Set(['pool-large']) }],
    [
      { off: ['full-bars', 'rc-fixing'], on: ['pool-large', 'plunge'] },
      { off: new Set(['full-bars', 'rc-fixing']), on: new Set(['pool-large', 'plunge']) },
    ],
  ] as const)('%j gives %j', (task, expected) => {
    expect(switchesOf(task)).toEqual(expected);
  });
});

describe('runTask with an opt-in technique on (`--hard --on`)', () => {
  it('reaches the search: slack-fill moves a tiny job’s pricing rounds', async () => {
    const lp = await createLpEngine();
    // Practical seed 3 (16 ms): slack-fill's completions find the plan at the bound sooner, proven in
    // 22 rounds against 57 (session 60); any other count will do, the same count means `on` was lost.
    const task: Task = {
      set: 'practical',
      name: 'seed 3',
      body: practicalJob(3),
      objective: 'practical',
      opt: null,
      proven: false,
      limitMs: 20_000,
    };
    const plain = await runTask({ ...task, variant: 'all on' }, lp);
    const on = await runTask({ ...task, on: ['slack-fill'], variant: 'slack-fill on' }, lp);
    expect([plain.error, on.error]).toEqual([null, null]);
    expect([plain.variant, on.variant]).toEqual(['all on', 'slack-fill on']);
    expect([plain.optimal, on.optimal]).toEqual([true, true]);
    expect(on.work?.rounds).toBeGreaterThan(0);
    expect(on.work?.rounds).not.toBe(plain.work?.rounds);
  });
});
