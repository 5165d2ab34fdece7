/**
 * Admission around a handler's work: the tier, key and rate limits checked before it, the slot released
 * after.
 */
import type { Clock } from '../../core/budget.ts';
import { type CutplanError, NoPlanFoundError, type Result } from '../../core/errors.ts';
import type { Admission, Admitter, JobSize } from '../shared/admission.ts';
import {
  type Answer,
  fail,
  failureReply,
  type HttpRequest,
  type Reply,
  rateLimitFields,
  rateLimitHeaders,
  withHeaders,
} from '../shared/http/index.ts';
import { errorFields, type Logger } from '../shared/log.ts';
import type { RequestNotes } from '../shared/telemetry.ts';
import { type Keep, type Kept, keptReply } from './idempotent.ts';

/**
 * Runs `work` inside an admission, noting its tier, key id, workspace and time for the request's log
 * line (a refused call's tier is `public`, or `key` when its key was not accepted). Refused calls fail with the admitter's error (401, 413, 429, 503);
 * admitted ones carry the admission's `X-RateLimit-*` headers on success and failure alike, and release their slot in
 * `finally`, as `failed` (which refunds the count) unless `work` produced a reply. A reply marked `refund`
 * (an MCP tool call that ended in a tool error: a reply to the protocol, a failure to the caller) is sent
 * and released as `failed`. With `keep` (an idempotent call), the outcome (a reply, or a 422 `noPlanFound`)
 * is stored before the release; a store that fails makes the answer its 503, released as `failed`.
 */
export async function admitted(
  deps: { readonly admitter: Admitter; readonly log: Logger; readonly clock?: Clock },
  req: HttpRequest,
  notes: RequestNotes,
  size: JobSize,
  work: (
    admission: Admission,
  ) => Promise<Result<Reply, CutplanError> & { readonly refund?: boolean; readonly kept?: Kept }>,
  /** An idempotent call's keeper (idempotent.ts): the outcome is stored before the slot is released. */
  keep?: Keep,
): Promise<Answer> {
  notes.tier = req.caller.apiKey === undefined ? 'public' : 'key';
  const started = performance.now();
  const admit = await deps.admitter.admit(req.caller, size);
  notes.admissionMs = performance.now() - started;
  if (!admit.ok) return fail(admit.error);
  const admission = admit.value;
  notes.tier = admission.tier.name;
  notes.keyId = admission.keyId;
  notes.workspace = admission.workspace;
  const headers = {
    ...rateLimitHeaders(admission.rateLimit),
    ...rateLimitFields(admission.windows, deps.clock?.now() ?? Date.now()),
  };
  req.progress?.admitted(headers);
  let outcome: 'succeeded' | 'failed' = 'failed';
  try {
    const result = await work(admission);
    if (keep !== undefined && result.refund !== true) {
      // A plan, or a search that found none, is the call's outcome; other failures store nothing.
      const kept = result.ok
        ? (result.kept ?? keptReply(result.value))
        : result.error instanceof NoPlanFoundError
          ? keptReply(failureReply(fail(result.error), req.requestId))
          : null;
      if (kept !== null) {
        const stored = await keep(kept);
        if (!stored.ok) return fail(stored.error, headers);
      }
    }
    if (!result.ok) return fail(result.error, headers);
    if (result.refund !== true) outcome = 'succeeded';
    return withHeaders(result.value, headers);
  } finally {
    // The port promises release never throws; if one does, the caller's answer still stands.
    const releaseStarted = performance.now();
    await admission.release(outcome).catch((error: unknown) => {
      deps.log.error('admission release failed', { requestId: req.requestId, ...errorFields(error) });
    });
    notes.releaseMs = performance.now() - releaseStarted;
  }
}
