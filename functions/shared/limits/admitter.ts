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
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../core/budget.ts';
import { type CutplanError, err, ok, PartsLimitError, type Result } from '../../../core/errors.ts';
import {
  type Admission,
  type Admitter,
  type Caller,
  type CallerScope,
  JOB_KEY_REQUIRED,
  type JobAdmission,
  type JobSize,
  type JobTicket,
  KEY_REQUIRED,
  type Usage,
  type WorkspaceCall,
} from '../admission.ts';
import { BusyError, KeyRequiredError, RateLimitedError } from '../errors.ts';
import { normaliseOrigin } from '../http/cors.ts';
import { TIER_NAMES, TIERS, type Tier, type TierName } from '../tiers.ts';
import { checkKey, displayKey, parsePresentedKey } from './api-keys.ts';
import { ipSubject } from './client-ip.ts';
import { cachedKeyLookup, DEFAULT_KEY_CACHE_MS } from './key-cache.ts';
import { bindingStatus, countersFor, rackCounter, rateLimited, windowUsages } from './rate-limits.ts';
import { type LimitsStore, type Pool, StoreUnavailableError, type Subject } from './store.ts';
import { monthWindow } from './windows.ts';

/** Retries of a refund or release that failed (after 1, 2, 4 and 8 s). */
const CLEAN_UP_RETRIES = 4;

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

interface Identity {
  readonly tier: Tier;
  readonly subject: Subject;
  readonly pool: Pool;
  readonly workspace: string | null;
  readonly branding: string | null;
  readonly keyId: string | null;
}

type Timed<T> = { readonly timedOut: true } | { readonly timedOut: false; readonly value: T };

export function createAdmitter(options: AdmitterOptions): Admitter {
  const { store, clock } = options;
  const tiers = options.tiers ?? TIERS;
  const newToken = options.newToken ?? (() => randomBytes(16).toString('base64url'));
  const leaseGraceMs = (options.leaseGraceSeconds ?? 15) * 1000;
  const busyRetryAfter = options.busyRetryAfterSeconds ?? 5;
  const storeRetryAfter = options.storeRetryAfterSeconds ?? 2;
  const jobsRetryAfterSeconds = 5;
  const deadlineMs = options.deadlineMs ?? DEFAULT_ADMISSION_DEADLINE_MS;
  const logError = options.logError ?? defaultLogError;
  const lookupKey = cachedKeyLookup(store, clock, options.keyCacheMs ?? DEFAULT_KEY_CACHE_MS);

  const unavailable = (error: unknown): BusyError => {
    logError('limits store unavailable; answering 503 busy', error);
    return new BusyError('the service is busy (limits store unavailable); retry shortly', storeRetryAfter);
  };

  /**
   * Runs refunds and releases once; those that fail are retried in the background with backoff (1, 2,
   * 4, 8 s), so a store that comes back within about 15 s gets every one of them. Refunds and releases
   * are conditional on the call's token, so a retry never takes back more than the call counted. One
   * that still fails leaves at most this call counted, or its slot held until the lease ends; never a
   * double count.
   */
  const settle = async (work: readonly (() => Promise<void>)[]): Promise<void> => {
    const failed = await attempt(work);
    if (failed.length > 0) void retry(failed, 0);
  };
  const attempt = async (work: readonly (() => Promise<void>)[]) => {
    const results = await Promise.allSettled(work.map((w) => w()));
    for (const r of results) if (r.status === 'rejected') logError('limits clean-up failed', r.reason);
    return work.filter((_, i) => results[i]?.status === 'rejected');
  };
  const retry = async (work: readonly (() => Promise<void>)[], round: number): Promise<void> => {
    if (round >= CLEAN_UP_RETRIES) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000 * 2 ** round).unref());
    const failed = await attempt(work);
    if (failed.length > 0) await retry(failed, round + 1);
  };

  async function identify(caller: Caller, within: <T>(p: Promise<T>) => Promise<Timed<T>>) {
    if (caller.apiKey === undefined) {
      const identity: Identity = {
        tier: tiers.public,
        subject: { kind: 'ip', ip: ipSubject(caller.ip) },
        pool: { kind: 'public' },
        workspace: null,
        branding: null,
        keyId: null,
      };
      return ok(identity);
    }
    const parsed = parsePresentedKey(caller.apiKey);
    if (!parsed.ok) return err(parsed.error);
    const origin =
      caller.origin === undefined ? undefined : (normaliseOrigin(caller.origin) ?? caller.origin);
    let record: Awaited<ReturnType<typeof lookupKey>>;
    try {
      const looked = await within(lookupKey(parsed.value));
      if (looked.timedOut) return err(unavailable(deadlinePassed('key lookup', deadlineMs)));
      record = looked.value;
    } catch (error) {
      if (error instanceof StoreUnavailableError) return err(unavailable(error));
      throw error;
    }
    const checked = checkKey(caller.apiKey, record, clock.now(), origin, caller.host);
    if (!checked.ok) return err(checked.error);
    const key = checked.value;
    const identity: Identity = {
      tier: tiers[key.tier],
      subject: { kind: 'key', keyId: key.keyId },
      pool: { kind: 'key', keyId: key.keyId },
      workspace: key.workspace,
      branding: key.branding,
      keyId: key.keyId,
    };
    return ok(identity);
  }

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
    async admitJob(caller, size, holdMs): Promise<Result<JobAdmission, CutplanError>> {
      if (caller.apiKey === undefined) return err(new KeyRequiredError(JOB_KEY_REQUIRED));
      const started = performance.now();
      const within = <T>(p: Promise<T>) => raceDeadline(p, deadlineMs - (performance.now() - started));
      const identified = await identify(caller, within);
      if (!identified.ok) return identified;
      const who = identified.value;
      if (who.workspace === null || who.keyId === null) return err(new KeyRequiredError(JOB_KEY_REQUIRED));
      const { tier, keyId, workspace } = who;
      const capped = checkCaps(tier, size);
      if (capped !== null) return err(capped);
      const token = newToken();
      const now = clock.now();
      const counters = countersFor(tier, who.subject, now);
      const pool = { kind: 'jobs', keyId } as const;
      const refund = (uncertain: boolean) => () => store.refund(counters, token, { uncertain });
      const release = () => store.releaseSlot(pool, token);
      const releaseUncertain = () => store.releaseSlot(pool, token, { uncertain: true });
      const counting = store.count(counters, token);
      const claiming =
        tier.jobsInFlight > 0
          ? store.claimSlot(pool, tier.jobsInFlight, token, now, now + holdMs(tier))
          : Promise.resolve(false);
      const step = await within(Promise.allSettled([counting, claiming]));
      if (step.timedOut) {
        void Promise.allSettled([counting, claiming]).then(() => settle([refund(true), releaseUncertain]));
        return err(unavailable(deadlinePassed('job admission', deadlineMs)));
      }
      const [count, claim] = step.value;
      if (count.status === 'rejected' || claim.status === 'rejected') {
        const failure = count.status === 'rejected' ? count.reason : (claim as PromiseRejectedResult).reason;
        await within(
          settle([
            ...(count.status === 'rejected'
              ? [refund(true)]
              : count.value.status === 'counted'
                ? [refund(false)]
                : []),
            ...(claim.status === 'rejected' ? [releaseUncertain] : claim.value ? [release] : []),
          ]),
        );
        if (!(failure instanceof StoreUnavailableError)) throw failure;
        return err(unavailable(failure));
      }
      if (count.value.status === 'limited') {
        if (claim.value) await within(settle([release]));
        const by = counters[count.value.by] ?? counters[0];
        if (by === undefined) throw new Error('a tier has at least one counter');
        return err(rateLimited(tier, by, now, null));
      }
      if (!claim.value) {
        await within(settle([refund(false)]));
        return err(
          new RateLimitedError(
            `jobs in flight: API key ${displayKey(keyId)} has ${tier.jobsInFlight} job${tier.jobsInFlight === 1 ? '' : 's'} queued or running, the ${tier.name} tier's cap; submit again when one ends (GET /v1/jobs lists them)`,
            now + jobsRetryAfterSeconds * 1000,
            jobsRetryAfterSeconds,
          ),
        );
      }
      const states = counters.map((counter, i) => ({
        counter,
        used: count.value.status === 'counted' ? (count.value.used[i] ?? 1) : 1,
      }));
      const ticket: JobTicket = { keyId, tier: tier.name, token, countedAtMs: now };
      return ok({
        tier,
        workspace,
        keyId,
        branding: who.branding,
        rateLimit: bindingStatus(states),
        windows: windowUsages(states),
        ticket,
        undo: async () => {
          await within(settle([refund(false), release]));
        },
      });
    },
    async settleJob(ticket: JobTicket, outcome: 'succeeded' | 'failed'): Promise<void> {
      const name = TIER_NAMES.find((n) => n === ticket.tier);
      const tier = name === undefined ? undefined : tiers[name];
      const subject: Subject = { kind: 'key', keyId: ticket.keyId };
      const month = {
        id: monthWindow(ticket.countedAtMs).id,
        outcome: outcome === 'failed' ? 'refunded' : 'used',
      } as const;
      const work: Promise<void>[] = [
        store.releaseSlot({ kind: 'jobs', keyId: ticket.keyId }, ticket.token, { month }),
      ];
      if (outcome === 'failed' && tier !== undefined) {
        work.push(store.refund(countersFor(tier, subject, ticket.countedAtMs), ticket.token));
      }
      const results = await Promise.allSettled(work);
      const failed = results.find((r) => r.status === 'rejected');
      if (failed?.status === 'rejected') throw failed.reason;
    },
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

/** `promise`, or `timedOut` once `ms` have passed (the promise keeps running; its outcome is dropped). */
async function raceDeadline<T>(promise: Promise<T>, ms: number): Promise<Timed<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ timedOut: true }>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise.then((value) => ({ timedOut: false as const, value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function deadlinePassed(what: string, ms: number): StoreUnavailableError {
  return new StoreUnavailableError(what, new Error(`no answer within the ${ms} ms admission deadline`));
}

function checkCaps(tier: Tier, size: JobSize): PartsLimitError | null {
  const hint = tier.name === 'public' ? '; an API key raises it' : '';
  const line = size.largestLine;
  if (line && line.quantity > tier.maxParts) {
    return new PartsLimitError(
      `${line.name}: quantity ${line.quantity} alone exceeds the ${tier.name} tier's cap of ${tier.maxParts} parts per request${hint}`,
    );
  }
  if (size.totalParts > tier.maxParts) {
    return new PartsLimitError(
      `parts: ${size.totalParts} parts (sum of quantities) exceed the ${tier.name} tier's cap of ${tier.maxParts} parts per request${hint}`,
    );
  }
  if (size.distinctLines > tier.maxLines) {
    return new PartsLimitError(
      `parts: ${size.distinctLines} distinct part lines exceed the ${tier.name} tier's cap of ${tier.maxLines} distinct lines per request${hint}`,
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
