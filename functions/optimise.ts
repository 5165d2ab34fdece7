/**
 * Lambda entry for `GET` and `POST /v1/optimise`: the production composition, built once per container,
 * answering through the streaming edge (a long solve keeps its stream alive with whitespace).
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { startHighsCompile } from './shared/highs-compile.ts';

// HiGHS's wasm compiles on V8's background threads while this thread loads the rest (see the module).
const highsWasm = startHighsCompile(import.meta.url);
const [{ makeOptimiseHandler }, { streamingLambda }, { solveServices }, { STREAMED }] = await Promise.all([
  import('./handlers/index.ts'),
  import('./shared/http/lambda-stream.ts'),
  import('./shared/services.ts'),
  import('./shared/streaming.ts'),
]);

export const handler = streamingLambda(
  makeOptimiseHandler(await solveServices({ highsWasm })),
  STREAMED.optimise,
);
