/**
 * `POST /v1/optimise/pdf`: the plan as a print-ready PDF.
 */
import type { RenderPdf } from '../shared/core-port.ts';
import { type ApiHandler, pdfReply, serve } from '../shared/http/index.ts';
import { serverTiming } from '../shared/http/server-timing.ts';
import type { SolveDeps } from './deps.ts';
import { solvedFile } from './solved-file.ts';

/** Headroom for a cold pdf-lib import (about 0.6 s) plus rendering a long plan. */
export const PDF_HEADROOM_MS = 3_000;

/**
 * Render time kept per piece on top of the headroom: the scale tier's largest job (5,000 pieces, 962
 * layouts) renders in about 4 s (bench/file-routes.ts; docs/deploy.md).
 */
export const PDF_RENDER_MS_PER_PIECE = 1;

/**
 * The longest solve a PDF gets, whatever the tier: a PDF cannot begin with keep-alive whitespace (strict
 * readers want `%PDF-` first), so its first byte is the rendered file, and admission, solve and rendering
 * must fit inside the streamed response's 5-minute idle limit with room to spare (docs/deploy.md).
 */
export const PDF_BUDGET_CAP_SECONDS = 240;

export interface PdfDeps<Lp> extends SolveDeps<Lp> {
  readonly renderPdf: RenderPdf;
}

/** `POST /v1/optimise/pdf` → the plan as a print-ready PDF (base64 for API Gateway). */
export function makeOptimisePdfHandler<Lp>(deps: PdfDeps<Lp>): ApiHandler {
  return serve({ ...deps, timing: serverTiming }, ['POST'], (req, notes) =>
    solvedFile(deps, req, notes, {
      endpoint: 'pdf',
      headroomMs: PDF_HEADROOM_MS,
      renderMsPerPiece: PDF_RENDER_MS_PER_PIECE,
      capSeconds: PDF_BUDGET_CAP_SECONDS,
      timed: true,
      render: async (job, { branding }) => pdfReply(await deps.renderPdf({ ...job, branding }), job.jobName),
    }),
  );
}
