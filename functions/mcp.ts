/**
 * Lambda entry for `POST /v1/mcp` (the MCP tools), streamed with keep-alive like optimise. The renderers
 * (pdf-lib, fonts, bwip-js) load on the first PDF or labels.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { startHighsCompile } from './shared/highs-compile.ts';

// HiGHS's wasm compiles on V8's background threads while this thread loads the rest (see the module).
const highsWasm = startHighsCompile(import.meta.url);
const [
  { makeMcpHandler },
  { streamingLambda },
  { lazyPdfRenderer },
  { lazyLabelsRenderer },
  { sawListCsv },
  { solveServices },
  { STREAMED },
] = await Promise.all([
  import('./handlers/mcp-handler.ts'),
  import('./shared/http/lambda-stream.ts'),
  import('./shared/real-pdf.ts'),
  import('./shared/real-labels.ts'),
  import('../core/saw-list/index.ts'),
  import('./shared/services.ts'),
  import('./shared/streaming.ts'),
]);

export const handler = streamingLambda(
  makeMcpHandler({
    ...(await solveServices({ highsWasm })),
    renderPdf: lazyPdfRenderer(),
    renderLabels: lazyLabelsRenderer(),
    renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
  }),
  STREAMED.mcp,
);
