/**
 * Lambda entry for `GET` and `POST /v1/optimise`: the production composition, built once per container,
 * answering through the streaming edge (a long solve keeps its stream alive with whitespace).
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeOptimiseHandler } from './handlers/index.ts';
import { streamingLambda } from './shared/http/lambda-stream.ts';
import { solveServices } from './shared/services.ts';
import { STREAMED } from './shared/streaming.ts';

export const handler = streamingLambda(makeOptimiseHandler(await solveServices()), STREAMED.optimise);
