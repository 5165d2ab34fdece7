import type { Clock } from '../../core/budget.ts';
import type { CutplanError, Result } from '../../core/errors.ts';
import type { Admission, Admitter, JobSize } from '../shared/admission.ts';
import {
  type Answer,
  fail,
  type HttpRequest,
  type Reply,
  rateLimitFields,
  rateLimitHeaders,
  withHeaders,
} from '../shared/http/index.ts';
import { errorFields, type Logger } from '../shared/log.ts';
import type { RequestNotes } from '../shared/telemetry.ts';

/**
 * Runs `work` inside an admission, noting its tier, key id, workspace and time for the request's log
 * line (a refused call's tier is `public`, or `key` when its key was not accepted). Refused calls fail with the admitter's error (401, 413, 429, 503);
 * admitted ones carry the admission's `X-RateLimit-*` headers on success and failure alike, and release their slot in
 * `finally`, as `failed` (which refunds the count) unless `work` produced a reply. A reply marked `refund`
 * (an MCP tool call that ended in a tool error: a reply to the protocol, a failure to the caller) is sent
 * and released as `failed`.
 */
export async function admitted(
  deps: { readonly admitter: Admitter; readonly log: Logger; readonly clock?: Clock },
  req: HttpRequest,
  notes: RequestNotes,
  size: JobSize,
  work: (admission: Admission) => Promise<Result<Reply, CutplanError> & { readonly refund?: boolean }>,
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
    if (!result.ok) return fail(result.error, headers);
    if (result.refund !== true) outcome = 'succeeded';
    return withHeaders(result.value, headers);
  } finally {
    // The port promises release never throws; if one does, the caller's answer still stands.
    await admission.release(outcome).catch((error: unknown) => {
      deps.log.error('admission release failed', { requestId: req.requestId, ...errorFields(error) });
    });
  }
}
