/** Lambda entry for `POST /v1/optimise/pdf`. The renderer (pdf-lib, fonts) loads on the first request. */
import { makeOptimisePdfHandler } from './handlers/index.ts';
import { lazyPdfRenderer } from './shared/real-pdf.ts';
import { solveServices } from './shared/services.ts';

export const handler = makeOptimisePdfHandler({ ...(await solveServices()), renderPdf: lazyPdfRenderer() });
