/**
 * API key format, hashing and the checks of a presented key. A key is `cp_live_<keyId>_<secret>`:
 * `keyId` is 8 random bytes in hex (public: it names the record, appears in `keys list` and logs),
 * `secret` is 24 random bytes in base64url (192 bits). Only the SHA-256 of the whole key is stored;
 * the stored hash is compared in constant time. The key id lets the store fetch the record directly,
 * so the secret never takes part in a lookup.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result } from '../../../core/errors.ts';
import { BadKeyError } from '../errors.ts';
import { TIER_NAMES, type TierName } from '../tiers.ts';
import type { KeyRecord } from './store.ts';

export const KEY_PREFIX = 'cp_live_';
const KEY_PATTERN = /^cp_live_([0-9a-f]{16})_([A-Za-z0-9_-]{32})$/;

export type PaidTierName = Exclude<TierName, 'public'>;
export const PAID_TIER_NAMES = TIER_NAMES.filter((t): t is PaidTierName => t !== 'public');

export function isPaidTier(name: string): name is PaidTierName {
  return (PAID_TIER_NAMES as readonly string[]).includes(name);
}

/** A fresh key and what to store for it. */
export interface NewKey {
  readonly key: string;
  readonly keyId: string;
  readonly secretHash: string;
}

/** Generates a random key (64-bit id, 192-bit secret). */
export function generateKey(random: (bytes: number) => Buffer = randomBytes): NewKey {
  const keyId = random(8).toString('hex');
  const key = `${KEY_PREFIX}${keyId}_${random(24).toString('base64url')}`;
  return { key, keyId, secretHash: hashKey(key) };
}

/** Hex SHA-256 of a whole key string. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key id of a well-formed key, or null. */
export function keyIdOf(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** How a key is shown to people: its id, never its secret. */
export function displayKey(keyId: string): string {
  return `${KEY_PREFIX}${keyId}_…`;
}

/** True when `key` hashes to `secretHash`; the comparison takes the same time wherever they differ. */
export function keyMatches(key: string, secretHash: string): boolean {
  const presented = createHash('sha256').update(key, 'utf8').digest();
  const stored = Buffer.from(secretHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}

/** The first check on a presented header: present but empty, or not shaped like one of our keys. */
export function parsePresentedKey(header: string): Result<string, BadKeyError> {
  if (header.trim() === '') {
    return err(
      new BadKeyError(
        'the X-API-Key header is present but empty: send a key, or omit the header to use the public tier',
      ),
    );
  }
  const keyId = keyIdOf(header);
  if (keyId === null) {
    return err(
      new BadKeyError(`the X-API-Key header is not a cutplan API key (keys look like ${KEY_PREFIX}…)`),
    );
  }
  return ok(keyId);
}

/**
 * Whether a fetched record lets `key` in at `nowMs` from `origin` (the browser's Origin header, already
 * normalised; undefined for calls that are not from a browser). The service's own origin (an Origin whose
 * host is the request's `serviceHost`, the Host header) is accepted for every key: the playground page
 * that the service itself serves calls from there. No other page can send that Origin, since browsers set
 * it and a page cannot forge another site's.
 */
export function checkKey(
  key: string,
  record: KeyRecord | null,
  nowMs: number,
  origin: string | undefined,
  serviceHost?: string,
): Result<KeyRecord & { readonly tier: PaidTierName }, BadKeyError> {
  if (record === null || !keyMatches(key, record.secretHash)) return err(new BadKeyError('unknown API key'));
  const shown = displayKey(record.keyId);
  if (record.disabled) {
    const by = record.replacedBy === null ? '' : ` (replaced by ${displayKey(record.replacedBy)})`;
    return err(new BadKeyError(`API key ${shown} is disabled${by}`));
  }
  if (record.expiresAtMs !== null && record.expiresAtMs <= nowMs) {
    const at = new Date(record.expiresAtMs).toISOString();
    // A key rotated with a grace period ends by expiring: say it was replaced, so the caller looks for
    // the new key rather than for a renewal.
    const detail =
      record.replacedBy === null
        ? `API key ${shown} expired at ${at}`
        : `API key ${shown} was replaced by ${displayKey(record.replacedBy)}; its grace period ended at ${at}`;
    return err(new BadKeyError(detail));
  }
  if (!isPaidTier(record.tier)) {
    return err(
      new BadKeyError(`API key ${shown} belongs to tier "${record.tier}", which is no longer offered`),
    );
  }
  if (origin !== undefined && !record.origins.includes(origin) && !isOwnOrigin(origin, serviceHost)) {
    return err(
      new BadKeyError(
        `origin ${origin} is not allowed for API key ${shown}: add it to the key's allowed origins, or call from a server (no Origin header)`,
      ),
    );
  }
  return ok({ ...record, tier: record.tier });
}

/** Whether `origin` (normalised) is the service's own: its host and port are the request's Host header. */
export function isOwnOrigin(origin: string, serviceHost: string | undefined): boolean {
  if (serviceHost === undefined || serviceHost === '') return false;
  try {
    return new URL(origin).host === new URL(`http://${serviceHost}`).host && origin.startsWith('http');
  } catch {
    return false;
  }
}
