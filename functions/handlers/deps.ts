/**
 * What a solving handler is built from (created once per container and injected).
 */
import type { Clock } from '../../core/budget.ts';
import type { Admitter } from '../shared/admission.ts';
import type { CorePort } from '../shared/core-port.ts';
import type { ServeDeps } from '../shared/http/index.ts';
import type { BodyStore } from '../shared/stored/body-store.ts';
import type { WorkspaceState } from '../shared/stored/workspace-state.ts';

/** What a solving handler is built from. Created once per container and injected. */
export interface SolveDeps<Lp> extends ServeDeps {
  readonly core: CorePort<Lp>;
  /** The LP engine, created once per container. */
  readonly lp: Lp;
  readonly clock: Clock;
  readonly admitter: Admitter;
  /** The `meta.poweredBy` attribution. */
  readonly poweredBy: string;
  /** ms kept back below the Lambda timeout to format, verify, render and return the answer. */
  readonly headroomMs?: number;
  /** Where idempotent calls keep their outcomes (idempotent.ts); absent: `Idempotency-Key` is not read. */
  readonly bodies?: BodyStore;
  /** The workspaces' racks and stored plans, for `"offcuts": "rack"`; absent: such a call is a 500. */
  readonly state?: WorkspaceState;
}
