/**
 * PDF renderer: a cutting plan as a print-ready document. Pure: fonts and the creation time come in
 * as data. Loaded only by the PDF handler, so the optimise cold start never pays for pdf-lib.
 */
export { type Certificate, certificateOf } from './certificate.ts';
export { buildDocumentModel, type DocumentInput } from './document.ts';
export { allFaces, type FontFace, type FontFile } from './font-catalog.ts';
export { cachedFontSource, type FontSource } from './fonts.ts';
export { formatFraction64, isInchUnit } from './format.ts';
export { type Paper, paperFor } from './paper.ts';
export { type RenderInput, renderPlanPdf } from './render.ts';
export { woffToSfnt } from './woff.ts';
