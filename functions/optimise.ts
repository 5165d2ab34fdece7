/** Lambda entry for `GET` and `POST /v1/optimise`: the production composition, built once per container. */
import { makeOptimiseHandler } from './handlers/index.ts';
import { solveServices } from './shared/services.ts';

export const handler = makeOptimiseHandler(await solveServices());
