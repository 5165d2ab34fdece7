/**
 * The limits store port: the few atomic operations admission needs, in domain terms (counters, slots,
 * key records). The DynamoDB adapter (`dynamo-store.ts`) is the one implementation; its table layout is
 * documented in docs/operations.md. Expected outcomes come back as data; any failure of the store itself
 * (network, throttling, a bug in an expression) is thrown as {@link StoreUnavailableError}.
 */
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
 * Result of counting one call against all its counters at once (one subject; the first counter's window
 * is the longest and holds the others). `counted` also when this token was already counted (a retried
 * write): counting is idempotent per token, so a call is never counted twice.
 */
export type CountOutcome =
  | {
      readonly status: 'counted';
      /** Per counter, in the order given: calls counted in its window with this one. */
      readonly used: readonly number[];
    }
  | {
      readonly status: 'limited';
      /** Index of the counter that refused the call (the first full one). */
      readonly by: number;
      /** Per counter: calls counted in its window (this one not among them). */
      readonly used: readonly number[];
    };

/**
 * A pool of concurrent slots: the shared public pool of solves, a key's own solves, or a key's jobs in
 * flight (queued or running async jobs, leased in the key's slots item under their own attributes).
 */
export type Pool =
  | { readonly kind: 'public' }
  | { readonly kind: 'key'; readonly keyId: string }
  | { readonly kind: 'jobs'; readonly keyId: string };

/** A key's month: calls counted and answered (`used`), calls admitted then refunded (`refunded`). */
export interface MonthTally {
  readonly used: number;
  readonly refunded: number;
}

/** How a slot is given back. */
export interface ReleaseOptions {
  /** The claim's outcome is unknown (it may still land): see {@link LimitsStore.releaseSlot}. */
  readonly uncertain?: boolean;
  /**
   * A key's call ends: its month (`month@2025-03`) counts it as `used` or `refunded`, in the same
   * conditional write that removes the lease, so a retried release never counts it twice.
   */
  readonly month?: { readonly id: string; readonly outcome: keyof MonthTally };
}

/** An API key as stored: never the key itself, only the SHA-256 of it. */
export interface KeyRecord {
  /** Public identifier, part of the key (`cp_live_<keyId>_<secret>`); safe to print and log. */
  readonly keyId: string;
  /** Hex SHA-256 of the whole key string. */
  readonly secretHash: string;
  readonly workspace: string;
  /** A paid tier name as stored; an unknown value (a retired tier) is refused at admission. */
  readonly tier: string;
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
  /**
   * Counts the call `token` against every counter of one subject in one conditional write, unless one
   * of them is full (then nothing is counted). Counters are given longest window first, and each
   * shorter window must lie inside the first (an hour inside its month). Idempotent per token.
   */
  count(counters: readonly Counter[], token: string): Promise<CountOutcome>;
  /**
   * Takes back the call `token` from `counters`; a no-op when it was not (or no longer) counted.
   * `uncertain`: the count's outcome is unknown (its request failed or timed out and may still land):
   * the token is then also barred from being counted later, so a late write cannot count the call.
   */
  refund(counters: readonly Counter[], token: string, options?: { uncertain?: boolean }): Promise<void>;
  /**
   * Leases one of the `size` solve slots of `pool` for `token` until `leaseUntilMs`, in one
   * conditional write. A lease that ended before `nowMs` (a crashed holder's) no longer counts. False
   * when every slot is held. Idempotent per token.
   */
  claimSlot(pool: Pool, size: number, token: string, nowMs: number, leaseUntilMs: number): Promise<boolean>;
  /**
   * Frees the slot `token` holds, if any. `uncertain`: the claim's outcome is unknown (it may still
   * land): the token's lease is left ended instead, so a late claim is refused and the slot is reaped.
   */
  releaseSlot(pool: Pool, token: string, options?: ReleaseOptions): Promise<void>;
  /** Calls counted so far in each counter's window (0 for a counter with no item yet); one read. */
  used(counters: readonly Counter[]): Promise<number[]>;
  /** A key's monthly figures (`month@2025-03`): calls answered and calls refunded; zeros when none. */
  monthOf(keyId: string, monthId: string): Promise<MonthTally>;
  getKey(keyId: string): Promise<KeyRecord | null>;
  /** Stores a new key record; false when the key id is taken. */
  putKey(record: KeyRecord): Promise<boolean>;
  /** Applies `change` to an existing record; null when there is no such key. */
  updateKey(keyId: string, change: KeyChange): Promise<KeyRecord | null>;
  /** All key records (of one workspace when given), newest first. */
  listKeys(workspace?: string): Promise<KeyRecord[]>;
}

export { StoreUnavailableError } from '../store-unavailable.ts';
