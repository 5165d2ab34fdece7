/**
 * A stalled DynamoDB (the embedded dynalite paused: connections accepted, nothing answered) must not
 * hang a call: admission answers 503 `busy` at its deadline, counts nothing once the store answers
 * again, and a release returns within its own deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmbeddedDynamo,
  keyedCaller,
  publicCaller,
  setup,
  small,
  startEmbeddedDynamo,
  storedCount,
} from '../../../test/support/limits-table.ts';
import { BusyError } from '../errors.ts';
import { TIERS } from '../tiers.ts';
import { createAdmitter } from './admitter.ts';
import { createDynamoClient } from './config.ts';
import { createDynamoStore } from './dynamo-store.ts';
import { createKey } from './key-admin.ts';
import { countersFor } from './rate-limits.ts';

const DEADLINE_MS = 1_000;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dynamo: EmbeddedDynamo;
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
});
afterAll(async () => {
  dynamo.resume();
  await settle(1_500); // let the requests held by the last stall finish before the database closes
  await dynamo.close();
});

/** An admitter over the production client configuration (timeouts that throw, retries). */
async function stallable() {
  const env = await setup(dynamo);
  const client = createDynamoClient({ endpoint: dynamo.endpoint, region: 'local' });
  const store = createDynamoStore({ client, tableName: env.tableName });
  const logged: string[] = [];
  const admitter = createAdmitter({
    store,
    clock: env.clock,
    deadlineMs: DEADLINE_MS,
    logError: (message) => logged.push(message),
  });
  const [month, hour] = countersFor(TIERS.public, { kind: 'ip', ip: '203.0.113.7' }, env.clock.now());
  if (month === undefined || hour === undefined) throw new Error('public tier has two counters');
  const counts = async () => [
    await storedCount(dynamo.client, env.tableName, month),
    await storedCount(dynamo.client, env.tableName, hour),
  ];
  return { ...env, store, admitter, logged, counts, client };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work;
  return { value, ms: performance.now() - start };
}

describe('admission against a stalled DynamoDB', () => {
  it('answers 503 busy at the deadline, and counts nothing once the store answers again', async () => {
    const { admitter, counts, logged, client } = await stallable();
    dynamo.pause();
    try {
      const { value: result, ms } = await timed(admitter.admit(publicCaller(), small));
      if (result.ok) throw new Error('expected 503');
      expect(result.error).toBeInstanceOf(BusyError);
      expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
      expect(ms).toBeLessThan(DEADLINE_MS + 500);
      expect(logged).toContain('limits store unavailable; answering 503 busy');
    } finally {
      dynamo.resume();
    }
    // The writes held during the stall land now; the admitter takes them back once they settle.
    for (let i = 0; i < 50 && (await counts()).some((c) => c > 0); i++) await settle(100);
    await settle(4_000); // past the client's retries of the stalled writes
    expect(await counts()).toEqual([0, 0]);
    const next = await admitter.admit(publicCaller(), small);
    expect(next.ok && next.value.rateLimit?.remaining).toBe(29);
    client.destroy();
  }, 20_000);

  it('answers a keyed call with a key not yet cached 503 busy at the deadline', async () => {
    const { admitter, store, clock, client } = await stallable();
    const created = await createKey(
      { store, clock },
      { workspace: 'acme', tier: 'pro', origins: [], branding: null, expiresAtMs: null },
    );
    if (!created.ok) throw new Error(created.problem);
    dynamo.pause();
    try {
      const { value: result, ms } = await timed(admitter.admit(keyedCaller(created.value.key), small));
      expect(!result.ok && result.error.status).toBe(503);
      expect(ms).toBeLessThan(DEADLINE_MS + 500);
    } finally {
      dynamo.resume();
    }
    client.destroy();
  }, 20_000);

  it('returns from a release within the deadline while the store is stalled', async () => {
    const { admitter, logged, client } = await stallable();
    const admitted = await admitter.admit(publicCaller(), small);
    if (!admitted.ok) throw admitted.error;
    dynamo.pause();
    try {
      const { ms } = await timed(admitted.value.release('succeeded'));
      expect(ms).toBeLessThan(DEADLINE_MS + 500);
      expect(logged).toContain('limits clean-up failed');
    } finally {
      dynamo.resume();
    }
    client.destroy();
  }, 20_000);
});
