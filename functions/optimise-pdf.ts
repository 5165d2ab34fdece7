/**
 * Lambda entry for `POST /v1/optimise/pdf`, streamed (its solve is capped to fit the stream's idle limit).
 * The renderer (pdf-lib, fonts) loads on the first request.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeOptimisePdfHandler } from './handlers/index.ts';
import { streamingLambda } from './shared/http/lambda-stream.ts';
import { lazyPdfRenderer } from './shared/real-pdf.ts';
import { solveServices } from './shared/services.ts';
import { STREAMED } from './shared/streaming.ts';

export const handler = streamingLambda(
  makeOptimisePdfHandler({ ...(await solveServices()), renderPdf: lazyPdfRenderer() }),
  STREAMED['optimise-pdf'],
);
