/**
 * What the contract says the optimise endpoint answers, through the real handler, parser, solver and
 * verifier (issue 32): a `timeLimit` over the tier's budget is capped and said so in `meta`; too many
 * pieces is 413 `partsLimit` naming the part; finite supply without a plan found and without a proof
 * that none exists is 422 `noPlanFound`, refunded.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../core/budget.ts';
import { createLpEngine } from '../../core/optimise.ts';
import { makeOptimiseHandler } from '../../functions/handlers/index.ts';
import { realCore } from '../../functions/shared/real-core.ts';
import type { TierName } from '../../functions/shared/tiers.ts';
import { postJson, sampleEvent } from '../support/api-event.ts';
import { collectingLogger, collectingTelemetry, recordingAdmitter } from '../support/handlers.ts';
import { stepClock } from '../support/solver.ts';

const lp = createLpEngine();

async function call(body: unknown, options: { tier?: TierName; clock?: Clock; event?: string } = {}) {
  const admitter = recordingAdmitter({ tier: options.tier ?? 'public' });
  const handler = makeOptimiseHandler({
    core: realCore,
    lp: await lp,
    clock: options.clock ?? stepClock(0.01),
    admitter,
    poweredBy: 'cutplan test',
    log: collectingLogger(),
    telemetry: collectingTelemetry(),
  });
  const res = await handler(options.event ? sampleEvent(options.event) : postJson('/v1/optimise', body));
  return { status: res.statusCode, body: JSON.parse(res.body), admitter };
}

describe('timeLimit above the tier budget is capped, never refused', () => {
  it.each([
    ['public', 5000, 20],
    ['starter', 5000, 60],
    ['scale', 3601, 300],
  ] as const)('on %s, timeLimit %i runs with %i s and says so in meta', async (tier, sent, applied) => {
    const r = await call({ parts: '500x4', stock: 1000, timeLimit: sent }, { tier });
    expect(r.status).toBe(200);
    expect(r.body.meta).toMatchObject({ tier, timeLimit: applied, requestedTimeLimit: sent });
  });

  it('a timeLimit within the budget is applied as sent, with no requestedTimeLimit', async () => {
    const r = await call({ parts: '500x4', stock: 1000, timeLimit: 2.5 });
    expect(r.status).toBe(200);
    expect(r.body.meta.timeLimit).toBe(2.5);
    expect(r.body.meta).not.toHaveProperty('requestedTimeLimit');
  });

  it.each([
    [0, 'timeLimit: must be > 0 seconds, got 0'],
    [-1, 'timeLimit: must be > 0 seconds, got -1'],
    ['60', 'timeLimit: must be a number, got "60"'],
  ])('still refuses timeLimit %j with 400', async (timeLimit, detail) => {
    const r = await call({ parts: '500x4', stock: 1000, timeLimit });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'validation', detail });
  });
});

describe('too many pieces is 413 partsLimit naming the part and the cap', () => {
  it('a line over every tier: refused at parse time, before admission', async () => {
    const r = await call({ parts: '500x3, 2400x200000', stock: 6000 });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('partsLimit');
    expect(r.body.detail).toMatch(
      /^parts\[1\] "2400x200000": quantity 200000 is more than any tier allows \(at most 100000/,
    );
    expect(r.admitter.calls).toHaveLength(0);
  });

  it('a line over the caller’s tier: the admitter is told which line is largest', async () => {
    const r = await call({
      parts: [
        [500, 3],
        [2400, 350, 'rail'],
      ],
      stock: 6000,
    });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('partsLimit');
    expect(r.admitter.calls[0]?.size).toEqual({
      totalParts: 353,
      distinctLines: 2,
      largestLine: { name: 'parts[1] ("rail", 2400)', quantity: 350 },
    });
  });
});

describe('finite supply with no plan found in the time limit', () => {
  // 5+3+2 and 4+3+3 fill both 10s, but first-fit decreasing finds no plan; a 1 ms budget ends at once.
  const tight = { parts: '5x1, 4x1, 3x3, 2x1', stocks: [{ length: 10, quantity: 2 }], timeLimit: 0.001 };
  const rushed = (): Clock => {
    let t = 0;
    return { now: () => 1_800_000_000_000, monotonic: () => (t += 5) };
  };

  it.each([
    ['square ends', tight],
    ['angle cuts', { ...tight, angleCuts: { enabled: true, width: 1 } }],
  ])('%s: 422 noPlanFound suggesting a longer timeLimit, and the call is refunded', async (_, body) => {
    const r = await call(body, { clock: rushed() });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('noPlanFound');
    expect(r.body.detail).toMatch(/no plan .* was found in the time limit .*send a longer timeLimit/);
    expect(r.admitter.releases).toEqual(['failed']);
  });

  it('a proof that no plan exists stays 400 validation, naming the proof', async () => {
    const r = await call({ parts: '6x3', stocks: [{ length: 10, quantity: 2 }] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/^untagged material: .*proven by the linear relaxation/);
  });
});

describe('the sample events that show these answers', () => {
  it.each([
    ['optimise/post-time-limit-capped.json', 200, { meta: { timeLimit: 20, requestedTimeLimit: 600 } }],
    ['optimise/post-too-many-parts.json', 413, { error: 'partsLimit' }],
  ])('%s answers %i', async (event, status, shape) => {
    const r = await call(null, { event });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject(shape);
  });
});
