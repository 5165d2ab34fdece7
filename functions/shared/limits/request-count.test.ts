/**
 * The cost of admission in DynamoDB requests, counted by a client wrapper against the embedded
 * DynamoDB: an admitted call (public, or keyed with a warm key) makes at most 3 requests in at most 2
 * sequential steps, the counters and the slot claim together, then the release.
 */
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import {
  countingClient,
  keyedCaller,
  publicCaller,
  setup,
  small,
} from '../../../test/support/limits-table.ts';
import { createAdmitter } from './admitter.ts';
import { createDynamoStore } from './dynamo-store.ts';
import { createKey } from './key-admin.ts';

const dynamo = embeddedDynamoPerFile();

async function counted() {
  const env = await setup(dynamo());
  const { client, tally } = countingClient(dynamo().endpoint);
  const store = createDynamoStore({ client, tableName: env.tableName });
  const admitter = createAdmitter({ store, clock: env.clock, logError: () => {} });
  /** Admits and releases one call; returns what it cost. */
  const call = async (caller: Parameters<typeof admitter.admit>[0], outcome: 'succeeded' | 'failed') => {
    tally.reset();
    const result = await admitter.admit(caller, small);
    const admission = { requests: tally.requests, steps: tally.steps };
    if (!result.ok) throw new Error(`expected admission, got ${result.error.message}`);
    await result.value.release(outcome);
    return {
      admission,
      total: { requests: tally.requests, steps: tally.steps },
      commands: [...tally.commands],
    };
  };
  return { ...env, call };
}

describe('admission cost in DynamoDB requests', () => {
  it('admits a public call in 2 requests in 1 step, and releases it in 1 more (3 in 2 steps)', async () => {
    const { call } = await counted();
    for (let i = 0; i < 3; i++) {
      const cost = await call(publicCaller(`203.0.113.${i + 1}`), 'succeeded');
      expect(cost).toEqual({
        admission: { requests: 2, steps: 1 },
        total: { requests: 3, steps: 2 },
        commands: ['UpdateItemCommand', 'UpdateItemCommand', 'UpdateItemCommand'],
      });
    }
    // The same caller again (an existing counter item and pool): the same cost.
    expect((await call(publicCaller('203.0.113.1'), 'succeeded')).total).toEqual({ requests: 3, steps: 2 });
  });

  it('admits a keyed call with a warm key in 3 requests in 2 steps; a cold key adds one lookup', async () => {
    const { call, store, clock } = await counted();
    const created = await createKey(
      { store, clock },
      { workspace: 'acme', tier: 'pro', origins: [], branding: null, expiresAtMs: null },
    );
    if (!created.ok) throw new Error(created.problem);
    const caller = keyedCaller(created.value.key);
    const cold = await call(caller, 'succeeded');
    expect(cold.total).toEqual({ requests: 4, steps: 3 });
    expect(cold.commands[0]).toBe('GetItemCommand');
    for (let i = 0; i < 3; i++) {
      expect((await call(caller, 'succeeded')).total).toEqual({ requests: 3, steps: 2 });
    }
  });

  it('refunds a failed call beside the release, still in one step after the solve', async () => {
    const { call } = await counted();
    const cost = await call(publicCaller(), 'failed');
    expect(cost.total).toEqual({ requests: 4, steps: 2 });
  });
});
