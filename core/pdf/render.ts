/**
 * The PDF renderer's entry: the document model laid out with the given fonts and written by pdf-lib.
 */
import { PDFDocument } from 'pdf-lib';
import { buildDocumentModel, type DocumentInput } from './document.ts';
import { drawDocument, fontsUsed } from './draw.ts';
import { embedFonts, FontSet, type FontSource, stringsIn } from './fonts.ts';

export interface RenderInput extends DocumentInput {
  /**
   * Reads the font files the job's text needs (Inter's latin pair always; other faces only for
   * characters outside it). Make one per container with `cachedFontSource`, which keeps them unwrapped.
   */
  readonly fonts: FontSource;
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
  const { request, response, jobName, branding } = input;
  const set = await FontSet.load(input.fonts, stringsIn([request, response, jobName, branding]));
  const model = buildDocumentModel(input, set.metrics());
  drawDocument(doc, model, await embedFonts(doc, set, fontsUsed(model)));
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
