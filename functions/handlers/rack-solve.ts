/**
 * `"offcuts": "rack"` on the solving routes (and `offcuts=rack` on GET): the job's offcuts become the
 * workspace rack's entries of the job's materials at the moment of the solve (untagged parts draw untagged
 * entries only), each offcut bar of the plan is named by `usedComb.rackId`, and the plan is stored under
 * `plan.id` for booking and printing. Everything here runs in the shell, around an unchanged core: the
 * rack's entries go in as an ordinary `offcuts` list, and `sourceIndex` maps each used one back.
 * A call that does not name the rack never reaches this module and stores nothing.
 */
import {
  type CutplanError,
  err,
  InternalError,
  ok,
  type Result,
  ValidationError,
} from '../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import { type Admission, type Caller, KEY_REQUIRED } from '../shared/admission.ts';
import type { CorePort, Endpoint } from '../shared/core-port.ts';
import { BusyError, KeyRequiredError } from '../shared/errors.ts';
import { checkQuerySize, type HttpRequest, type QueryParams, readJsonBody } from '../shared/http/index.ts';
import { StoreUnavailableError } from '../shared/store-unavailable.ts';
import type { RackEntry } from '../shared/stored/rack.ts';
import type { PlanMeta, WorkspaceState } from '../shared/stored/workspace-state.ts';

/** How the call named the rack: its JSON body or its query, kept to be parsed again with the entries. */
export type RackAsk =
  | { readonly kind: 'body'; readonly body: Readonly<Record<string, unknown>>; readonly endpoint: Endpoint }
  | { readonly kind: 'query'; readonly query: QueryParams };

/** A parsed solving call: the request (without offcuts when it names the rack) and the rack ask. */
export interface SolveCall {
  readonly request: OptimiseRequest;
  readonly rack: RackAsk | null;
}

/** The rack entries a solve was given, by offcut index. */
export interface RackUse {
  readonly workspace: string;
  readonly entries: readonly RackEntry[];
}

const isRack = (value: unknown): boolean => value === 'rack';

/**
 * Parses a solving call. A call naming the rack is parsed without its offcuts first (so its size is known
 * and its mistakes answered before admission); it needs a key (401) and `minRemnant` (400).
 */
export function parseSolveCall<Lp>(
  core: CorePort<Lp>,
  req: HttpRequest,
  endpoint: Endpoint,
): Result<SolveCall, CutplanError> {
  if (req.method === 'GET') {
    const size = checkQuerySize(req);
    if (!size.ok) return size;
    if (!isRack(req.query.offcuts)) return mapped(core.parseOptimiseQuery(req.query), null);
    const { offcuts: _, ...rest } = req.query;
    const refused = refuseRack(req.caller, rest.minRemnant);
    if (refused !== null) return err(refused);
    return mapped(core.parseOptimiseQuery(rest), { kind: 'query', query: rest });
  }
  const body = readJsonBody(req);
  return body.ok ? parseSolveBody(core, body.value, endpoint, req.caller) : body;
}

/** A JSON body (or an MCP tool's arguments) as {@link parseSolveCall} reads it. */
export function parseSolveBody<Lp>(
  core: CorePort<Lp>,
  value: unknown,
  endpoint: Endpoint,
  caller: Caller,
): Result<SolveCall, CutplanError> {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !isRack((value as Record<string, unknown>).offcuts)
  ) {
    return mapped(core.parseOptimiseBody(value, endpoint), null);
  }
  const { offcuts: _, ...rest } = value as Record<string, unknown>;
  const refused = refuseRack(caller, rest.minRemnant);
  if (refused !== null) return err(refused);
  return mapped(core.parseOptimiseBody(rest, endpoint), { kind: 'body', body: rest, endpoint });
}

function mapped(
  parsed: Result<OptimiseRequest, CutplanError>,
  rack: RackAsk | null,
): Result<SolveCall, CutplanError> {
  return parsed.ok ? ok({ request: parsed.value, rack }) : parsed;
}

function refuseRack(caller: Caller, minRemnant: unknown): CutplanError | null {
  if (caller.apiKey === undefined) return new KeyRequiredError(`offcuts "rack": ${KEY_REQUIRED}`);
  if (minRemnant === undefined || minRemnant === null || minRemnant === '') {
    return ValidationError.of(
      'minRemnant',
      'is required with "offcuts": "rack": booking the plan puts leftovers at least this long back on the rack (the rest is waste)',
    );
  }
  return null;
}

/**
 * The request with the rack's entries of the job's materials as its offcuts, parsed as if they had been
 * sent; a rack in another unit than the request is a 400 naming both.
 */
export async function withRackOffcuts<Lp>(
  core: CorePort<Lp>,
  state: WorkspaceState | undefined,
  call: SolveCall,
  admission: Admission,
): Promise<Result<{ request: OptimiseRequest; rack: RackUse | null }, CutplanError>> {
  const { rack: ask, request } = call;
  if (ask === null) return ok({ request, rack: null });
  if (state === undefined || admission.workspace === null) {
    return err(new InternalError('the offcut rack is not configured for this function'));
  }
  const rack = await state.read(admission.workspace);
  if (rack.unit !== null && rack.entries.length > 0 && rack.unit !== request.unit) {
    return err(
      ValidationError.of(
        'unit',
        `the rack holds offcuts in "${rack.unit}" but this request is in "${request.unit}": send "unit": "${rack.unit}"`,
      ),
    );
  }
  const materials = new Set(request.parts.map((p) => p.material));
  const entries = rack.entries.filter((e) => materials.has(e.material));
  const offcuts = entries.map((e) => ({
    length: e.length,
    quantity: e.quantity,
    ...(e.material === null ? {} : { material: e.material }),
    ...(e.priority ? { priority: true } : {}),
  }));
  const parsed =
    ask.kind === 'body'
      ? core.parseOptimiseBody({ ...ask.body, offcuts }, ask.endpoint)
      : core.parseOptimiseQuery(ask.query, { offcuts });
  if (!parsed.ok) return parsed;
  return ok({ request: parsed.value, rack: { workspace: admission.workspace, entries } });
}

/** The response with `usedComb.rackId` on every offcut bar and `plan.id`. */
export function withRackIds(response: OptimiseResponse, rack: RackUse, planId: string): OptimiseResponse {
  const combinations = response.plan.combinations.map((c) => {
    if (c.usedComb.source !== 'offcut') return c;
    const entry = rack.entries[c.usedComb.sourceIndex];
    if (entry === undefined) throw new Error(`offcut ${c.usedComb.sourceIndex} is not a rack entry`);
    return { ...c, usedComb: { ...c.usedComb, rackId: entry.id } };
  });
  return { ...response, plan: { ...response.plan, combinations, id: planId } };
}

/** What booking the plan takes from the rack and puts back. */
export function planMeta(request: OptimiseRequest, response: OptimiseResponse, rack: RackUse): PlanMeta {
  const used = new Map<
    string,
    { rackId: string; quantity: number; length: number; material: string | null }
  >();
  for (const c of response.plan.combinations) {
    if (c.usedComb.source !== 'offcut') continue;
    const entry = rack.entries[c.usedComb.sourceIndex];
    if (entry === undefined) continue;
    const old = used.get(entry.id);
    used.set(entry.id, {
      rackId: entry.id,
      quantity: (old?.quantity ?? 0) + c.count,
      length: entry.length,
      material: entry.material,
    });
  }
  return {
    unit: request.unit,
    minRemnant: request.minRemnant / request.scale,
    used: [...used.values()],
    remnants: response.plan.usableRemnants.map((r) => ({
      length: r.length,
      count: r.count,
      material: r.material ?? null,
    })),
  };
}

/**
 * Stores the plan of a rack solve and returns the response that names it. `file` is what the file routes
 * re-render from (the same job they rendered).
 */
export async function storeRackPlan(
  state: WorkspaceState | undefined,
  rack: RackUse,
  job: {
    request: OptimiseRequest;
    response: OptimiseResponse;
    jobName: string | null;
    branding: string | null;
    createdAtMs: number;
  },
): Promise<Result<OptimiseResponse, CutplanError>> {
  if (state === undefined)
    return err(new InternalError('the offcut rack is not configured for this function'));
  let named: OptimiseResponse | undefined;
  // A store failure throws StoreUnavailableError: the handler answers 503 and the call is refunded.
  await state.storePlan(rack.workspace, planMeta(job.request, job.response, rack), (id) => {
    named = withRackIds(job.response, rack, id);
    return { ...job, response: named };
  });
  return named === undefined ? err(new InternalError('the plan was not stored')) : ok(named);
}

/**
 * Runs work against the rack and plan stores: a store that fails or does not answer is a 503 `busy`
 * (nothing was half-written: every change is one conditional write), never a 500.
 */
export async function storeGuarded<T>(
  work: () => Promise<Result<T, CutplanError>>,
): Promise<Result<T, CutplanError>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      return err(new BusyError('the service is busy (the workspace store is unavailable); retry shortly', 2));
    }
    throw error;
  }
}
