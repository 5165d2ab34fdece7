/**
 * The common flow of the file routes (PDF, labels, saw list): admit, solve, render, reply with the budget
 * headers.
 */
import { type CutplanError, err, ok, type Result, type ValidationError } from '../../core/errors.ts';
import type { OptimiseRequest } from '../../core/types.ts';
import type { Admission } from '../shared/admission.ts';
import type { Endpoint, ShopJob } from '../shared/core-port.ts';
import { fileTooLarge } from '../shared/file-limits.ts';
import {
  type Answer,
  fail,
  type HttpRequest,
  type Reply,
  timeLimitHeaders,
  withHeaders,
} from '../shared/http/index.ts';
import type { RequestNotes } from '../shared/telemetry.ts';
import { admitted } from './admitted.ts';
import type { SolveDeps } from './deps.ts';
import { idempotent, type Kept, replayReply } from './idempotent.ts';
import { parseSolveCall, type RackUse, storeGuarded, storeRackPlan, withRackOffcuts } from './rack-solve.ts';
import { solvePlan } from './solve-plan.ts';

/** How an admitted request becomes a file: the solve's budget, the renderer, whether its time is logged. */
export interface FileRender<F> {
  /** ms kept back below the Lambda timeout for rendering and returning the file. */
  readonly headroomMs: number;
  /**
   * ms more kept back per piece of the job: a label per piece, a plan PDF's pages grow with the layouts.
   * The function's timeout stays; a large job's solve ends that much earlier so its file is rendered and
   * sent in time (docs/deploy.md, "Response sizes").
   */
  readonly renderMsPerPiece?: number;
  /** The route's cap on the solve, below the tier's (infra/route-table.ts); none when absent. */
  readonly capSeconds?: number;
  /**
   * The file for the verified plan (the admission for what it carries, e.g. the key's branding). Must be
   * deterministic: an idempotent replay renders the stored plan again and must give the same bytes.
   */
  readonly render: (job: ShopJob, admission: Pick<Admission, 'branding'>) => Promise<F> | F;
  /** Whether the render's time goes to the request's log line (`pdfMs`). */
  readonly timed?: boolean;
}

/** What one file route (the plan PDF, piece labels, the saw list) adds to the common flow. */
export interface FileRoute extends FileRender<Reply> {
  /** The endpoint the body is parsed for (which fields it accepts). */
  readonly endpoint: Endpoint;
  /** The route's cap on the solve, below the tier's (infra/route-table.ts). */
  readonly capSeconds: number;
  /** A refusal of the parsed request, answered before admission and not counted; null to go on. */
  readonly refuse?: (request: OptimiseRequest) => ValidationError | null;
}

/**
 * The file routes' one flow: parse the call (a 400 before admission, uncounted), admit it, solve it within
 * the route's cap, render the verified plan, with the budget applied in `X-Time-Limit` (and the request's
 * `timeLimit` in `X-Requested-Time-Limit` when it was capped). The file's first byte cannot be keep-alive whitespace
 * (functions/shared/streaming.ts), so nothing is sent before the rendered file: a failure while solving or
 * rendering is still our error status, and its count is refunded (admitted.ts).
 */
export async function solvedFile<Lp>(
  deps: SolveDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  route: FileRoute,
): Promise<Answer> {
  const parsed = parseSolveCall(deps.core, req, route.endpoint);
  if (!parsed.ok) return fail(parsed.error);
  const call = parsed.value;
  const refused = route.refuse?.(call.request) ?? null;
  if (refused !== null) return fail(refused);
  // The file has no `meta`: its budget (and a capped timeLimit) travel as headers; a stored plan its id.
  const fileHeaders = (job: ShopJob) => {
    const id = job.response.plan.id;
    return { ...timeLimitHeaders(job.response.meta), ...(id === undefined ? {} : { 'X-Plan-Id': id }) };
  };
  const replay = async (kept: Kept) =>
    kept.kind === 'file'
      ? withHeaders(await route.render(kept.job, { branding: kept.branding }), fileHeaders(kept.job))
      : replayReply(kept);
  return idempotent(deps, req, replay, (keep) =>
    admitted(
      deps,
      req,
      notes,
      deps.core.jobSize(call.request),
      async (admission) => {
        // An idempotent call keeps the plan, not the file: a replay renders it again, byte for byte.
        let kept: Kept | undefined;
        const answered = await storeGuarded(async () => {
          const resolved = await withRackOffcuts(deps.core, deps.state, call, admission);
          if (!resolved.ok) return resolved;
          const { request, rack } = resolved.value;
          const made = await solveThenRender(deps, req, notes, request, admission, route, rack);
          if (!made.ok) return made;
          const { job, file } = made.value;
          // Nothing has been sent yet: a file too large to stream whole in time is a refusal, not a cut
          // download (and, being no outcome, is not kept for a replay).
          const tooLarge = fileTooLarge(file);
          if (tooLarge !== null) return err(tooLarge);
          kept = { kind: 'file', job, branding: admission.branding };
          return ok(withHeaders(file, fileHeaders(job)));
        });
        return kept === undefined ? answered : { ...answered, kept };
      },
      keep,
    ),
  );
}

/**
 * Solves an admitted request within the route's budget and renders the verified plan: the core of the file
 * routes and of the MCP PDF tool (functions/handlers/mcp-handler.ts). A render that throws is not caught.
 */
export async function solveThenRender<Lp, F>(
  deps: SolveDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  request: OptimiseRequest,
  admission: Admission,
  route: FileRender<F>,
  /** The rack entries the request's offcuts came from: the plan is then stored (`rack-solve.ts`). */
  rack: RackUse | null = null,
): Promise<Result<{ readonly job: ShopJob; readonly file: F }, CutplanError>> {
  const pieces = deps.core.jobSize(request).totalParts;
  const headroomMs = route.headroomMs + Math.ceil((route.renderMsPerPiece ?? 0) * pieces);
  const solved = await solvePlan(deps, req, request, admission, headroomMs, notes, route.capSeconds);
  if (!solved.ok) return solved;
  const createdAtMs = deps.clock.now();
  let response = solved.value;
  if (rack !== null) {
    const stored = await storeRackPlan(deps.state, rack, {
      request,
      response,
      jobName: request.jobName,
      branding: admission.branding,
      createdAtMs,
    });
    if (!stored.ok) return stored;
    response = stored.value;
  }
  const job = { request, response, jobName: request.jobName, createdAtMs };
  const started = performance.now();
  const file = await route.render(job, admission);
  if (route.timed === true) notes.pdfMs = performance.now() - started;
  return ok({ job, file });
}
