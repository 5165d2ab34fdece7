/** Lambda entry for `POST /v1/optimise/csv`: the plan's saw list, streamed (its solve is capped like the PDF's). */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { sawListCsv } from '../core/saw-list/csv.ts';
import { makeOptimiseCsvHandler } from './handlers/index.ts';
import { streamingLambda } from './shared/http/lambda-stream.ts';
import { solveServices } from './shared/services.ts';
import { STREAMED } from './shared/streaming.ts';

export const handler = streamingLambda(
  makeOptimiseCsvHandler({
    ...(await solveServices()),
    renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
  }),
  STREAMED['optimise-csv'],
);
