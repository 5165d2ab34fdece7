/**
 * The common flow of the rack and plan routes: a key is required (401 `keyRequired`), the call is counted
 * against the tier's rack calls per minute (never its solves), store failures become 503 `busy`, and the
 * answer carries the rack window's `X-RateLimit-*` headers.
 */
import { type CutplanError, InternalError, type Result } from '../../core/errors.ts';
import type { Admitter, WorkspaceCall } from '../shared/admission.ts';
import { MethodNotAllowedError } from '../shared/errors.ts';
import {
  type Answer,
  fail,
  type HttpRequest,
  type Reply,
  rateLimitHeaders,
  type ServeDeps,
  withHeaders,
} from '../shared/http/index.ts';
import { allowedMethods, routeOf } from '../shared/routes.ts';
import type { WorkspaceState } from '../shared/stored/workspace-state.ts';
import type { RequestNotes } from '../shared/telemetry.ts';
import { storeGuarded } from './rack-solve.ts';

/** What the rack and plan handlers are built from. */
export interface StateDeps extends ServeDeps {
  readonly admitter: Admitter;
  readonly state: WorkspaceState;
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
  return result.ok ? withHeaders(result.value, headers) : fail(result.error, headers);
}
