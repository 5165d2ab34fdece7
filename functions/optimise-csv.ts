/** Lambda entry for `POST /v1/optimise/csv`: the plan's saw list. */
import { sawListCsv } from '../core/saw/csv.ts';
import { makeOptimiseCsvHandler } from './handlers/index.ts';
import { solveServices } from './shared/services.ts';

export const handler = makeOptimiseCsvHandler({
  ...(await solveServices()),
  renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
});
