/**
 * `POST /v1/optimise/csv`: the plan's saw list as CSV.
 */
import { SAW_LIST_STYLES } from '../../core/vocabulary.ts';
import type { RenderSawList } from '../shared/core-port.ts';
import { type ApiHandler, downloadReply, fail, serve } from '../shared/http/index.ts';
import { serverTiming } from '../shared/http/server-timing.ts';
import type { SolveDeps } from './deps.ts';
import { PDF_BUDGET_CAP_SECONDS } from './optimise-pdf-handler.ts';
import { queryChoice } from './query-choice.ts';
import { solvedFile } from './solved-file.ts';

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
  return serve({ ...deps, timing: serverTiming }, ['POST'], async (req, notes) => {
    const style = queryChoice(req, 'separator', SAW_LIST_STYLES, 'comma');
    if (!style.ok) return fail(style.error);
    return solvedFile(deps, req, notes, {
      endpoint: 'csv',
      headroomMs: CSV_HEADROOM_MS,
      capSeconds: CSV_BUDGET_CAP_SECONDS,
      render: (job) =>
        downloadReply(
          deps.renderSawList(job, style.value),
          'text/csv; charset=utf-8; header=present',
          'saw-list',
          job.jobName,
          'csv',
        ),
    });
  });
}
