/**
 * `GET /v1/health`: the service's version and solver.
 */
import { type ApiHandler, jsonReply, type ServeDeps, serve } from '../shared/http/index.ts';

export interface HealthDeps extends ServeDeps {
  /** The service version (package.json). */
  readonly version: string;
  /** The algorithm and LP engine with its version. */
  readonly solver: string;
}

/** `GET /v1/health` → `{status: "ok", version, solver}`. Needs no key and counts against nothing. */
export function makeHealthHandler(deps: HealthDeps): ApiHandler {
  const body = { status: 'ok', version: deps.version, solver: deps.solver };
  return serve(deps, ['GET'], async () => jsonReply(200, body));
}
