import { describe, expect, it } from 'vitest';
import { PartsLimitError } from '../../../core/errors.ts';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import { keyedCaller, publicCaller, setup, small, storedCount } from '../../../test/support/limits-table.ts';
import type { Admission } from '../admission.ts';
import { BadKeyError, BusyError, RateLimitedError } from '../errors.ts';
import { TIERS } from '../tiers.ts';
import { createAdmitter } from './admitter.ts';
import { createKey, disableKey } from './key-admin.ts';
import { DEFAULT_KEY_CACHE_MS } from './key-cache.ts';
import { countersFor } from './rate-limits.ts';

const dynamo = embeddedDynamoPerFile();

async function admitted(promise: Promise<Awaited<ReturnType<ReturnType<typeof createAdmitter>['admit']>>>) {
  const result = await promise;
  if (!result.ok) throw new Error(`expected admission, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('admitter: public tier rate', () => {
  it('refuses the 31st call in an hour with 429 and the top of the next hour as reset', async () => {
    const { admitter, clock } = await setup(dynamo(), '2025-03-10T13:20:00.000Z');
    for (let i = 0; i < 30; i++) {
      const a = await admitted(admitter.admit(publicCaller(), small));
      await a.release('succeeded');
    }
    const refused = await admitter.admit(publicCaller(), small);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const error = refused.error;
    expect(error).toBeInstanceOf(RateLimitedError);
    if (!(error instanceof RateLimitedError)) return;
    expect(error.status).toBe(429);
    expect(error.resetAtMs).toBe(Date.parse('2025-03-10T14:00:00.000Z'));
    expect(error.retryAfterSeconds).toBe(40 * 60);
    expect(error.bodyExtras()).toEqual({ retryAfterSeconds: 2400, resetAt: '2025-03-10T14:00:00.000Z' });
    expect(error.message).toMatch(/30 requests per hour per IP address/);
    expect(error.rateLimit).toEqual({
      limit: 30,
      remaining: 0,
      resetAtMs: Date.parse('2025-03-10T14:00:00.000Z'),
    });
    clock.advance(40 * 60 * 1000);
    await admitted(admitter.admit(publicCaller(), small));
  });

  it('reports the binding window (X-RateLimit data) on admitted calls', async () => {
    const { admitter } = await setup(dynamo(), '2025-03-10T13:20:00.000Z');
    const first = await admitted(admitter.admit(publicCaller(), small));
    expect(first.rateLimit).toEqual({
      limit: 30,
      remaining: 29,
      resetAtMs: Date.parse('2025-03-10T14:00:00.000Z'),
    });
    expect(first.tier.name).toBe('public');
    expect(first.workspace).toBeNull();
  });

  it('counts IPs apart, and the addresses of one IPv6 /64 together', async () => {
    const { admitter } = await setup(dynamo());
    const a = await admitted(admitter.admit(publicCaller('2001:db8:1:2::1'), small));
    const b = await admitted(admitter.admit(publicCaller('2001:db8:1:2:ffff::9'), small));
    const c = await admitted(admitter.admit(publicCaller('203.0.113.8'), small));
    expect([a, b, c].map((x) => x.rateLimit?.remaining)).toEqual([29, 28, 29]);
  });

  it('admits exactly 30 of 50 concurrent calls against a 30-call window', async () => {
    const { admitter, store, clock, tableName } = await setup(dynamo());
    const roomy = createAdmitter({
      store,
      clock,
      tiers: { ...TIERS, public: { ...TIERS.public, concurrency: 100 } },
    });
    const results = await Promise.all(Array.from({ length: 50 }, () => roomy.admit(publicCaller(), small)));
    const ok = results.filter((r) => r.ok);
    const refused = results.flatMap((r) => (r.ok ? [] : [r.error]));
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(20);
    expect(refused.every((e) => e instanceof RateLimitedError)).toBe(true);
    // Every admitted call saw its own count: remaining 29 … 0, each once.
    const remaining = ok.map((r) => (r.ok ? (r.value.rateLimit?.remaining ?? -1) : -1));
    expect(remaining.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const [month, hour] = countersFor(TIERS.public, { kind: 'ip', ip: '203.0.113.7' }, clock.now());
    if (month === undefined || hour === undefined) throw new Error('public tier has two counters');
    expect(await storedCount(dynamo().client, tableName, hour)).toBe(30);
    expect(await storedCount(dynamo().client, tableName, month)).toBe(30);
    expect((await admitter.admit(publicCaller(), small)).ok).toBe(false);
  });
});

describe('admitter: public monthly cap', () => {
  it('stops at 250 calls in a calendar month and starts again on the 1st (UTC)', async () => {
    const { admitter, clock, tableName } = await setup(dynamo(), '2025-01-31T10:00:00.000Z');
    for (let i = 0; i < 250; i++) {
      if (i > 0 && i % 30 === 0) clock.advance(3_600_000);
      await admitted(admitter.admit(publicCaller(), small)).then((a) => a.release('succeeded'));
    }
    expect(clock.now()).toBe(Date.parse('2025-01-31T18:00:00.000Z'));
    const refused = await admitter.admit(publicCaller(), small);
    if (refused.ok || !(refused.error instanceof RateLimitedError)) throw new Error('expected 429');
    expect(refused.error.message).toMatch(/monthly cap reached: 250 requests per calendar month/);
    expect(refused.error.resetAtMs).toBe(Date.parse('2025-02-01T00:00:00.000Z'));
    expect(refused.error.retryAfterSeconds).toBe(6 * 3600);
    expect(refused.error.rateLimit).toMatchObject({ limit: 250, remaining: 0 });
    // The refused call was counted nowhere: 250 in the month, 10 in the last hour.
    const [month, hour] = countersFor(TIERS.public, { kind: 'ip', ip: '203.0.113.7' }, clock.now());
    if (month === undefined || hour === undefined) throw new Error('public tier has two counters');
    expect(await storedCount(dynamo().client, tableName, month)).toBe(250);
    expect(await storedCount(dynamo().client, tableName, hour)).toBe(10);
    clock.advance(6 * 3_600_000 - 1);
    expect((await admitter.admit(publicCaller(), small)).ok).toBe(false);
    clock.advance(1);
    const february = await admitted(admitter.admit(publicCaller(), small));
    expect(february.rateLimit).toMatchObject({ limit: 30, remaining: 29 });
  }, 20_000);

  it('reports the monthly window once it binds harder than the hourly one', async () => {
    const { admitter, clock } = await setup(dynamo(), '2025-06-30T14:00:00.000Z');
    for (let i = 0; i < 240; i++) {
      if (i > 0 && i % 30 === 0) clock.advance(3_600_000);
      await admitted(admitter.admit(publicCaller(), small)).then((a) => a.release('succeeded'));
    }
    clock.advance(3_600_000);
    const a = await admitted(admitter.admit(publicCaller(), small));
    expect(a.rateLimit).toEqual({
      limit: 250,
      remaining: 9,
      resetAtMs: Date.parse('2025-07-01T00:00:00.000Z'),
    });
  }, 20_000);
});

describe('admitter: refunds', () => {
  it('refunds a call released as failed, once, however often it is released', async () => {
    const { admitter } = await setup(dynamo());
    const a = await admitted(admitter.admit(publicCaller(), small));
    const b = await admitted(admitter.admit(publicCaller(), small));
    expect(b.rateLimit?.remaining).toBe(28);
    await b.release('failed');
    await b.release('failed');
    await a.release('succeeded');
    const c = await admitted(admitter.admit(publicCaller(), small));
    expect(c.rateLimit?.remaining).toBe(28);
  });
});

describe('admitter: tier caps', () => {
  const cases = [
    { tier: 'public', size: { totalParts: 301, distinctLines: 1 }, cap: /cap of 300 parts per request/ },
    { tier: 'public', size: { totalParts: 61, distinctLines: 61 }, cap: /cap of 60 distinct lines/ },
    { tier: 'starter', size: { totalParts: 501, distinctLines: 2 }, cap: /starter tier's cap of 500 parts/ },
    {
      tier: 'pro',
      size: { totalParts: 900, distinctLines: 401 },
      cap: /pro tier's cap of 400 distinct lines/,
    },
    { tier: 'scale', size: { totalParts: 5001, distinctLines: 10 }, cap: /scale tier's cap of 5000 parts/ },
    { tier: 'scale', size: { totalParts: 5000, distinctLines: 1001 }, cap: /cap of 1000 distinct lines/ },
    {
      tier: 'public',
      size: {
        totalParts: 400,
        distinctLines: 2,
        largestLine: { name: 'parts[1] ("rail", 2400)', quantity: 350 },
      },
      cap: /^parts\[1\] \("rail", 2400\): quantity 350 alone exceeds the public tier's cap of 300 parts per request; an API key raises it$/,
    },
    {
      tier: 'pro',
      size: { totalParts: 2100, distinctLines: 3, largestLine: { name: 'parts[0] (900)', quantity: 1000 } },
      cap: /^parts: 2100 parts \(sum of quantities\) exceed the pro tier's cap of 2000 parts per request$/,
    },
  ] as const;

  it.each(cases)(
    'answers 413 naming the $tier cap for $size.totalParts parts in $size.distinctLines lines',
    async ({ tier, size, cap }) => {
      const { admitter, store, clock } = await setup(dynamo());
      let caller = publicCaller();
      if (tier !== 'public') {
        const created = await createKey(
          { store, clock },
          { workspace: 'acme', tier, origins: [], branding: null, expiresAtMs: null },
        );
        if (!created.ok) throw new Error(created.problem);
        caller = keyedCaller(created.value.key);
      }
      const result = await admitter.admit(caller, size);
      if (result.ok) throw new Error('expected 413');
      expect(result.error).toBeInstanceOf(PartsLimitError);
      expect(result.error.status).toBe(413);
      expect(result.error.message).toMatch(cap);
      // Nothing was counted: the next call is the first of its window.
      const next = await admitted(admitter.admit(caller, small));
      expect(next.rateLimit?.remaining).toBe(TIERS[tier].rateLimit - 1);
    },
  );

  it.each([
    ['public', TIERS.public],
    ['scale', TIERS.scale],
  ] as const)('admits a %s job exactly at both caps', async (_name, tier) => {
    const { admitter, store, clock } = await setup(dynamo());
    let caller = publicCaller();
    if (tier.name !== 'public') {
      const created = await createKey(
        { store, clock },
        { workspace: 'acme', tier: tier.name, origins: [], branding: null, expiresAtMs: null },
      );
      if (!created.ok) throw new Error(created.problem);
      caller = keyedCaller(created.value.key);
    }
    const a = await admitted(
      admitter.admit(caller, { totalParts: tier.maxParts, distinctLines: tier.maxLines }),
    );
    expect(a.tier.name).toBe(tier.name);
  });
});

describe('admitter: API keys', () => {
  async function withKey(overrides: { origins?: string[]; expiresAtMs?: number | null; tier?: string } = {}) {
    const env = await setup(dynamo(), '2025-03-10T13:20:00.000Z');
    const created = await createKey(
      { store: env.store, clock: env.clock },
      {
        workspace: 'acme',
        tier: overrides.tier ?? 'starter',
        origins: overrides.origins ?? ['https://shop.acme.example'],
        branding: 'Cut by Acme Metals',
        expiresAtMs:
          overrides.expiresAtMs === undefined
            ? Date.parse('2026-01-01T00:00:00.000Z')
            : overrides.expiresAtMs,
      },
    );
    if (!created.ok) throw new Error(created.problem);
    return { ...env, key: created.value.key, record: created.value.record };
  }

  it('serves a good key on its tier with its workspace, branding and per-minute window', async () => {
    const { admitter, key } = await withKey();
    const a = await admitted(admitter.admit(keyedCaller(key), small));
    expect(a.tier.name).toBe('starter');
    expect(a.workspace).toBe('acme');
    expect(a.branding).toBe('Cut by Acme Metals');
    expect(a.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(a.rateLimit).toEqual({
      limit: 20,
      remaining: 19,
      resetAtMs: Date.parse('2025-03-10T13:21:00.000Z'),
    });
  });

  it('refuses the 21st starter call in a minute and admits again the next minute', async () => {
    const { admitter, key, clock, record } = await withKey();
    for (let i = 0; i < 20; i++)
      await admitted(admitter.admit(keyedCaller(key), small)).then((a) => a.release('succeeded'));
    const refused = await admitter.admit(keyedCaller(key), small);
    if (refused.ok || !(refused.error instanceof RateLimitedError)) throw new Error('expected 429');
    expect(refused.error.message).toContain(`20 requests per minute for API key cp_live_${record.keyId}_…`);
    expect(refused.error.retryAfterSeconds).toBe(60);
    clock.advance(60_000);
    await admitted(admitter.admit(keyedCaller(key), small));
  });

  it('does not apply the public limits to a key, nor a key’s limits to its IP', async () => {
    const { admitter, key } = await withKey({ tier: 'scale' });
    for (let i = 0; i < 40; i++)
      await admitted(admitter.admit(keyedCaller(key, undefined, '203.0.113.7'), small)).then((a) =>
        a.release('succeeded'),
      );
    const pub = await admitted(admitter.admit(publicCaller('203.0.113.7'), small));
    expect(pub.rateLimit?.remaining).toBe(29);
  });

  const badKeys: [string, (k: { key: string; keyId: string }) => string, RegExp][] = [
    ['present but empty', () => '', /present but empty/],
    ['blank', () => '   ', /present but empty/],
    ['not a cutplan key', () => 'sk_live_abc', /not a cutplan API key/],
    ['unknown', () => `cp_live_0123456789abcdef_${'A'.repeat(32)}`, /^unknown API key$/],
    ['known id, wrong secret', ({ keyId }) => `cp_live_${keyId}_${'B'.repeat(32)}`, /^unknown API key$/],
  ];
  it.each(badKeys)('answers 401 badKey for a key that is %s', async (_name, make, detail) => {
    const { admitter, key, record } = await withKey();
    const result = await admitter.admit(keyedCaller(make({ key, keyId: record.keyId })), small);
    if (result.ok) throw new Error('expected 401');
    expect(result.error).toBeInstanceOf(BadKeyError);
    expect(result.error.status).toBe(401);
    expect(result.error.message).toMatch(detail);
  });

  it('answers 401 for a disabled key, naming it', async () => {
    const { admitter, key, record, store, clock } = await withKey();
    await admitted(admitter.admit(keyedCaller(key), small));
    await disableKey({ store, clock }, record.keyId);
    // The container trusts the record it read for the key cache's time, then reads it again.
    clock.advance(DEFAULT_KEY_CACHE_MS - 1);
    await admitted(admitter.admit(keyedCaller(key), small));
    clock.advance(1);
    const result = await admitter.admit(keyedCaller(key), small);
    if (result.ok) throw new Error('expected 401');
    expect(result.error.message).toBe(`API key cp_live_${record.keyId}_… is disabled`);
  });

  it('answers 401 once a key has expired, and not a moment before', async () => {
    const { admitter, key, clock } = await withKey({ expiresAtMs: Date.parse('2025-03-10T13:30:00.000Z') });
    clock.advance(10 * 60_000 - 1);
    await admitted(admitter.admit(keyedCaller(key), small));
    clock.advance(1);
    const result = await admitter.admit(keyedCaller(key), small);
    if (result.ok) throw new Error('expected 401');
    expect(result.error.message).toMatch(/expired at 2025-03-10T13:30:00.000Z/);
  });

  it('answers 401 for a browser call from an origin not on the key, saying so', async () => {
    const { admitter, key } = await withKey();
    const result = await admitter.admit(keyedCaller(key, 'https://evil.example'), small);
    if (result.ok) throw new Error('expected 401');
    expect(result.error.message).toMatch(/origin https:\/\/evil\.example is not allowed for API key/);
  });

  it('refuses every browser origin for a key with no origins, but serves its server calls', async () => {
    const { admitter, key } = await withKey({ origins: [] });
    expect((await admitter.admit(keyedCaller(key, 'https://shop.acme.example'), small)).ok).toBe(false);
    await admitted(admitter.admit(keyedCaller(key), small));
  });

  it('admits a browser call from an allowed origin, in any spelling of it', async () => {
    const { admitter, key } = await withKey({
      origins: ['https://shop.acme.example', 'http://localhost:5173'],
    });
    await admitted(admitter.admit(keyedCaller(key, 'http://localhost:5173'), small));
    await admitted(admitter.admit(keyedCaller(key, 'HTTPS://Shop.Acme.Example:443/'), small));
  });
});

describe('admitter: busy slots', () => {
  it('answers 503 busy when the public pool is full, refunds the call, and admits again after a release', async () => {
    const { admitter } = await setup(dynamo());
    const held: Admission[] = [];
    for (let i = 0; i < TIERS.public.concurrency; i++) {
      held.push(await admitted(admitter.admit(publicCaller(`203.0.113.${i + 1}`), small)));
    }
    const busy = await admitter.admit(publicCaller('198.51.100.1'), small);
    if (busy.ok || !(busy.error instanceof BusyError)) throw new Error('expected 503');
    expect(busy.error.status).toBe(503);
    expect(busy.error.message).toMatch(/all 8 solve slots of the public tier are busy/);
    expect(busy.error.retryAfterSeconds).toBe(5);
    expect(busy.error.rateLimit).toMatchObject({ limit: 30, remaining: 30 });
    await held[0]?.release('succeeded');
    const next = await admitted(admitter.admit(publicCaller('198.51.100.1'), small));
    expect(next.rateLimit?.remaining).toBe(29);
  });

  it('gives each key its own concurrency, apart from the public pool', async () => {
    const { admitter, store, clock } = await setup(dynamo());
    const created = await createKey(
      { store, clock },
      { workspace: 'acme', tier: 'starter', origins: [], branding: null, expiresAtMs: null },
    );
    if (!created.ok) throw new Error(created.problem);
    const key = created.value.key;
    await admitted(admitter.admit(keyedCaller(key), small));
    await admitted(admitter.admit(keyedCaller(key), small));
    const third = await admitter.admit(keyedCaller(key), small);
    if (third.ok) throw new Error('expected 503');
    expect(third.error.message).toMatch(/all 2 concurrent solve slots of API key/);
    await admitted(admitter.admit(publicCaller(), small));
  });

  it('frees a crashed holder’s slot when its lease (solve budget + grace) ends', async () => {
    const { admitter, clock } = await setup(dynamo());
    const crashed: Admission[] = [];
    for (let i = 0; i < 8; i++)
      crashed.push(await admitted(admitter.admit(publicCaller(`203.0.113.${i + 1}`), small)));
    clock.advance((TIERS.public.budgetSeconds + 15) * 1000 - 1);
    expect((await admitter.admit(publicCaller('198.51.100.1'), small)).ok).toBe(false);
    clock.advance(1);
    const fresh: Admission[] = [];
    for (let i = 0; i < 8; i++)
      fresh.push(await admitted(admitter.admit(publicCaller(`198.51.100.${i + 1}`), small)));
    // A late release from a crashed holder must not free a slot someone else now holds.
    for (const c of crashed) await c.release('succeeded');
    expect((await admitter.admit(publicCaller('192.0.2.1'), small)).ok).toBe(false);
  });
});
