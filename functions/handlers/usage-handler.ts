/**
 * `GET /v1/usage`: where the caller stands, counting nothing. The caller is identified as a solving call
 * would be (a key, or the public tier by IP: 401 and 503 alike); the answer is every window of its tier
 * and its calendar month (docs/api.md, "Usage").
 */
import { InternalError } from '../../core/errors.ts';
import type { Admitter, Usage } from '../shared/admission.ts';
import { type ApiHandler, fail, jsonReply, type ServeDeps, serve } from '../shared/http/index.ts';

export interface UsageDeps extends ServeDeps {
  readonly admitter: Admitter;
}

export function makeUsageHandler(deps: UsageDeps): ApiHandler {
  return serve(deps, ['GET'], async (req, notes) => {
    notes.tier = req.caller.apiKey === undefined ? 'public' : 'key';
    if (deps.admitter.usage === undefined) return fail(new InternalError('usage is not available'));
    const usage = await deps.admitter.usage(req.caller);
    if (!usage.ok) return fail(usage.error);
    notes.tier = usage.value.tier;
    return jsonReply(200, usageBody(usage.value));
  });
}

/** `GET /v1/usage`'s body (and the MCP `get_usage` tool's). */
export function usageBody({ tier, windows, month }: Usage) {
  return {
    tier,
    windows: windows.map((w) => ({
      window: w.window,
      limit: w.limit,
      used: w.used,
      remaining: w.remaining,
      resetAt: new Date(w.resetAtMs).toISOString(),
    })),
    month,
  };
}
