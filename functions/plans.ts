/**
 * Lambda entry for `/v1/plans/{id}` (read, delete), `/cut` (book against the rack) and `/pdf`, `/labels`,
 * `/csv` (the stored plan's files).
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { sawListCsv } from '../core/saw-list/index.ts';
import { makePlansHandler } from './handlers/plans-handler.ts';
import { lazyLabelsRenderer } from './shared/real-labels.ts';
import { lazyPdfRenderer } from './shared/real-pdf.ts';
import { stateServices } from './shared/services.ts';

export const handler = makePlansHandler({
  ...stateServices(),
  renderPdf: lazyPdfRenderer(),
  renderLabels: lazyLabelsRenderer(),
  renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
});
