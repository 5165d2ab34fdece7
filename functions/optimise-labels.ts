/** Lambda entry for `POST /v1/optimise/labels`. The renderer (pdf-lib, bwip-js, fonts) loads on the first request. */
import { makeOptimiseLabelsHandler } from './handlers/index.ts';
import { lazyLabelsRenderer } from './shared/real-labels.ts';
import { solveServices } from './shared/services.ts';

export const handler = makeOptimiseLabelsHandler({
  ...(await solveServices()),
  renderLabels: lazyLabelsRenderer(),
});
