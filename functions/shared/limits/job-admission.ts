/**
 * Admission of jobs (async solves) and their settlement when they end: a job holds one of its key's
 * jobs-in-flight slots from submission to end, and its month counts it as used or refunded then.
 */
import type { Clock } from '../../../core/budget.ts';
import { type CutplanError, err, ok, type Result } from '../../../core/errors.ts';
import { type Admitter, JOB_KEY_REQUIRED, type JobAdmission, type JobTicket } from '../admission.ts';
import { type BusyError, KeyRequiredError, RateLimitedError } from '../errors.ts';
import { TIER_NAMES, type Tier, type TierName } from '../tiers.ts';
import { deadlinePassed, raceDeadline } from './admission-deadline.ts';
import { displayKey } from './api-keys.ts';
import type { Identify } from './caller-identity.ts';
import type { Settle } from './clean-up.ts';
import { bindingStatus, countersFor, rateLimited, windowUsages } from './rate-limits.ts';
import { checkCaps } from './size-caps.ts';
import { type LimitsStore, StoreUnavailableError, type Subject } from './store.ts';
import { monthWindow } from './windows.ts';

/** What job admission shares with the admitter that builds it. */
export interface JobAdmissionDeps {
  readonly store: LimitsStore;
  readonly clock: Clock;
  readonly tiers: Readonly<Record<TierName, Tier>>;
  readonly newToken: () => string;
  readonly deadlineMs: number;
  readonly identify: Identify;
  readonly settle: Settle;
  readonly unavailable: (error: unknown) => BusyError;
}

export function jobAdmission(deps: JobAdmissionDeps): Required<Pick<Admitter, 'admitJob' | 'settleJob'>> {
  const { store, clock, tiers, newToken, deadlineMs, identify, settle, unavailable } = deps;
  const jobsRetryAfterSeconds = 5;
  return {
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
  };
}
