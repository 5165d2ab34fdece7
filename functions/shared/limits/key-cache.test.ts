import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../core/budget.ts';
import { cachedKeyLookup } from './key-cache.ts';
import type { KeyRecord } from './store.ts';

const record = (keyId: string, disabled = false): KeyRecord => ({
  keyId,
  secretHash: 'ab',
  workspace: 'acme',
  tier: 'pro',
  origins: [],
  branding: null,
  createdAtMs: 0,
  expiresAtMs: null,
  disabled,
  replacedBy: null,
});

function countingStore(records: Map<string, KeyRecord>) {
  const reads: string[] = [];
  return {
    reads,
    getKey: async (keyId: string) => {
      reads.push(keyId);
      return records.get(keyId) ?? null;
    },
  };
}

describe('cachedKeyLookup', () => {
  it('reads a key once per ttl, and again once the ttl has passed', async () => {
    const records = new Map([['a', record('a')]]);
    const store = countingStore(records);
    const clock = manualClock(0);
    const lookup = cachedKeyLookup(store, clock, 30_000);
    expect(await lookup('a')).toEqual(record('a'));
    records.set('a', record('a', true));
    clock.advance(29_999);
    expect((await lookup('a'))?.disabled).toBe(false);
    clock.advance(1);
    expect((await lookup('a'))?.disabled).toBe(true);
    expect(store.reads).toEqual(['a', 'a']);
  });

  it('caches an unknown id too, and reads every time with a ttl of 0', async () => {
    const store = countingStore(new Map());
    const clock = manualClock(0);
    const cached = cachedKeyLookup(store, clock, 1_000);
    await cached('x');
    await cached('x');
    expect(store.reads).toEqual(['x']);
    const uncached = cachedKeyLookup(store, clock, 0);
    await uncached('y');
    await uncached('y');
    expect(store.reads).toEqual(['x', 'y', 'y']);
  });

  it('keeps at most 1,000 entries, dropping the oldest', async () => {
    const store = countingStore(new Map());
    const lookup = cachedKeyLookup(store, manualClock(0), 60_000);
    for (let i = 0; i <= 1_000; i++) await lookup(`k${i}`);
    await lookup('k1000');
    await lookup('k1');
    expect(store.reads.length).toBe(1_001);
    await lookup('k0');
    expect(store.reads.at(-1)).toBe('k0');
    expect(store.reads.length).toBe(1_002);
  });
});
