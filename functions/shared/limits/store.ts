/**
 * The limits store port: the few atomic operations admission needs, in domain terms (counters, slots,
 * key records). The DynamoDB adapter (`dynamo-store.ts`) is the one implementation; its table layout is
 * documented in docs/operations.md. Expected outcomes come back as data; any failure of the store itself
 * (network, throttling, a bug in an expression) is thrown as {@link StoreUnavailableError}.
 */
import type { PaidTierName } from './api-keys.ts';
import type { Window } from './windows.ts';

/** Whom a counter or a slot pool belongs to: one client IP (or IPv6 /64), or one API key. */
export type Subject =
  | { readonly kind: 'ip'; readonly ip: string }
  | { readonly kind: 'key'; readonly keyId: string };

/** One rate or monthly counter: a subject's calls within one window, up to a limit. */
export interface Counter {
  readonly subject: Subject;
  readonly window: Window;
  readonly limit: number;
}

/**
 * Result of counting one call. `counted` also when this token was already counted (a retried write):
 * counting is idempotent per token, so a call is never counted twice.
 */
export interface CountOutcome {
  readonly status: 'counted' | 'limited';
  /** Calls counted in the window after this one (`limited`: the count that refused it). */
  readonly used: number;
}

/** A pool of concurrent solve slots: the shared public pool, or one key's own. */
export type Pool = { readonly kind: 'public' } | { readonly kind: 'key'; readonly keyId: string };

/** A lease on one slot of a pool, held by a token until released or until `leaseUntilMs`. */
export interface SlotLease {
  readonly slot: number;
}

/** An API key as stored: never the key itself, only the SHA-256 of it. */
export interface KeyRecord {
  /** Public identifier, part of the key (`cp_live_<keyId>_<secret>`); safe to print and log. */
  readonly keyId: string;
  /** Hex SHA-256 of the whole key string. */
  readonly secretHash: string;
  readonly workspace: string;
  /** A paid tier name as stored; an unknown value (a retired tier) is refused at admission. */
  readonly tier: PaidTierName | string;
  /** Browser origins (`https://host[:port]`) allowed to call with this key. */
  readonly origins: readonly string[];
  /** A line printed on this workspace's PDFs, or null for the default attribution. */
  readonly branding: string | null;
  readonly createdAtMs: number;
  /** The key stops working at this instant; null = no expiry. */
  readonly expiresAtMs: number | null;
  readonly disabled: boolean;
  /** The key that replaced this one (set by `keys rotate`). */
  readonly replacedBy: string | null;
}

/** The fields `keys disable` / `keys rotate` change on an existing record. */
export interface KeyChange {
  readonly disabled?: true;
  readonly expiresAtMs?: number;
  readonly replacedBy?: string;
}

export interface LimitsStore {
  /** Counts the call `token` against `counter` unless the limit is reached. Idempotent per token. */
  count(counter: Counter, token: string): Promise<CountOutcome>;
  /** Takes back the call `token` from `counter`; a no-op when it was not (or no longer) counted. */
  refund(counter: Counter, token: string): Promise<void>;
  /**
   * Leases a free slot of `pool` (one of `size`) for `token` until `leaseUntilMs`. A slot is free when
   * it has no lease or its lease ended before `nowMs`: a crashed holder never blocks it for longer than
   * its lease. Null when every slot is held.
   */
  claimSlot(
    pool: Pool,
    size: number,
    token: string,
    nowMs: number,
    leaseUntilMs: number,
  ): Promise<SlotLease | null>;
  /** Frees the slot `token` holds (the given one, or whichever it holds when unknown). */
  releaseSlot(pool: Pool, token: string, slot?: number): Promise<void>;
  getKey(keyId: string): Promise<KeyRecord | null>;
  /** Stores a new key record; false when the key id is taken. */
  putKey(record: KeyRecord): Promise<boolean>;
  /** Applies `change` to an existing record; null when there is no such key. */
  updateKey(keyId: string, change: KeyChange): Promise<KeyRecord | null>;
  /** All key records (of one workspace when given), newest first. */
  listKeys(workspace?: string): Promise<KeyRecord[]>;
}

/** The store could not answer (network, throttling, service error). Admission turns it into 503 busy. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(operation: string, cause: unknown) {
    super(
      `limits store unavailable during ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}
