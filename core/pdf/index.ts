/**
 * PDF renderer: a cutting plan as a print-ready document. Pure: fonts and the creation time come in
 * as data. Loaded only by the PDF handler, so the optimise cold start never pays for pdf-lib.
 */
export { type Certificate, certificateOf } from './certificate.ts';
export { buildDocumentModel, type DocumentInput } from './document.ts';
export { drawDocument, fontsUsed } from './draw.ts';
export { allFaces, type FontFace, type FontFile } from './font-catalog.ts';
export {
  cachedFontSource,
  embedFonts,
  FontSet,
  type FontSource,
  type GlyphOutlines,
  stringsIn,
} from './fonts.ts';
export { type Formats, formatFraction64, formatsFor, isInchUnit } from './format.ts';
export { type DocumentModel, INK, MUTED, type Op, type Weight } from './model.ts';
export { type Paper, paperFor } from './paper.ts';
export { Pen } from './pen.ts';
export { type RenderInput, renderPlanPdf } from './render.ts';
export { woffToSfnt } from './woff.ts';
