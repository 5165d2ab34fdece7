import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkKey, generateKey, hashKey, keyIdOf, keyMatches, parsePresentedKey } from './api-keys.ts';
import type { KeyRecord } from './store.ts';

describe('generateKey', () => {
  it('makes cp_live_<16 hex>_<192-bit base64url> keys, all different', () => {
    const keys = Array.from({ length: 200 }, () => generateKey());
    for (const { key, keyId, secretHash } of keys) {
      expect(key).toMatch(/^cp_live_[0-9a-f]{16}_[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(key.slice(25), 'base64url')).toHaveLength(24);
      expect(keyIdOf(key)).toBe(keyId);
      expect(secretHash).toBe(createHash('sha256').update(key).digest('hex'));
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(200);
    expect(new Set(keys.map((k) => k.keyId)).size).toBe(200);
  });
});

describe('keyMatches', () => {
  const { key, secretHash } = generateKey();
  it('accepts the key and refuses any one-character change', () => {
    expect(keyMatches(key, secretHash)).toBe(true);
    for (const i of [0, 10, key.length - 1]) {
      const changed = key.slice(0, i) + (key[i] === 'A' ? 'B' : 'A') + key.slice(i + 1);
      expect(keyMatches(changed, secretHash)).toBe(false);
    }
  });
  it('refuses a malformed stored hash instead of throwing', () => {
    expect(keyMatches(key, 'abc')).toBe(false);
    expect(keyMatches(key, '')).toBe(false);
  });
});

describe('parsePresentedKey', () => {
  it.each([
    ['', /present but empty/],
    [' ', /present but empty/],
    ['cp_live_short', /not a cutplan API key/],
    [`cp_live_0123456789ABCDEF_${'a'.repeat(32)}`, /not a cutplan API key/],
    [` cp_live_0123456789abcdef_${'a'.repeat(32)}`, /not a cutplan API key/],
  ])('refuses %j', (header, detail) => {
    const result = parsePresentedKey(header);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(detail);
  });
  it('returns the key id of a well-formed key', () => {
    expect(parsePresentedKey(`cp_live_0123456789abcdef_${'a'.repeat(32)}`)).toEqual({
      ok: true,
      value: '0123456789abcdef',
    });
  });
});

describe('checkKey', () => {
  const { key, keyId, secretHash } = generateKey();
  const record: KeyRecord = {
    keyId,
    secretHash,
    workspace: 'acme',
    tier: 'pro',
    origins: ['https://acme.example'],
    branding: null,
    createdAtMs: 0,
    expiresAtMs: 1000,
    disabled: false,
    replacedBy: null,
  };
  it.each([
    ['no record', null, 0, undefined, /^unknown API key$/],
    ['disabled', { ...record, disabled: true }, 0, undefined, /is disabled$/],
    [
      'disabled and replaced',
      { ...record, disabled: true, replacedBy: 'ffffffffffffffff' },
      0,
      undefined,
      /replaced by cp_live_ffffffffffffffff_…/,
    ],
    ['expired', record, 1000, undefined, /expired at 1970-01-01T00:00:01.000Z$/],
    [
      'rotated, its grace period over',
      { ...record, replacedBy: 'ffffffffffffffff' },
      1000,
      undefined,
      /^API key cp_live_[0-9a-f]{16}_… was replaced by cp_live_ffffffffffffffff_…; its grace period ended at 1970-01-01T00:00:01.000Z$/,
    ],
    ['a retired tier', { ...record, tier: 'gold' }, 0, undefined, /tier "gold", which is no longer offered/],
    ['a foreign origin', record, 0, 'https://evil.example', /origin https:\/\/evil.example is not allowed/],
  ] as const)('refuses a key with %s', (_name, rec, now, origin, detail) => {
    const result = checkKey(key, rec, now, origin);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(detail);
  });
  it('accepts a good key from its origin or from a server', () => {
    expect(checkKey(key, record, 999, 'https://acme.example').ok).toBe(true);
    expect(checkKey(key, record, 999, undefined).ok).toBe(true);
    expect(checkKey(key, { ...record, expiresAtMs: null }, 10 ** 13, undefined).ok).toBe(true);
  });
  it("accepts every key from the service's own origin (its playground page), and no look-alike", () => {
    expect(checkKey(key, record, 999, 'https://api.cutplan.example', 'api.cutplan.example').ok).toBe(true);
    expect(checkKey(key, record, 999, 'http://localhost:3000', 'localhost:3000').ok).toBe(true);
    for (const [origin, host] of [
      ['https://api.cutplan.example.evil.example', 'api.cutplan.example'],
      ['http://localhost:3001', 'localhost:3000'],
      ['https://evil.example', ''],
      ['https://evil.example', undefined],
    ] as const) {
      expect(checkKey(key, record, 999, origin, host).ok, `${origin} on ${host}`).toBe(false);
    }
    // A disabled or expired key stays refused there too.
    expect(
      checkKey(key, { ...record, disabled: true }, 0, 'http://localhost:3000', 'localhost:3000').ok,
    ).toBe(false);
  });
  it('compares the hash, not just the id', () => {
    expect(checkKey(key, { ...record, secretHash: hashKey('something else') }, 0, undefined).ok).toBe(false);
  });
});
