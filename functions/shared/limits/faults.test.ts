import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import {
  type FaultPlan,
  type FaultTiming,
  faultyClient,
  keyedCaller,
  networkError,
  publicCaller,
  setup,
  small,
  storedCount,
} from '../../../test/support/limits-table.ts';
import { BusyError } from '../errors.ts';
import { TIERS } from '../tiers.ts';
import { createAdmitter } from './admitter.ts';
import { createDynamoStore } from './dynamo-store.ts';
import { createKey } from './key-admin.ts';
import { countersFor } from './rate-limits.ts';

const dynamo = embeddedDynamoPerFile();

const throttled = () =>
  new ProvisionedThroughputExceededException({
    message: 'Rate of requests exceeds the allowed throughput',
    $metadata: {},
  });

const always =
  (command: string, timing: FaultTiming, error: () => Error): FaultPlan['decide'] =>
  (_call, name) =>
    name === command ? { timing, error } : null;

/** Fails only the n-th request of `command` (a fresh count for each plan made). */
const nth =
  (command: string, n: number, timing: FaultTiming, error: () => Error) => (): FaultPlan['decide'] => {
    let seen = 0;
    return (_call, name) => (name === command && ++seen === n ? { timing, error } : null);
  };

/** A plan that can be switched on and off between calls. */
function switchable(decide: FaultPlan['decide']): FaultPlan & { on: boolean } {
  const plan = { on: true, decide: (call: number, name: string) => (plan.on ? decide(call, name) : null) };
  return plan;
}

async function faulty(plan: FaultPlan, maxAttempts = 1) {
  const env = await setup(dynamo());
  const client = faultyClient(dynamo().endpoint, plan, maxAttempts);
  const store = createDynamoStore({ client, tableName: env.tableName });
  const logged: unknown[] = [];
  const admitter = createAdmitter({ store, clock: env.clock, logError: (_m, e) => logged.push(e) });
  const [month, hour] = countersFor(TIERS.public, { kind: 'ip', ip: '203.0.113.7' }, env.clock.now());
  if (month === undefined || hour === undefined) throw new Error('public tier has two counters');
  const counts = async () => [
    await storedCount(dynamo().client, env.tableName, month),
    await storedCount(dynamo().client, env.tableName, hour),
  ];
  return { ...env, admitter, logged, counts, client };
}

describe('admitter with a failing store', () => {
  // Per admitted public call, in one step: UpdateItem (both counters, one item) and UpdateItem (the slot).
  it.each([
    ['throttling the counter', nth('UpdateItemCommand', 1, 'before', throttled)],
    ['throttling the slot claim', nth('UpdateItemCommand', 2, 'before', throttled)],
    ['losing the answer of the counter', nth('UpdateItemCommand', 1, 'after', networkError)],
    ['losing the answer of the slot claim', nth('UpdateItemCommand', 2, 'after', networkError)],
    ['throttling both', () => always('UpdateItemCommand', 'before', throttled)],
  ] as const)('answers 503 busy, counting nothing, when %s', async (_what, decide) => {
    const plan = switchable(decide());
    const { admitter, counts, logged } = await faulty(plan);
    const result = await admitter.admit(publicCaller(), small);
    if (result.ok) throw new Error('expected 503');
    expect(result.error).toBeInstanceOf(BusyError);
    expect(result.error.status).toBe(503);
    expect(result.error instanceof BusyError && result.error.retryAfterSeconds).toBe(2);
    expect(result.error.message).toMatch(/retry shortly/);
    expect(logged.length).toBeGreaterThan(0);
    expect(await counts()).toEqual([0, 0]);
    plan.on = false;
    const healthy = await admitter.admit(publicCaller(), small);
    expect(healthy.ok && healthy.value.rateLimit?.remaining).toBe(29);
  });

  it('answers 503 (not 401, not 500) when the key lookup is throttled', async () => {
    const env = await setup(dynamo());
    const created = await createKey(
      { store: env.store, clock: env.clock },
      { workspace: 'acme', tier: 'pro', origins: [], branding: null, expiresAtMs: null },
    );
    if (!created.ok) throw new Error(created.problem);
    const client = faultyClient(dynamo().endpoint, { decide: always('GetItemCommand', 'before', throttled) });
    const admitter = createAdmitter({
      store: createDynamoStore({ client, tableName: env.tableName }),
      clock: env.clock,
      logError: () => {},
    });
    const result = await admitter.admit(keyedCaller(created.value.key), small);
    if (result.ok) throw new Error('expected 503');
    expect(result.error.status).toBe(503);
  });

  it('counts a call once when the SDK retries a write whose first answer was lost', async () => {
    let lost = 0;
    const plan: FaultPlan = {
      decide: (_call, name) =>
        name === 'UpdateItemCommand' && lost++ === 0 ? { timing: 'after', error: networkError } : null,
    };
    const { admitter, counts } = await faulty(plan, 3);
    const result = await admitter.admit(publicCaller(), small);
    if (!result.ok) throw new Error(`expected admission, got ${result.error.message}`);
    expect(result.value.rateLimit?.remaining).toBe(29);
    expect(await counts()).toEqual([1, 1]);
  });

  it('never throws and never double counts, wherever a single fault lands', async () => {
    // Fail the n-th request of one admit + release, before or after it reaches the table; then check
    // that the stored counts equal the calls that were admitted and succeeded.
    for (const timing of ['before', 'after'] as const) {
      let target = 0;
      let seen = 0;
      const plan: FaultPlan = {
        decide: () => (++seen === target ? { timing, error: throttled } : null),
      };
      const { admitter, counts } = await faulty(plan);
      let succeeded = 0;
      for (target = 1; target <= 8; target++) {
        seen = 0;
        const result = await admitter.admit(publicCaller(), small);
        if (result.ok) {
          await result.value.release('succeeded');
          succeeded += 1;
        } else {
          expect(result.error).toBeInstanceOf(BusyError);
        }
        const [month, hour] = await counts();
        expect({ timing, target, month, hour }).toEqual({
          timing,
          target,
          month: succeeded,
          hour: succeeded,
        });
      }
      expect(succeeded).toBeGreaterThan(0);
      expect(succeeded).toBeLessThan(8);
    }
  });

  it('releases without throwing when the store is down, and the lease ends on its own', async () => {
    const storeDown = always('UpdateItemCommand', 'before', throttled);
    const plan = switchable(storeDown);
    plan.on = false;
    const { admitter, clock, logged } = await faulty(plan);
    const held = [];
    for (let i = 0; i < 8; i++) {
      const r = await admitter.admit(publicCaller(`203.0.113.${i + 1}`), small);
      if (!r.ok) throw new Error(r.error.message);
      held.push(r.value);
    }
    plan.on = true;
    for (const h of held) await expect(h.release('succeeded')).resolves.toBeUndefined();
    expect(logged).toHaveLength(8);
    plan.on = false;
    expect((await admitter.admit(publicCaller('198.51.100.1'), small)).ok).toBe(false);
    clock.advance((TIERS.public.budgetSeconds + 15) * 1000);
    expect((await admitter.admit(publicCaller('198.51.100.1'), small)).ok).toBe(true);
  });
});
