/**
 * Who is calling: the public tier by IP when no key is presented, else the key's tier, workspace and
 * branding once the key checks out (401 when it does not). Key records come through the container's cache.
 */
import type { Clock } from '../../../core/budget.ts';
import { err, ok } from '../../../core/errors.ts';
import type { Caller } from '../admission.ts';
import type { BusyError } from '../errors.ts';
import { normaliseOrigin } from '../http/cors.ts';
import type { Tier, TierName } from '../tiers.ts';
import { deadlinePassed, type Within } from './admission-deadline.ts';
import { checkKey, parsePresentedKey } from './api-keys.ts';
import { ipSubject } from './client-ip.ts';
import type { cachedKeyLookup } from './key-cache.ts';
import { type Pool, StoreUnavailableError, type Subject } from './store.ts';

export interface Identity {
  readonly tier: Tier;
  readonly subject: Subject;
  readonly pool: Pool;
  readonly workspace: string | null;
  readonly branding: string | null;
  readonly keyId: string | null;
}

export type Identify = ReturnType<typeof createIdentify>;

export function createIdentify(deps: {
  readonly tiers: Readonly<Record<TierName, Tier>>;
  readonly clock: Clock;
  readonly lookupKey: ReturnType<typeof cachedKeyLookup>;
  readonly deadlineMs: number;
  readonly unavailable: (error: unknown) => BusyError;
}) {
  const { tiers, clock, lookupKey, deadlineMs, unavailable } = deps;
  async function identify(caller: Caller, within: Within) {
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
  return identify;
}
