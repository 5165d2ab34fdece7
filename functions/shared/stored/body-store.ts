/**
 * The stored-body port: a body (bytes) with small JSON metadata, kept per workspace under an unguessable
 * id for a fixed time, plus set-once marks (a booking record, a replay's answer). The offcut rack stores
 * plans with it; idempotent replays and async job results store their answers the same way. The DynamoDB
 * adapter is `dynamo-body-store.ts`; its layout and failure cases are in docs/operations.md.
 *
 * Failures of the store itself throw {@link StoreUnavailableError} (the handlers answer 503); expected
 * outcomes (absent, expired, taken, already marked) come back as data.
 */
import { randomBytes } from 'node:crypto';

/** Where a body lives: its workspace, its kind (`plan`, `replay`, `job`) and its id. */
export interface BodyKey {
  readonly workspace: string;
  readonly kind: string;
  readonly id: string;
}

/** A body to store. */
export interface NewBody {
  readonly key: BodyKey;
  readonly body: Uint8Array;
  /** Small JSON metadata kept beside the body (read without the body's chunks). */
  readonly meta: unknown;
  readonly createdAtMs: number;
  /** Past this instant the body is gone for every reader (TTL deletes it later in DynamoDB). */
  readonly expiresAtMs: number;
}

/** A stored body as read back. */
export interface StoredBody extends NewBody {
  /** Set-once marks by name (JSON values). */
  readonly marks: Readonly<Record<string, unknown>>;
}

/** What {@link BodyStore.mark} found. */
export type MarkOutcome =
  | { readonly status: 'set'; readonly value: unknown }
  | { readonly status: 'already'; readonly value: unknown }
  | { readonly status: 'missing' };

export interface BodyStore {
  /**
   * Stores a new body; false when the id is taken by a body that has not expired at `createdAtMs` (an
   * expired one is replaced: an idempotent call's lease, once its holder crashed, is taken over this way).
   * A reader sees the whole body or nothing: its chunks are written first, the head item that names them
   * last.
   */
  put(entry: NewBody): Promise<boolean>;
  /** The body, or null when it is absent, expired or belongs to another workspace's key. */
  get(key: BodyKey, nowMs: number): Promise<StoredBody | null>;
  /** The metadata and marks without the body (one read), or null as for {@link get}. */
  head(key: BodyKey, nowMs: number): Promise<Omit<StoredBody, 'body'> | null>;
  /**
   * Sets mark `name` to `value` unless it is set (then the stored value comes back, unchanged): the
   * first writer wins, every later one reads what it wrote.
   */
  mark(key: BodyKey, name: string, value: unknown, nowMs: number): Promise<MarkOutcome>;
  /** Forgets the body; false when there was none. */
  delete(key: BodyKey): Promise<boolean>;
}

/** A fresh unguessable id: `prefix` and 128 random bits in base64url. */
export function newBodyId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/** Ids this store hands out look like this; anything else is answered as absent without a read. */
export const BODY_ID = /^[a-z]{2,8}_[A-Za-z0-9_-]{22}$/;
