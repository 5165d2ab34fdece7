/**
 * Admission of rack and stored-plan calls (`Admitter.workspace`): a key is required, the calls are counted
 * in their own per-key minute window and never against the key's solves, and the tier table's cap (which
 * `TIER_OVERRIDES` may change locally) decides.
 */
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import { keyedCaller, publicCaller, setup, small } from '../../../test/support/limits-table.ts';
import { readTierOverrides } from '../../local/tier-overrides.ts';
import { RateLimitedError } from '../errors.ts';
import { TIERS } from '../tiers.ts';
import { createAdmitter } from './admitter.ts';
import { createKey } from './key-admin.ts';

const dynamo = embeddedDynamoPerFile();

async function keyFor(
  store: Parameters<typeof createKey>[0]['store'],
  clock: Parameters<typeof createKey>[0]['clock'],
) {
  const created = await createKey(
    { store, clock },
    { workspace: 'acme', tier: 'starter', origins: [], branding: 'Cut by Acme', expiresAtMs: null },
  );
  if (!created.ok) throw new Error(created.problem);
  return created.value.key;
}

describe('admitter: rack and stored-plan calls', () => {
  it('needs a key: 401 keyRequired, saying how to make one locally', async () => {
    const { admitter } = await setup(dynamo());
    const refused = await admitter.workspace?.(publicCaller());
    expect(refused?.ok).toBe(false);
    if (refused === undefined || refused.ok) return;
    expect([refused.error.status, refused.error.code]).toEqual([401, 'keyRequired']);
    expect(refused.error.message).toContain('cutplan keys create --workspace');
  });

  it("answers the key's workspace, counts in its own minute, and never touches the solve counters", async () => {
    const { admitter, store, clock } = await setup(dynamo(), '2025-03-10T13:20:10.000Z');
    const key = await keyFor(store, clock);
    const cap = TIERS.starter.rackCallsPerMinute;
    for (let i = 1; i <= cap; i++) {
      const call = await admitter.workspace?.(keyedCaller(key));
      if (call === undefined || !call.ok) throw new Error(`call ${i} refused`);
      expect(call.value).toMatchObject({
        workspace: 'acme',
        branding: 'Cut by Acme',
        tier: { name: 'starter' },
      });
      expect(call.value.rateLimit?.remaining).toBe(cap - i);
    }
    const refused = await admitter.workspace?.(keyedCaller(key));
    expect(refused?.ok).toBe(false);
    if (refused === undefined || refused.ok) return;
    expect(refused.error).toBeInstanceOf(RateLimitedError);
    expect(refused.error.message).toContain(`${cap} requests per minute (rack calls)`);
    // The solves of the key are all still there.
    const solve = await admitter.admit(keyedCaller(key), small);
    if (!solve.ok) throw new Error('solve refused');
    expect(solve.value.rateLimit?.remaining).toBe(TIERS.starter.rateLimit - 1);
    await solve.value.release('succeeded');
    // And a new minute starts the rack count again.
    clock.advance(60_000);
    expect((await admitter.workspace?.(keyedCaller(key)))?.ok).toBe(true);
  });

  it('takes the caps from the tier table, so TIER_OVERRIDES can change them locally', async () => {
    const table = readTierOverrides('{"starter":{"rackCallsPerMinute":2,"rackEntries":5}}');
    if (!table.ok) throw new Error(table.error);
    expect([...table.value.changes].sort()).toEqual([
      'starter.rackCallsPerMinute=2',
      'starter.rackEntries=5',
    ]);
    const { store, clock } = await setup(dynamo());
    const admitter = createAdmitter({ store, clock, tiers: table.value.tiers, deadlineMs: 30_000 });
    const key = await keyFor(store, clock);
    const first = await admitter.workspace?.(keyedCaller(key));
    expect(first?.ok && first.value.tier.rackEntries).toBe(5);
    expect((await admitter.workspace?.(keyedCaller(key)))?.ok).toBe(true);
    expect((await admitter.workspace?.(keyedCaller(key)))?.ok).toBe(false);
  });
});
