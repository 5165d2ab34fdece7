/**
 * `GET` and `POST /v1/optimise`: the plan as JSON.
 */
import { ok } from '../../core/errors.ts';
import { type ApiHandler, fail, jsonReply, serve } from '../shared/http/index.ts';
import { admitted } from './admitted.ts';
import type { SolveDeps } from './deps.ts';
import { idempotent, replayReply } from './idempotent.ts';
import { parseCall } from './parse-call.ts';
import { solvePlan } from './solve-plan.ts';

/** Headroom below the Lambda timeout for formatting and returning a JSON plan. */
export const OPTIMISE_HEADROOM_MS = 1_000;

/**
 * `GET /v1/optimise` (query string) and `POST /v1/optimise` (JSON body) → the plan as JSON. A POST with
 * an `Idempotency-Key` is answered once and replayed after (idempotent.ts).
 */
export function makeOptimiseHandler<Lp>(deps: SolveDeps<Lp>): ApiHandler {
  return serve(deps, ['GET', 'POST'], async (req, notes) => {
    const parsed = parseCall(deps.core, req, 'json');
    if (!parsed.ok) return fail(parsed.error);
    const request = parsed.value;
    return idempotent(deps, req, replayReply, (keep) =>
      admitted(
        deps,
        req,
        notes,
        deps.core.jobSize(request),
        async (admission) => {
          const solved = await solvePlan(deps, req, request, admission, OPTIMISE_HEADROOM_MS, notes);
          return solved.ok ? ok(jsonReply(200, solved.value)) : solved;
        },
        keep,
      ),
    );
  });
}
