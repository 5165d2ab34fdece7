/**
 * The {@link Admitter} on top of a {@link LimitsStore}. For each call, in this order: identify the caller
 * (public by IP, or a key: 401 when it is not good), check the tier's size caps (413, nothing counted),
 * count the call against the tier's windows (429), lease a solve slot (503). Anything counted for a
 * call that is then refused is refunded, and `release('failed')` refunds an admitted call. A store
 * failure at any point is a 503 `busy`, never a 500; counting is idempotent per call, so retries and
 * refunds never count a call twice.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../core/budget.ts';
import {
  BadKeyError,
  BusyError,
  type CutplanError,
  err,
  ok,
  PartsLimitError,
  type Result,
} from '../../../core/errors.ts';
import type { Admission, Admitter, Caller, JobSize } from '../admission.ts';
import { corsFor, normaliseOrigin } from '../http/index.ts';
import { TIERS, type Tier, type TierName } from '../tiers.ts';
import { checkKey, displayKey, parsePresentedKey } from './api-keys.ts';
import { ipSubject } from './client-ip.ts';
import { type CounterState, countersFor, rateLimited, rateLimitHeaders } from './rate-limits.ts';
import { type LimitsStore, type Pool, StoreUnavailableError, type Subject } from './store.ts';

export interface AdmitterOptions {
  readonly store: LimitsStore;
  readonly clock: Clock;
  readonly tiers?: Readonly<Record<TierName, Tier>>;
  /** A unique id per call (the counting token and slot owner). */
  readonly newToken?: () => string;
  /** A slot's lease lasts the tier's solve budget plus this (seconds), for parsing, verifying, responding. */
  readonly leaseGraceSeconds?: number;
  /** `Retry-After` when every slot is held. */
  readonly busyRetryAfterSeconds?: number;
  /** `Retry-After` when the store is unavailable. */
  readonly storeRetryAfterSeconds?: number;
  /** Where store failures are reported (they become 503s; operators need to see them). */
  readonly logError?: (message: string, error: unknown) => void;
}

interface Identity {
  readonly tier: Tier;
  readonly subject: Subject;
  readonly pool: Pool;
  readonly workspace: string | null;
  readonly branding: string | null;
  readonly cors: Readonly<Record<string, string>>;
}

export function createAdmitter(options: AdmitterOptions): Admitter {
  const { store, clock } = options;
  const tiers = options.tiers ?? TIERS;
  const newToken = options.newToken ?? (() => randomBytes(16).toString('base64url'));
  const leaseGraceMs = (options.leaseGraceSeconds ?? 15) * 1000;
  const busyRetryAfter = options.busyRetryAfterSeconds ?? 5;
  const storeRetryAfter = options.storeRetryAfterSeconds ?? 2;
  const logError = options.logError ?? defaultLogError;

  const unavailable = (error: StoreUnavailableError, cors: Readonly<Record<string, string>>): BusyError => {
    logError('limits store unavailable; answering 503 busy', error);
    return new BusyError(
      'the service is busy (limits store unavailable); retry shortly',
      storeRetryAfter,
      cors,
    );
  };

  /** Best effort: a refund or release that fails leaves at most this call counted, never a double count. */
  const settle = async (work: readonly (() => Promise<void>)[]): Promise<void> => {
    const results = await Promise.allSettled(work.map((w) => w()));
    for (const r of results) if (r.status === 'rejected') logError('limits clean-up failed', r.reason);
  };

  async function identify(caller: Caller): Promise<Result<Identity, CutplanError>> {
    if (caller.apiKey === undefined) {
      const ip = ipSubject(caller.ip);
      return ok({
        tier: tiers.public,
        subject: { kind: 'ip', ip },
        pool: { kind: 'public' },
        workspace: null,
        branding: null,
        cors: corsFor(caller.origin, 'public'),
      });
    }
    const cors = corsFor(caller.origin, 'echo');
    const parsed = parsePresentedKey(caller.apiKey);
    if (!parsed.ok) return err(new BadKeyError(parsed.error.message, cors));
    const origin =
      caller.origin === undefined ? undefined : (normaliseOrigin(caller.origin) ?? caller.origin);
    let record: Awaited<ReturnType<LimitsStore['getKey']>>;
    try {
      record = await store.getKey(parsed.value);
    } catch (error) {
      if (error instanceof StoreUnavailableError) return err(unavailable(error, cors));
      throw error;
    }
    const checked = checkKey(caller.apiKey, record, clock.now(), origin, caller.host);
    if (!checked.ok) return err(new BadKeyError(checked.error.message, cors));
    const key = checked.value;
    return ok({
      tier: tiers[key.tier],
      subject: { kind: 'key', keyId: key.keyId },
      pool: { kind: 'key', keyId: key.keyId },
      workspace: key.workspace,
      branding: key.branding,
      cors,
    });
  }

  return {
    async admit(caller: Caller, size: JobSize): Promise<Result<Admission, CutplanError>> {
      const identified = await identify(caller);
      if (!identified.ok) return identified;
      const who = identified.value;
      const { tier, cors } = who;
      const capped = checkCaps(tier, size, cors);
      if (capped !== null) return err(capped);

      const token = newToken();
      const now = clock.now();
      const counted: CounterState[] = [];
      const refundAll = (states: readonly CounterState[]) =>
        settle(states.map((st) => () => store.refund(st.counter, token)));
      let pending: CounterState | undefined;
      try {
        for (const counter of countersFor(tier, who.subject, now)) {
          pending = { counter, used: counter.limit };
          const outcome = await store.count(counter, token);
          pending = undefined;
          if (outcome.status === 'limited') {
            await refundAll(counted);
            return err(rateLimited(tier, counter, now, cors));
          }
          counted.push({ counter, used: outcome.used });
        }
        const lease = await store.claimSlot(
          who.pool,
          tier.concurrency,
          token,
          now,
          now + tier.budgetSeconds * 1000 + leaseGraceMs,
        );
        if (lease === null) {
          await refundAll(counted);
          const after = counted.map((st) => ({ ...st, used: st.used - 1 }));
          return err(
            new BusyError(busyDetail(tier, who.pool), busyRetryAfter, {
              ...cors,
              ...rateLimitHeaders(after),
            }),
          );
        }
        let released = false;
        return ok({
          tier,
          workspace: who.workspace,
          branding: who.branding,
          headers: { ...cors, ...rateLimitHeaders(counted) },
          release: async (outcome) => {
            if (released) return;
            released = true;
            await settle([
              () => store.releaseSlot(who.pool, token, lease.slot),
              ...(outcome === 'failed' ? counted.map((st) => () => store.refund(st.counter, token)) : []),
            ]);
          },
        });
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) throw error;
        // The write that failed may have landed: refund it too (refunds are conditional on the token).
        await settle([
          ...[...counted, ...(pending === undefined ? [] : [pending])].map(
            (st) => () => store.refund(st.counter, token),
          ),
          () => store.releaseSlot(who.pool, token),
        ]);
        return err(unavailable(error, cors));
      }
    },
  };
}

function checkCaps(
  tier: Tier,
  size: JobSize,
  cors: Readonly<Record<string, string>>,
): PartsLimitError | null {
  const hint = tier.name === 'public' ? '; an API key raises it' : '';
  if (size.totalParts > tier.maxParts) {
    return new PartsLimitError(
      `${size.totalParts} parts (sum of quantities) exceed the ${tier.name} tier's cap of ${tier.maxParts} parts per request${hint}`,
      cors,
    );
  }
  if (size.distinctLines > tier.maxLines) {
    return new PartsLimitError(
      `${size.distinctLines} distinct part lines exceed the ${tier.name} tier's cap of ${tier.maxLines} distinct lines per request${hint}`,
      cors,
    );
  }
  return null;
}

function busyDetail(tier: Tier, pool: Pool): string {
  return pool.kind === 'public'
    ? `all ${tier.concurrency} solve slots of the public tier are busy; retry in a few seconds`
    : `all ${tier.concurrency} concurrent solve slots of API key ${displayKey(pool.keyId)} are in use; retry when one of your solves finishes`;
}

function defaultLogError(message: string, error: unknown): void {
  const detail =
    error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };
  console.error(JSON.stringify({ level: 'error', source: 'limits', message, error: detail }));
}
