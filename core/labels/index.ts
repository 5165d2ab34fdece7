/**
 * Piece labels for the shop floor: one per cut piece, in saw order, as a PDF (A4 3 × 8 sheets or
 * 100 × 50 mm thermal labels) or as ZPL for Zebra printers. Loads pdf-lib and bwip-js: only the labels
 * function (and the CLI's `--labels`) import it, never the optimise bundle.
 */
export { code128, type LabelsInput, labelPages, renderLabelsPdf } from './pdf.ts';
export { type PieceLabel, pieceLabels } from './pieces.ts';
export { type Bitmap, rasterise } from './raster.ts';
export { renderLabelsZpl, residentText } from './zpl.ts';
