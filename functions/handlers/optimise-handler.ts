/**
 * `GET` and `POST /v1/optimise`: the plan as JSON.
 */
import { ok } from '../../core/errors.ts';
import { type ApiHandler, fail, jsonReply, serve } from '../shared/http/index.ts';
import { serverTiming } from '../shared/http/server-timing.ts';
import { admitted } from './admitted.ts';
import type { SolveDeps } from './deps.ts';
import { idempotent, replayReply } from './idempotent.ts';
import { parseSolveCall, storeGuarded, storeRackPlan, withRackOffcuts } from './rack-solve.ts';
import { solvePlan } from './solve-plan.ts';

/** Headroom below the Lambda timeout for formatting and returning a JSON plan. */
export const OPTIMISE_HEADROOM_MS = 1_000;

/**
 * `GET /v1/optimise` (query string) and `POST /v1/optimise` (JSON body) → the plan as JSON. With
 * `"offcuts": "rack"` the rack's entries are the offcuts and the plan is stored (`rack-solve.ts`). A POST
 * with an `Idempotency-Key` is answered once and replayed after (idempotent.ts).
 */
export function makeOptimiseHandler<Lp>(deps: SolveDeps<Lp>): ApiHandler {
  return serve({ ...deps, timing: serverTiming }, ['GET', 'POST'], async (req, notes) => {
    const parseStarted = performance.now();
    const parsed = parseSolveCall(deps.core, req, 'json');
    notes.parseMs = performance.now() - parseStarted;
    if (!parsed.ok) return fail(parsed.error);
    const call = parsed.value;
    return idempotent(deps, req, replayReply, (keep) =>
      admitted(
        deps,
        req,
        notes,
        deps.core.jobSize(call.request),
        (admission) =>
          storeGuarded(async () => {
            const resolved = await withRackOffcuts(deps.core, deps.state, call, admission);
            if (!resolved.ok) return resolved;
            const { request, rack } = resolved.value;
            const solved = await solvePlan(deps, req, request, admission, OPTIMISE_HEADROOM_MS, notes);
            if (!solved.ok) return solved;
            if (rack === null) {
              const serialiseStarted = performance.now();
              const reply = jsonReply(200, solved.value);
              notes.serialiseMs = performance.now() - serialiseStarted;
              return ok(reply);
            }
            const stored = await storeRackPlan(deps.state, rack, {
              request,
              response: solved.value,
              jobName: request.jobName,
              branding: admission.branding,
              createdAtMs: deps.clock.now(),
            });
            return stored.ok ? ok(jsonReply(200, stored.value)) : stored;
          }),
        keep,
      ),
    );
  });
}
