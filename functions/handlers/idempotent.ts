/**
 * Idempotent POSTs (docs/api.md, "Idempotent retries"). A solving POST with an `Idempotency-Key` header
 * stores its outcome (a 200, or a 422 `noPlanFound`) for 24 hours per caller (the key's workspace, or
 * the public caller's IP) with a fingerprint of the request; a repeat gets the stored answer (a file
 * rendered again from the stored plan), marked `Idempotent-Replayed: true`, before admission: it is not
 * counted and is answered even when the caller's limit is spent. Without the header nothing is stored.
 *
 * Storage is the stored-body store (functions/shared/stored/): the outcome `idem#<id>` (written whole or
 * not at all, in chunks when large) and, while the first call runs, a lease `idemrun#<id>` that expires
 * at the end of the tier's budget plus a grace, so a crashed call never locks its key. The flow:
 *
 * 1. outcome stored? → replay it (same fingerprint) or 422 `idempotencyKeyReused`;
 * 2. take the lease (a put that fails while another live lease holds the id) → taken: 409
 *    `idempotencyInProgress` with `Retry-After` (or 422 for a different request);
 * 3. read the outcome again (a call may have ended between 1 and 2) → replay it;
 * 4. run the call; inside its admission, store the outcome before the slot is released. A store that
 *    fails turns the answer into 503 `busy`, refunded, with nothing stored (a record that may have landed
 *    is deleted): a retry with the same key runs again and is counted once;
 * 5. drop the lease (if that fails, it expires).
 *
 * Refusals before a plan (400, 401, 413, 429, 503, 500) store nothing and may be retried with the key.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../core/budget.ts';
import { type CutplanError, err, ok, type Result, ValidationError } from '../../core/errors.ts';
import type { Admitter } from '../shared/admission.ts';
import type { ShopJob } from '../shared/core-port.ts';
import { BusyError, IdempotencyInProgressError, IdempotencyKeyReusedError } from '../shared/errors.ts';
import { type Answer, fail, type HttpRequest, type Reply, withHeaders } from '../shared/http/index.ts';
import { errorFields, type Logger } from '../shared/log.ts';
import type { BodyKey, BodyStore } from '../shared/stored/body-store.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_CHARS = 255;
/** How long an outcome is replayed. */
export const REPLAY_MS = 24 * 3_600_000;
/** A lease lasts the tier's budget plus this: parsing, admission, rendering and storing the outcome. */
export const LEASE_GRACE_MS = 30_000;
/** The most a 409 asks the caller to wait before asking again. */
export const MAX_IN_PROGRESS_RETRY_SECONDS = 5;

/** What is stored for a replay: a whole answer (JSON routes, and every 422), or a file's plan. */
export type Kept =
  | {
      readonly kind: 'reply';
      readonly status: number;
      readonly headers: Readonly<Record<string, string>>;
      readonly body: string;
      readonly isBase64Encoded: boolean;
    }
  | { readonly kind: 'file'; readonly job: ShopJob; readonly branding: string | null };

/** Stores a call's outcome inside its admission; an error when it could not (the call is then refunded). */
export type Keep = (kept: Kept) => Promise<Result<void, CutplanError>>;

export interface IdempotencyDeps {
  readonly admitter: Admitter;
  readonly clock: Clock;
  readonly log: Logger;
  /** Absent: the composition keeps no state, and the header is not read (test compositions only). */
  readonly bodies?: BodyStore;
}

/** A stored whole answer as the reply it was (a file route's plan is rendered by the route instead). */
export async function replayReply(kept: Kept): Promise<Reply> {
  if (kept.kind !== 'reply') throw new Error('a stored plan replays through its file route');
  const { status, headers, body, isBase64Encoded } = kept;
  return { kind: 'reply', status, headers, body, isBase64Encoded };
}

/** The stored form of a whole answer. */
export function keptReply(reply: Reply): Kept {
  return {
    kind: 'reply',
    status: reply.status,
    headers: reply.headers,
    body: reply.body,
    isBase64Encoded: reply.isBase64Encoded,
  };
}

/** The header's value: null when absent; a 400 naming the header when empty, repeated or too long. */
export function idempotencyKeyOf(req: Pick<HttpRequest, 'headers'>): Result<string | null, ValidationError> {
  const values = req.headers.get(IDEMPOTENCY_HEADER.toLowerCase());
  if (values === undefined || values.length === 0) return ok(null);
  const refuse = (why: string) => err(ValidationError.of(IDEMPOTENCY_HEADER, why));
  if (new Set(values).size > 1) return refuse('send one Idempotency-Key header, not several');
  const key = values[0] ?? '';
  if (key === '') return refuse('is empty; send a unique value per logical call (e.g. a UUID)');
  if (key.length > MAX_IDEMPOTENCY_KEY_CHARS) {
    return refuse(`is ${key.length} characters long; the most is ${MAX_IDEMPOTENCY_KEY_CHARS}`);
  }
  if (!/^[\x20-\x7e]+$/.test(key)) return refuse('must be printable ASCII characters');
  return ok(key);
}

/**
 * What makes two requests the same: method, path, query (sorted), the `Accept` and `Content-Type`
 * headers (lower-cased) and the body, as canonical JSON (keys sorted, whitespace dropped) when it is
 * JSON, else its bytes. SHA-256, hex.
 */
export function fingerprint(req: HttpRequest): string {
  const raw =
    req.body === null ? '' : Buffer.from(req.body, req.isBase64Encoded ? 'base64' : 'utf8').toString('utf8');
  let body: string;
  try {
    body = `json:${canonicalJson(JSON.parse(raw))}`;
  } catch {
    body = `raw:${raw}`;
  }
  const query = Object.entries(req.query)
    .map(([k, v]) => [k, typeof v === 'string' ? [v] : [...v]] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const header = (name: string) => (req.headers.get(name) ?? []).join(',').trim().toLowerCase();
  const parts = [req.method, req.path, query, header('accept'), header('content-type'), body];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A failure of the store itself (`StoreUnavailableError` of functions/shared/limits/store.ts), told by its
 * name: importing the class would pull the limits module into the light functions' bundles, which reach
 * this module through the handlers' barrel (infra/bundle-light.test.ts).
 */
function isStoreUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === 'StoreUnavailableError';
}

/** The stored id of a key: 128 bits of its SHA-256 (the key itself is never stored). */
function idOf(key: string): string {
  return `ik_${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
}

interface OutcomeMeta {
  readonly fingerprint: string;
  readonly status: number;
}

/**
 * Runs `run` idempotently when the request is a POST with an `Idempotency-Key`; otherwise runs it as is
 * (`keep` undefined). `replay` turns a stored outcome back into the answer.
 */
export async function idempotent(
  deps: IdempotencyDeps,
  req: HttpRequest,
  replay: (kept: Kept) => Promise<Reply>,
  run: (keep: Keep | undefined) => Promise<Answer>,
): Promise<Answer> {
  if (req.method !== 'POST') return run(undefined);
  const key = idempotencyKeyOf(req);
  if (!key.ok) return fail(key.error);
  const { bodies } = deps;
  if (key.value === null || bodies === undefined || deps.admitter.identify === undefined) {
    return run(undefined);
  }
  const who = await deps.admitter.identify(req.caller);
  if (!who.ok) return fail(who.error);
  const id = idOf(key.value);
  const outcomeKey: BodyKey = { workspace: who.value.scope, kind: 'idem', id };
  const leaseKey: BodyKey = { workspace: who.value.scope, kind: 'idemrun', id };
  const print = fingerprint(req);
  const busyError = () =>
    new BusyError('the service is busy (idempotency store unavailable); retry shortly', 2);
  const busy = (error: unknown) => {
    deps.log.error('idempotency store unavailable; answering 503 busy', {
      source: 'idempotency',
      ...errorFields(error),
    });
    return fail(busyError());
  };
  const reused = () =>
    fail(
      new IdempotencyKeyReusedError(
        `${IDEMPOTENCY_HEADER}: this key was used within the last 24 hours for a different request (route, body, query or Accept/Content-Type); send a new key for a new request`,
      ),
    );

  /** The stored outcome's answer, or null when none is stored. */
  const stored = async (): Promise<Answer | null> => {
    const found = await bodies.get(outcomeKey, deps.clock.now());
    if (found === null) return null;
    const meta = found.meta as OutcomeMeta;
    if (meta.fingerprint !== print) return reused();
    const kept = JSON.parse(Buffer.from(found.body).toString('utf8')) as Kept;
    return withHeaders(await replay(kept), { [REPLAYED_HEADER]: 'true' });
  };

  try {
    const first = await stored();
    if (first !== null) return first;
    const now = deps.clock.now();
    const leaseUntil = now + who.value.tier.budgetSeconds * 1000 + LEASE_GRACE_MS;
    const leased = await bodies.put({
      key: leaseKey,
      body: new Uint8Array(0),
      meta: { fingerprint: print },
      createdAtMs: now,
      expiresAtMs: leaseUntil,
    });
    if (!leased) {
      const holder = await bodies.head(leaseKey, deps.clock.now());
      if (holder !== null && (holder.meta as { fingerprint?: string }).fingerprint !== print) return reused();
      // The first call may have ended since step 1 (its lease gone, its outcome stored).
      const ended = holder === null ? await stored() : null;
      if (ended !== null) return ended;
      const left = holder === null ? 1 : Math.ceil((holder.expiresAtMs - deps.clock.now()) / 1000);
      const wait = Math.min(MAX_IN_PROGRESS_RETRY_SECONDS, Math.max(1, left));
      return fail(
        new IdempotencyInProgressError(
          `a call with this ${IDEMPOTENCY_HEADER} is still running; retry in ${wait} s to get its outcome`,
          wait,
        ),
      );
    }
    try {
      const raced = await stored();
      if (raced !== null) return raced;
      return await run(async (kept) => {
        const at = deps.clock.now();
        try {
          const put = await bodies.put({
            key: outcomeKey,
            body: new TextEncoder().encode(JSON.stringify(kept)),
            meta: {
              fingerprint: print,
              status: kept.kind === 'reply' ? kept.status : 200,
            } satisfies OutcomeMeta,
            createdAtMs: at,
            expiresAtMs: at + REPLAY_MS,
          });
          // Taken: only a call holding an expired lease (one that outlived it) can have stored it.
          if (!put) deps.log.error('idempotent outcome already stored', { source: 'idempotency' });
          return ok(undefined);
        } catch (error) {
          if (!isStoreUnavailable(error)) throw error;
          // The put may have landed: take it away, so a retry runs again rather than replaying a call
          // that is refunded. If that fails too, the retry replays it (uncounted).
          await bodies.delete(outcomeKey).catch(() => false);
          // The route decides the answer: the solving routes refund and answer 503, while a rack route
          // whose change has landed still answers it. So the log says only what failed here.
          deps.log.error('idempotency store unavailable; outcome not stored', {
            source: 'idempotency',
            ...errorFields(error),
          });
          return err(busyError());
        }
      });
    } finally {
      await bodies.delete(leaseKey).catch((error: unknown) => {
        deps.log.error('idempotency lease not dropped (it expires)', {
          source: 'idempotency',
          ...errorFields(error),
        });
      });
    }
  } catch (error) {
    if (isStoreUnavailable(error)) return busy(error);
    throw error;
  }
}
