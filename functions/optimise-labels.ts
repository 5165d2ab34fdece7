/**
 * Lambda entry for `POST /v1/optimise/labels`, streamed (its solve is capped like the PDF's). The renderer
 * (pdf-lib, bwip-js, fonts) loads on the first request.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { startHighsCompile } from './shared/highs-compile.ts';

// HiGHS's wasm compiles on V8's background threads while this thread loads the rest (see the module).
const highsWasm = startHighsCompile(import.meta.url);
const [
  { makeOptimiseLabelsHandler },
  { streamingLambda },
  { lazyLabelsRenderer },
  { solveServices },
  { STREAMED },
] = await Promise.all([
  import('./handlers/index.ts'),
  import('./shared/http/lambda-stream.ts'),
  import('./shared/real-labels.ts'),
  import('./shared/services.ts'),
  import('./shared/streaming.ts'),
]);

export const handler = streamingLambda(
  makeOptimiseLabelsHandler({ ...(await solveServices({ highsWasm })), renderLabels: lazyLabelsRenderer() }),
  STREAMED['optimise-labels'],
);
