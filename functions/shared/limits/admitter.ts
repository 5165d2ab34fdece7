/**
 * The {@link Admitter} on top of a {@link LimitsStore}. For each call: identify the caller (public by
 * IP, or a key: 401 when it is not good; key records are cached in the container, see `key-cache.ts`),
 * check the tier's size caps (413, nothing counted), then in ONE step and in parallel count the call
 * against all its windows (one conditional write) and lease a solve slot (one conditional write). A
 * refusal by either is compensated: a call refused by its counters gives its slot back (429); a call
 * with no slot free has its count refunded (503). After the solve, `release` frees the slot (and
 * refunds the count when the call failed). So an admitted call costs three requests in two steps.
 *
 * A store failure, or a store that does not answer within the admission deadline, is a 503 `busy` with
 * nothing counted: whatever may have landed is taken back (refunds are conditional on the call's token,
 * and an uncertain one also bars the token from a late count). Counting is idempotent per call, so
 * retries and refunds never count a call twice.
 *
 * This module admits calls (sync solves, usage, rack calls); jobs are admitted and settled in
 * `job-admission.ts`, callers identified in `caller-identity.ts`, refunds retried in `clean-up.ts`.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../core/budget.ts';
import { type CutplanError, err, ok, type Result } from '../../../core/errors.ts';
import {
  type Admission,
  type Admitter,
  type Caller,
  type CallerScope,
  type JobSize,
  KEY_REQUIRED,
  type Usage,
  type WorkspaceCall,
} from '../admission.ts';
import { BusyError, KeyRequiredError } from '../errors.ts';
import { TIERS, type Tier, type TierName } from '../tiers.ts';
import { deadlinePassed, raceDeadline } from './admission-deadline.ts';
import { displayKey } from './api-keys.ts';
import { createIdentify } from './caller-identity.ts';
import { createSettle } from './clean-up.ts';
import { jobAdmission } from './job-admission.ts';
import { cachedKeyLookup, DEFAULT_KEY_CACHE_MS } from './key-cache.ts';
import { bindingStatus, countersFor, rackCounter, rateLimited, windowUsages } from './rate-limits.ts';
import { checkCaps } from './size-caps.ts';
import { type LimitsStore, type Pool, StoreUnavailableError, type Subject } from './store.ts';
import { monthWindow } from './windows.ts';

/** Admission's overall deadline: past it the call is answered 503 `busy`, counted nowhere. */
export const DEFAULT_ADMISSION_DEADLINE_MS = 3_000;

export interface AdmitterOptions {
  readonly store: LimitsStore;
  readonly clock: Clock;
  readonly tiers?: Readonly<Record<TierName, Tier>>;
  /** Ends the detail of a public tier's 429 (the local server's: how to make a key there); none when absent. */
  readonly publicLimitHint?: string;
  /** A unique id per call (the counting token and slot owner). */
  readonly newToken?: () => string;
  /** A slot's lease lasts the tier's solve budget plus this (seconds), for parsing, verifying, responding. */
  readonly leaseGraceSeconds?: number;
  /** `Retry-After` when every slot is held. */
  readonly busyRetryAfterSeconds?: number;
  /** `Retry-After` when the store is unavailable. */
  readonly storeRetryAfterSeconds?: number;
  /** How long a key record is trusted in this container (ms); 0 = read it on every call. */
  readonly keyCacheMs?: number;
  /** The most time admission (and, separately, a release) may take against the store (ms, real time). */
  readonly deadlineMs?: number;
  /** Where store failures are reported (they become 503s; operators need to see them). */
  readonly logError?: (message: string, error: unknown) => void;
}

export function createAdmitter(options: AdmitterOptions): Admitter {
  const { store, clock } = options;
  const tiers = options.tiers ?? TIERS;
  const newToken = options.newToken ?? (() => randomBytes(16).toString('base64url'));
  const leaseGraceMs = (options.leaseGraceSeconds ?? 15) * 1000;
  const busyRetryAfter = options.busyRetryAfterSeconds ?? 5;
  const storeRetryAfter = options.storeRetryAfterSeconds ?? 2;
  const deadlineMs = options.deadlineMs ?? DEFAULT_ADMISSION_DEADLINE_MS;
  const logError = options.logError ?? defaultLogError;
  const lookupKey = cachedKeyLookup(store, clock, options.keyCacheMs ?? DEFAULT_KEY_CACHE_MS);

  const unavailable = (error: unknown): BusyError => {
    logError('limits store unavailable; answering 503 busy', error);
    return new BusyError('the service is busy (limits store unavailable); retry shortly', storeRetryAfter);
  };
  const settle = createSettle(logError);
  const identify = createIdentify({ tiers, clock, lookupKey, deadlineMs, unavailable });

  return {
    async check(caller: Caller): Promise<Result<true, CutplanError>> {
      const started = performance.now();
      const identified = await identify(caller, (p) =>
        raceDeadline(p, deadlineMs - (performance.now() - started)),
      );
      return identified.ok ? ok(true) : identified;
    },
    async identify(caller: Caller): Promise<Result<CallerScope, CutplanError>> {
      const started = performance.now();
      const identified = await identify(caller, (p) =>
        raceDeadline(p, deadlineMs - (performance.now() - started)),
      );
      if (!identified.ok) return identified;
      const who = identified.value;
      return ok({
        tier: who.tier,
        scope: who.workspace === null ? `ip:${subjectId(who.subject)}` : `ws:${who.workspace}`,
        workspace: who.workspace,
        branding: who.branding,
      });
    },
    async usage(caller: Caller): Promise<Result<Usage, CutplanError>> {
      const started = performance.now();
      const within = <T>(p: Promise<T>) => raceDeadline(p, deadlineMs - (performance.now() - started));
      const identified = await identify(caller, within);
      if (!identified.ok) return identified;
      const who = identified.value;
      const now = clock.now();
      const counters = countersFor(who.tier, who.subject, now);
      const monthId = monthWindow(now).id;
      try {
        // One read of the counters' item and, for a key, one of its month: in parallel.
        const read = await within(
          Promise.all([
            store.used(counters),
            who.keyId === null ? Promise.resolve(null) : store.monthOf(who.keyId, monthId),
          ]),
        );
        if (read.timedOut) return err(unavailable(deadlinePassed('usage', deadlineMs)));
        const [used, month] = read.value;
        const windows = windowUsages(counters.map((counter, i) => ({ counter, used: used[i] ?? 0 })));
        const monthly = windows.find((w) => w.window === 'month');
        return ok({
          tier: who.tier.name,
          windows,
          month: month ?? { used: monthly?.used ?? 0, refunded: null },
        });
      } catch (error) {
        if (error instanceof StoreUnavailableError) return err(unavailable(error));
        throw error;
      }
    },
    async workspace(caller: Caller): Promise<Result<WorkspaceCall, CutplanError>> {
      if (caller.apiKey === undefined) return err(new KeyRequiredError(KEY_REQUIRED));
      const started = performance.now();
      const within = <T>(p: Promise<T>) => raceDeadline(p, deadlineMs - (performance.now() - started));
      const identified = await identify(caller, within);
      if (!identified.ok) return identified;
      const who = identified.value;
      if (who.workspace === null || who.keyId === null) return err(new KeyRequiredError(KEY_REQUIRED));
      const now = clock.now();
      const counter = rackCounter(who.tier, who.keyId, now);
      try {
        const counted = await within(store.count([counter], newToken()));
        if (counted.timedOut) return err(unavailable(deadlinePassed('rack call count', deadlineMs)));
        if (counted.value.status === 'limited') return err(rateLimited(who.tier, counter, now));
        return ok({
          tier: who.tier,
          workspace: who.workspace,
          keyId: who.keyId,
          branding: who.branding,
          rateLimit: bindingStatus([{ counter, used: counted.value.used[0] ?? 1 }]),
        });
      } catch (error) {
        if (error instanceof StoreUnavailableError) return err(unavailable(error));
        throw error;
      }
    },
    ...jobAdmission({ store, clock, tiers, newToken, deadlineMs, identify, settle, unavailable }),
    async admit(caller: Caller, size: JobSize): Promise<Result<Admission, CutplanError>> {
      const started = performance.now();
      const remaining = () => deadlineMs - (performance.now() - started);
      const within = <T>(p: Promise<T>) => raceDeadline(p, remaining());

      const identified = await identify(caller, within);
      if (!identified.ok) return identified;
      const who = identified.value;
      const { tier } = who;
      const capped = checkCaps(tier, size);
      if (capped !== null) return err(capped);

      const token = newToken();
      const now = clock.now();
      const counters = countersFor(tier, who.subject, now);
      const leaseUntil = now + tier.budgetSeconds * 1000 + leaseGraceMs;
      const refund = (uncertain: boolean) => () => store.refund(counters, token, { uncertain });
      const release = () => store.releaseSlot(who.pool, token);
      const monthId = monthWindow(now).id;
      // A key's month counts the call as it ends, in the write that frees its slot (dynamo-slots.ts).
      const releaseEnded = (outcome: 'used' | 'refunded') => () =>
        store.releaseSlot(who.pool, token, { month: { id: monthId, outcome } });
      const releaseUncertain = () => store.releaseSlot(who.pool, token, { uncertain: true });

      const counting = store.count(counters, token);
      const claiming = store.claimSlot(who.pool, tier.concurrency, token, now, leaseUntil);
      const step = await within(Promise.allSettled([counting, claiming]));
      if (step.timedOut) {
        // The writes may still land: take them back once they settle, whenever that is.
        void Promise.allSettled([counting, claiming]).then(() => settle([refund(true), releaseUncertain]));
        return err(unavailable(deadlinePassed('admission', deadlineMs)));
      }
      const [count, claim] = step.value;
      if (count.status === 'rejected' || claim.status === 'rejected') {
        const failure = count.status === 'rejected' ? count.reason : (claim as PromiseRejectedResult).reason;
        const undo = [
          ...(count.status === 'rejected'
            ? [refund(true)]
            : count.value.status === 'counted'
              ? [refund(false)]
              : []),
          ...(claim.status === 'rejected' ? [releaseUncertain] : claim.value ? [release] : []),
        ];
        await within(settle(undo));
        const bug = [count, claim].find(
          (r) => r.status === 'rejected' && !(r.reason instanceof StoreUnavailableError),
        );
        if (bug?.status === 'rejected') throw bug.reason;
        return err(unavailable(failure));
      }
      const outcome = count.value;
      if (outcome.status === 'limited') {
        if (claim.value) await within(settle([release]));
        const by = counters[outcome.by] ?? counters[0];
        if (by === undefined) throw new Error('a tier has at least one counter');
        return err(rateLimited(tier, by, now, options.publicLimitHint ?? null));
      }
      if (!claim.value) {
        await within(settle([refund(false)]));
        const after = counters.map((counter, i) => ({ counter, used: (outcome.used[i] ?? 1) - 1 }));
        return err(new BusyError(busyDetail(tier, who.pool), busyRetryAfter, bindingStatus(after)));
      }
      let released = false;
      const states = counters.map((counter, i) => ({ counter, used: outcome.used[i] ?? 1 }));
      return ok({
        tier,
        workspace: who.workspace,
        branding: who.branding,
        keyId: who.keyId,
        rateLimit: bindingStatus(states),
        windows: windowUsages(states),
        release: async (result) => {
          if (released) return;
          released = true;
          const done = await raceDeadline(
            settle([
              releaseEnded(result === 'failed' ? 'refunded' : 'used'),
              ...(result === 'failed' ? [refund(false)] : []),
            ]),
            deadlineMs,
          );
          if (done.timedOut) logError('limits clean-up failed', deadlinePassed('release', deadlineMs));
        },
      });
    },
  };
}

function subjectId(subject: Subject): string {
  return subject.kind === 'ip' ? subject.ip : subject.keyId;
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
