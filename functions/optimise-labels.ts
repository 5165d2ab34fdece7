/**
 * Lambda entry for `POST /v1/optimise/labels`, streamed (its solve is capped like the PDF's). The renderer
 * (pdf-lib, bwip-js, fonts) loads on the first request.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeOptimiseLabelsHandler } from './handlers/index.ts';
import { streamingLambda } from './shared/http/lambda-stream.ts';
import { lazyLabelsRenderer } from './shared/real-labels.ts';
import { solveServices } from './shared/services.ts';
import { STREAMED } from './shared/streaming.ts';

export const handler = streamingLambda(
  makeOptimiseLabelsHandler({ ...(await solveServices()), renderLabels: lazyLabelsRenderer() }),
  STREAMED['optimise-labels'],
);
