import { ok } from '../../core/errors.ts';
import { SAW_LIST_STYLES } from '../../core/vocabulary.ts';
import type { RenderSawList } from '../shared/core-port.ts';
import { type ApiHandler, downloadReply, fail, serve } from '../shared/http/index.ts';
import { admitted } from './admitted.ts';
import type { SolveDeps } from './deps.ts';
import { PDF_BUDGET_CAP_SECONDS } from './optimise-pdf-handler.ts';
import { parseCall } from './parse-call.ts';
import { queryChoice } from './query-choice.ts';
import { solvePlan } from './solve-plan.ts';

/** Headroom below the Lambda timeout for writing and returning the saw list (as for a JSON plan). */
export const CSV_HEADROOM_MS = 1_000;

/**
 * Leading whitespace would become part of the CSV's first header cell, so a saw list cannot be kept alive
 * like JSON: its solve is capped as the PDF's is, to end inside the stream's idle limit.
 */
export const CSV_BUDGET_CAP_SECONDS = PDF_BUDGET_CAP_SECONDS;

export interface CsvDeps<Lp> extends SolveDeps<Lp> {
  readonly renderSawList: RenderSawList;
}

/** `POST /v1/optimise/csv[?separator=semicolon]` → the plan's saw list, one row per cut (docs/api.md, Saw list). */
export function makeOptimiseCsvHandler<Lp>(deps: CsvDeps<Lp>): ApiHandler {
  return serve(deps, ['POST'], async (req, notes) => {
    const style = queryChoice(req, 'separator', SAW_LIST_STYLES, 'comma');
    if (!style.ok) return fail(style.error);
    const parsed = parseCall(deps.core, req, 'json');
    if (!parsed.ok) return fail(parsed.error);
    const request = parsed.value;
    return admitted(deps, req, notes, deps.core.jobSize(request), async (admission) => {
      const solved = await solvePlan(
        deps,
        req,
        request,
        admission,
        CSV_HEADROOM_MS,
        notes,
        CSV_BUDGET_CAP_SECONDS,
      );
      if (!solved.ok) return solved;
      const job = { request, response: solved.value, jobName: null, createdAtMs: deps.clock.now() };
      const csv = deps.renderSawList(job, style.value);
      return ok(downloadReply(csv, 'text/csv; charset=utf-8; header=present', 'saw-list', null, 'csv'));
    });
  });
}
