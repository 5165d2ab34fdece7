/**
 * The common flow of the rack and plan routes: a key is required (401 `keyRequired`), the call is counted
 * against the tier's rack calls per minute (never its solves), store failures become 503 `busy`, and the
 * answer carries the rack window's `X-RateLimit-*` headers. The POSTs that change the rack (an add, a
 * booking) honour `Idempotency-Key` through {@link idempotentWorkspaceCall}.
 */
import type { Clock } from '../../core/budget.ts';
import { type CutplanError, InternalError, type Result } from '../../core/errors.ts';
import type { Admitter, WorkspaceCall } from '../shared/admission.ts';
import { systemClock } from '../shared/clock.ts';
import { MethodNotAllowedError } from '../shared/errors.ts';
import {
  type Answer,
  fail,
  failureReply,
  type HttpRequest,
  type Reply,
  rateLimitHeaders,
  type ServeDeps,
  withHeaders,
} from '../shared/http/index.ts';
import { errorFields } from '../shared/log.ts';
import { allowedMethods, routeOf } from '../shared/routes.ts';
import type { BodyStore } from '../shared/stored/body-store.ts';
import type { WorkspaceState } from '../shared/stored/workspace-state.ts';
import type { RequestNotes } from '../shared/telemetry.ts';
import { idempotent, type Keep, keptReply, replayReply } from './idempotent.ts';
import { storeGuarded } from './rack-solve.ts';

/** What the rack and plan handlers are built from. */
export interface StateDeps extends ServeDeps {
  readonly admitter: Admitter;
  readonly state: WorkspaceState;
  /** Where idempotent adds and bookings keep their answers; absent: `Idempotency-Key` is not read. */
  readonly bodies?: BodyStore;
  /** The stored answers' clock (default: the system's). */
  readonly clock?: Clock;
}

/** The route template of the request (`/v1/plans/{id}/pdf`) when it serves this method, else a 405. */
export function routeFor(req: HttpRequest): Result<string, CutplanError> {
  const route = routeOf(req.path);
  if (route === undefined || !Object.hasOwn(route.methods, req.method)) {
    const allow = route === undefined ? ['OPTIONS'] : allowedMethods(route);
    return {
      ok: false,
      error: new MethodNotAllowedError(
        `${req.method} is not allowed on ${req.path}; use ${allow.join(' or ')}`,
        allow,
      ),
    };
  }
  return { ok: true, value: route.path };
}

export async function workspaceCalled(
  deps: StateDeps,
  req: HttpRequest,
  notes: RequestNotes,
  work: (call: WorkspaceCall) => Promise<Result<Reply, CutplanError>>,
  /** An idempotent call's keeper, and which refusals are outcomes kept with it (see below). */
  keeping?: { readonly keep: Keep; readonly kept: (error: CutplanError) => boolean },
): Promise<Answer> {
  notes.tier = req.caller.apiKey === undefined ? 'public' : 'key';
  if (deps.admitter.workspace === undefined)
    return fail(new InternalError('workspace calls are not configured'));
  const started = performance.now();
  const admitted = await deps.admitter.workspace(req.caller);
  notes.admissionMs = performance.now() - started;
  if (!admitted.ok) return fail(admitted.error);
  const call = admitted.value;
  notes.tier = call.tier.name;
  notes.keyId = call.keyId;
  notes.workspace = call.workspace;
  const headers = rateLimitHeaders(call.rateLimit);
  const result = await storeGuarded(() => work(call));
  if (keeping !== undefined) {
    const kept = result.ok
      ? keptReply(result.value)
      : keeping.kept(result.error)
        ? keptReply(failureReply(fail(result.error), req.requestId))
        : null;
    // The change has landed: its answer stands even when it cannot be kept (the record is then gone, and
    // a repeat with the key runs again: a booking answers the same record, an add adds once more).
    const stored = kept === null ? null : await keeping.keep(kept);
    if (stored !== null && !stored.ok) {
      deps.log.error('rack answer not kept for replays', {
        source: 'idempotency',
        requestId: req.requestId,
        ...errorFields(stored.error),
      });
    }
  }
  return result.ok ? withHeaders(result.value, headers) : fail(result.error, headers);
}

/**
 * A workspace call that changes the rack (`POST /v1/offcuts`, `POST /v1/plans/{id}/cut`), idempotent
 * under an `Idempotency-Key` as the solving POSTs are (idempotent.ts): its answer (a 200, or a refusal
 * `kept` says is the call's outcome, such as 409 `offcutsTaken`) is stored for 24 hours and replayed to a
 * repeat uncounted; other refusals store nothing.
 */
export function idempotentWorkspaceCall(
  deps: StateDeps,
  req: HttpRequest,
  notes: RequestNotes,
  work: (call: WorkspaceCall) => Promise<Result<Reply, CutplanError>>,
  kept: (error: CutplanError) => boolean = () => false,
): Promise<Answer> {
  const idem = {
    admitter: deps.admitter,
    log: deps.log,
    clock: deps.clock ?? systemClock,
    ...(deps.bodies === undefined ? {} : { bodies: deps.bodies }),
  };
  return idempotent(idem, req, replayReply, (keep) =>
    workspaceCalled(deps, req, notes, work, keep === undefined ? undefined : { keep, kept }),
  );
}
