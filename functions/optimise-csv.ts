/** Lambda entry for `POST /v1/optimise/csv`: the plan's saw list, streamed (its solve is capped like the PDF's). */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { startHighsCompile } from './shared/highs-compile.ts';

// HiGHS's wasm compiles on V8's background threads while this thread loads the rest (see the module).
const highsWasm = startHighsCompile(import.meta.url);
const [{ sawListCsv }, { makeOptimiseCsvHandler }, { streamingLambda }, { solveServices }, { STREAMED }] =
  await Promise.all([
    import('../core/saw-list/index.ts'),
    import('./handlers/index.ts'),
    import('./shared/http/lambda-stream.ts'),
    import('./shared/services.ts'),
    import('./shared/streaming.ts'),
  ]);

export const handler = streamingLambda(
  makeOptimiseCsvHandler({
    ...(await solveServices({ highsWasm })),
    renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
  }),
  STREAMED['optimise-csv'],
);
