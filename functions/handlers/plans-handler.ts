/**
 * Stored plans of the caller's workspace (made by a solve with `"offcuts": "rack"`):
 *
 * - `GET /v1/plans/{id}` the plan's JSON as it was answered; `/pdf`, `/labels[?format=zpl]`,
 *   `/csv[?separator=semicolon]` its files, rendered from the stored job (a plan printed yesterday prints
 *   the same today);
 * - `POST /v1/plans/{id}/cut` books it against the rack (`workspace-state.ts`), once; an
 *   `Idempotency-Key` is honoured as on the solving POSTs;
 * - `DELETE /v1/plans/{id}` forgets it.
 */
import { err, ok } from '../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import { LABEL_OUTPUTS, SAW_LIST_STYLES } from '../../core/vocabulary.ts';
import type { RenderLabels, RenderPdf, RenderSawList } from '../shared/core-port.ts';
import { OffcutsTakenError } from '../shared/errors.ts';
import { fileTooLarge } from '../shared/file-limits.ts';
import {
  type ApiHandler,
  downloadReply,
  fail,
  jsonReply,
  pdfReply,
  type Reply,
  serve,
  withHeaders,
} from '../shared/http/index.ts';
import { pathParameter } from '../shared/routes.ts';
import { queryChoice } from './query-choice.ts';
import { noContent } from './rack-handler.ts';
import { idempotentWorkspaceCall, routeFor, type StateDeps, workspaceCalled } from './workspace-call.ts';

export interface PlansDeps extends StateDeps {
  readonly renderPdf: RenderPdf;
  readonly renderLabels: RenderLabels;
  readonly renderSawList: RenderSawList;
}

export function makePlansHandler(deps: PlansDeps): ApiHandler {
  return serve(deps, ['GET', 'POST', 'DELETE'], async (req, notes) => {
    const route = routeFor(req);
    if (!route.ok) return fail(route.error);
    const id = pathParameter(route.value, req.path) ?? '';
    const file = route.value.slice('/v1/plans/{id}'.length);
    const separator = queryChoice(req, 'separator', SAW_LIST_STYLES, 'comma');
    if (!separator.ok) return fail(separator.error);
    const format = queryChoice(req, 'format', LABEL_OUTPUTS, 'pdf');
    if (!format.ok) return fail(format.error);
    if (file === '/cut') {
      // A booking is idempotent by plan; an Idempotency-Key adds the usual rules (a 409 is its outcome).
      return idempotentWorkspaceCall(
        deps,
        req,
        notes,
        async (call) => {
          const booked = await deps.state.book(call.workspace, id, call.tier.rackEntries);
          return booked.ok ? ok(jsonReply(200, booked.value)) : booked;
        },
        (error) => error instanceof OffcutsTakenError,
      );
    }
    return workspaceCalled(deps, req, notes, async (call) => {
      if (req.method === 'DELETE') {
        const gone = await deps.state.deletePlan(call.workspace, id);
        return gone.ok ? ok(noContent()) : gone;
      }
      const found = await deps.state.getPlan(call.workspace, id);
      if (!found.ok) return found;
      const stored = found.value.plan;
      const job = {
        request: stored.request as OptimiseRequest,
        response: stored.response as OptimiseResponse,
        jobName: stored.jobName,
        createdAtMs: stored.createdAtMs,
      };
      // A file over the answer limit is refused as on the file routes (it could be cut off otherwise).
      const named = (reply: Reply) => {
        const tooLarge = fileTooLarge(reply);
        return tooLarge === null ? ok(withHeaders(reply, { 'X-Plan-Id': id })) : err(tooLarge);
      };
      if (file === '/pdf') {
        const pdf = await deps.renderPdf({ ...job, branding: stored.branding });
        return named(pdfReply(pdf, job.jobName));
      }
      if (file === '/labels') {
        const labels = await deps.renderLabels(job, format.value);
        return named(
          typeof labels === 'string'
            ? downloadReply(labels, 'application/zpl; charset=utf-8', 'labels', job.jobName, 'zpl')
            : pdfReply(labels, job.jobName, 'labels'),
        );
      }
      if (file === '/csv') {
        const csv = deps.renderSawList({ ...job, jobName: null }, separator.value);
        return named(downloadReply(csv, 'text/csv; charset=utf-8; header=present', 'saw-list', null, 'csv'));
      }
      return ok(jsonReply(200, job.response));
    });
  });
}
