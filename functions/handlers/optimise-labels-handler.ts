/**
 * `POST /v1/optimise/labels`: piece labels as a PDF sheet or ZPL.
 */
import { LABEL_OUTPUTS } from '../../core/vocabulary.ts';
import type { RenderLabels } from '../shared/core-port.ts';
import { type ApiHandler, downloadReply, fail, pdfReply, serve } from '../shared/http/index.ts';
import { serverTiming } from '../shared/http/server-timing.ts';
import type { SolveDeps } from './deps.ts';
import { PDF_BUDGET_CAP_SECONDS, PDF_HEADROOM_MS } from './optimise-pdf-handler.ts';
import { queryChoice } from './query-choice.ts';
import { solvedFile } from './solved-file.ts';

/** As the plan PDF's: a cold pdf-lib and bwip-js import plus a label a piece. */
export const LABELS_HEADROOM_MS = PDF_HEADROOM_MS;

/**
 * Render time kept per label on top of the headroom: measured 1.3 to 1.7 ms a label for the scale tier's
 * largest job on thermal PDF labels, the slowest format (bench/file-routes.ts; docs/deploy.md).
 */
export const LABELS_RENDER_MS_PER_PIECE = 2;

/** A label file, like the PDF, cannot begin with keep-alive whitespace: its solve is capped as the PDF's is. */
export const LABELS_BUDGET_CAP_SECONDS = PDF_BUDGET_CAP_SECONDS;

export interface LabelsDeps<Lp> extends SolveDeps<Lp> {
  readonly renderLabels: RenderLabels;
}

/**
 * `POST /v1/optimise/labels[?format=zpl]` → a label per cut piece, in saw order: a PDF (A4 3 × 8 or
 * 100 × 50 mm thermal, by `labelFormat`) or ZPL for Zebra printers (always 100 × 50 mm, whatever the job
 * file's `labelFormat` says: that field is the label PDF's, and one job file goes to every file route).
 * Admitted and counted like the PDF.
 */
export function makeOptimiseLabelsHandler<Lp>(deps: LabelsDeps<Lp>): ApiHandler {
  return serve({ ...deps, timing: serverTiming }, ['POST'], async (req, notes) => {
    const output = queryChoice(req, 'format', LABEL_OUTPUTS, 'pdf');
    if (!output.ok) return fail(output.error);
    return solvedFile(deps, req, notes, {
      endpoint: 'labels',
      headroomMs: LABELS_HEADROOM_MS,
      renderMsPerPiece: LABELS_RENDER_MS_PER_PIECE,
      capSeconds: LABELS_BUDGET_CAP_SECONDS,
      timed: true,
      render: async (job) => {
        const labels = await deps.renderLabels(job, output.value);
        return typeof labels === 'string'
          ? downloadReply(labels, 'application/zpl; charset=utf-8', 'labels', job.jobName, 'zpl')
          : pdfReply(labels, job.jobName, 'labels');
      },
    });
  });
}
