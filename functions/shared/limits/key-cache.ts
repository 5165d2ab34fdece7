/**
 * Key records cached in the container, so that a warm key costs no read on its calls. A record (or the
 * absence of one) is trusted for `ttlMs` after it was read; the presented key's hash, its expiry and its
 * origins are still checked on every call against the cached record. What the cache means for an
 * operator: `cutplan keys disable` (or a rotation without grace) takes effect in every container within
 * `ttlMs` (30 s by default), not at once; docs/operations.md says so.
 */
import type { Clock } from '../../../core/budget.ts';
import type { KeyRecord, LimitsStore } from './store.ts';

/** How long a key record read from the table is trusted in a container. */
export const DEFAULT_KEY_CACHE_MS = 30_000;

/** At most this many records are kept (a flood of random key ids must not grow memory without bound). */
const MAX_ENTRIES = 1_000;

/** `store.getKey` through a per-container cache of `ttlMs` (0: no cache). */
export function cachedKeyLookup(
  store: Pick<LimitsStore, 'getKey'>,
  clock: Clock,
  ttlMs: number,
): (keyId: string) => Promise<KeyRecord | null> {
  if (ttlMs <= 0) return (keyId) => store.getKey(keyId);
  const cache = new Map<string, { readonly record: KeyRecord | null; readonly untilMs: number }>();
  return async (keyId) => {
    const now = clock.now();
    const hit = cache.get(keyId);
    if (hit !== undefined && hit.untilMs > now) return hit.record;
    const record = await store.getKey(keyId);
    cache.delete(keyId);
    if (cache.size >= MAX_ENTRIES) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    cache.set(keyId, { record, untilMs: clock.now() + ttlMs });
    return record;
  };
}
