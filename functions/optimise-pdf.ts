/**
 * Lambda entry for `POST /v1/optimise/pdf`, streamed (its solve is capped to fit the stream's idle limit).
 * The renderer (pdf-lib, fonts) loads on the first request.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { startHighsCompile } from './shared/highs-compile.ts';

// HiGHS's wasm compiles on V8's background threads while this thread loads the rest (see the module).
const highsWasm = startHighsCompile(import.meta.url);
const [
  { makeOptimisePdfHandler },
  { streamingLambda },
  { lazyPdfRenderer },
  { solveServices },
  { STREAMED },
] = await Promise.all([
  import('./handlers/index.ts'),
  import('./shared/http/lambda-stream.ts'),
  import('./shared/real-pdf.ts'),
  import('./shared/services.ts'),
  import('./shared/streaming.ts'),
]);

export const handler = streamingLambda(
  makeOptimisePdfHandler({ ...(await solveServices({ highsWasm })), renderPdf: lazyPdfRenderer() }),
  STREAMED['optimise-pdf'],
);
