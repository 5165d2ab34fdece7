import { ok } from '../../core/errors.ts';
import type { RenderPdf } from '../shared/core-port.ts';
import { type ApiHandler, fail, pdfReply, serve } from '../shared/http/index.ts';
import { admitted } from './admitted.ts';
import type { SolveDeps } from './deps.ts';
import { parseCall } from './parse-call.ts';
import { solvePlan } from './solve-plan.ts';

/** Headroom for a cold pdf-lib import (about 0.6 s) plus rendering a long plan. */
export const PDF_HEADROOM_MS = 3_000;

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
  return serve(deps, ['POST'], async (req, notes) => {
    const parsed = parseCall(deps.core, req, 'pdf');
    if (!parsed.ok) return fail(parsed.error);
    const request = parsed.value;
    return admitted(deps, req, notes, deps.core.jobSize(request), async (admission) => {
      const solved = await solvePlan(
        deps,
        req,
        request,
        admission,
        PDF_HEADROOM_MS,
        notes,
        PDF_BUDGET_CAP_SECONDS,
      );
      if (!solved.ok) return solved;
      const { jobName } = request;
      const job = { request, response: solved.value, jobName, branding: admission.branding };
      const started = performance.now();
      const pdf = await deps.renderPdf({ ...job, createdAtMs: deps.clock.now() });
      notes.pdfMs = performance.now() - started;
      return ok(pdfReply(pdf, jobName));
    });
  });
}
