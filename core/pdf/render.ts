import { PDFDocument } from 'pdf-lib';
import { buildDocumentModel, type DocumentInput } from './document.ts';
import { drawDocument } from './draw.ts';
import { embedInter, type FontBytes } from './fonts.ts';

export interface RenderInput extends DocumentInput {
  /**
   * Inter bytes, read by the shell from `INTER_FONT_FILES`: WOFF as shipped, or already unwrapped
   * once per container with `woffToSfnt` (saves about 4 ms per render).
   */
  readonly fonts: FontBytes;
}

/**
 * Renders a verified plan as a print-ready PDF: page 1 for the project manager (purchase order,
 * costs, offcuts, the optimality certificate), then saw-operator sheets (each layout to scale, running
 * cut positions, a tick box per bar).
 *
 * Deterministic: the same input gives byte-identical output. Nothing reads the clock; the PDF's
 * creation and modification dates are `createdAtMs`, and pdf-lib's own metadata stamping is off.
 */
export async function renderPlanPdf(input: RenderInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedInter(doc, input.fonts);
  const model = buildDocumentModel(input, fonts.metrics);
  drawDocument(doc, model, fonts);
  const date = new Date(input.createdAtMs);
  doc.setTitle(model.title);
  doc.setSubject('Cutting plan');
  doc.setCreator('cutplan');
  doc.setProducer('cutplan (pdf-lib)');
  doc.setLanguage('en');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  return doc.save();
}
