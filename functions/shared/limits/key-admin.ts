/**
 * Issuing and managing keys (the logic behind `cutplan keys`). A new key is returned once, to be shown
 * once; only its hash is stored.
 */
import type { Clock } from '../../../core/budget.ts';
import { normaliseOrigin } from '../http/index.ts';
import { generateKey, isPaidTier, type NewKey, PAID_TIER_NAMES, type PaidTierName } from './api-keys.ts';
import type { KeyRecord, LimitsStore } from './store.ts';

export interface KeySettings {
  readonly workspace: string;
  readonly tier: string;
  readonly origins: readonly string[];
  readonly branding: string | null;
  readonly expiresAtMs: number | null;
}

export type AdminResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: string };

/** The longest branding line a PDF footer takes. */
export const MAX_BRANDING_LENGTH = 120;

export interface KeyAdminDeps {
  readonly store: LimitsStore;
  readonly clock: Clock;
  readonly generate?: () => NewKey;
}

/** Checks and normalises settings: known paid tier, http(s) origins, sane workspace and branding. */
export function validateSettings(
  settings: KeySettings,
  nowMs: number,
): AdminResult<KeySettings & { tier: PaidTierName }> {
  const workspace = settings.workspace.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(workspace)) {
    return {
      ok: false,
      problem: `workspace "${settings.workspace}" must be 1–64 letters, digits, '.', '_' or '-'`,
    };
  }
  if (!isPaidTier(settings.tier)) {
    return {
      ok: false,
      problem: `tier "${settings.tier}" is not a paid tier (one of ${PAID_TIER_NAMES.join(', ')})`,
    };
  }
  const origins: string[] = [];
  for (const raw of settings.origins) {
    const origin = normaliseOrigin(raw.trim());
    if (origin === null) {
      return {
        ok: false,
        problem: `origin "${raw}" is not an origin like https://shop.example.com (scheme, host, optional port)`,
      };
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  const branding = settings.branding?.trim() || null;
  if (branding !== null && (branding.length > MAX_BRANDING_LENGTH || /[\p{Cc}]/u.test(branding))) {
    return { ok: false, problem: `branding must be one line of at most ${MAX_BRANDING_LENGTH} characters` };
  }
  if (settings.expiresAtMs !== null && settings.expiresAtMs <= nowMs) {
    return { ok: false, problem: `expiry ${new Date(settings.expiresAtMs).toISOString()} is in the past` };
  }
  return { ok: true, value: { ...settings, workspace, tier: settings.tier, origins, branding } };
}

/** Issues a key. The result holds the only copy of the key. */
export async function createKey(
  deps: KeyAdminDeps,
  settings: KeySettings,
): Promise<AdminResult<{ key: string; record: KeyRecord }>> {
  const now = deps.clock.now();
  const valid = validateSettings(settings, now);
  if (!valid.ok) return valid;
  const generate = deps.generate ?? generateKey;
  // A 64-bit random id collides practically never; the conditional put makes sure it cannot overwrite.
  for (let attempt = 0; attempt < 3; attempt++) {
    const fresh = generate();
    const record: KeyRecord = {
      keyId: fresh.keyId,
      secretHash: fresh.secretHash,
      ...valid.value,
      createdAtMs: now,
      disabled: false,
      replacedBy: null,
    };
    if (await deps.store.putKey(record)) return { ok: true, value: { key: fresh.key, record } };
  }
  return { ok: false, problem: 'could not allocate a key id; try again' };
}

/** Disables a key at once. */
export async function disableKey(deps: KeyAdminDeps, keyId: string): Promise<AdminResult<KeyRecord>> {
  const updated = await deps.store.updateKey(keyId, { disabled: true });
  return updated === null ? { ok: false, problem: `no key with id ${keyId}` } : { ok: true, value: updated };
}

/**
 * Replaces a key: a new key with the old one's settings (overridden by `changes`), and the old key
 * disabled at once, or, with a grace period, left working until then so deployments can switch over.
 */
export async function rotateKey(
  deps: KeyAdminDeps,
  keyId: string,
  changes: Partial<KeySettings>,
  graceMs: number,
): Promise<AdminResult<{ key: string; record: KeyRecord; old: KeyRecord }>> {
  const old = await deps.store.getKey(keyId);
  if (old === null) return { ok: false, problem: `no key with id ${keyId}` };
  if (old.disabled) return { ok: false, problem: `key ${keyId} is disabled; create a new key instead` };
  const created = await createKey(deps, {
    workspace: changes.workspace ?? old.workspace,
    tier: changes.tier ?? old.tier,
    origins: changes.origins ?? old.origins,
    branding: changes.branding === undefined ? old.branding : changes.branding,
    expiresAtMs: changes.expiresAtMs === undefined ? old.expiresAtMs : changes.expiresAtMs,
  });
  if (!created.ok) return created;
  const now = deps.clock.now();
  const graceEnd = now + graceMs;
  const retired = await deps.store.updateKey(
    keyId,
    graceMs <= 0
      ? { disabled: true, replacedBy: created.value.record.keyId }
      : {
          replacedBy: created.value.record.keyId,
          expiresAtMs: old.expiresAtMs === null ? graceEnd : Math.min(old.expiresAtMs, graceEnd),
        },
  );
  if (retired === null) return { ok: false, problem: `key ${keyId} vanished during rotation` };
  return { ok: true, value: { ...created.value, old: retired } };
}

/** A key's state at `nowMs`, for listings. */
export function keyStatus(record: KeyRecord, nowMs: number): 'active' | 'disabled' | 'expired' {
  if (record.disabled) return 'disabled';
  if (record.expiresAtMs !== null && record.expiresAtMs <= nowMs) return 'expired';
  return 'active';
}
