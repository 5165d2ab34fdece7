/**
 * Turns the document model into PDF pages. Each page gets one compressed content stream written
 * directly as PDF operators: pdf-lib's `drawText`/`drawRectangle` build an object per operator and
 * cost several times more for the thousands of small shapes of a 50-layout plan.
 */
import { type PDFDocument, PDFName } from 'pdf-lib';
import type { EmbeddedFonts } from './fonts.ts';
import type { DocumentModel, Op, Rgb, TextOp } from './model.ts';

/** A number as PDF writes it: at most 2 decimals (1/7200 in), no trailing zeros. */
function n(x: number): string {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

const rgb = (c: Rgb): string => `${n3(c[0])} ${n3(c[1])} ${n3(c[2])}`;
const n3 = (x: number): string => String(Math.round(x * 1000) / 1000);

function opToPdf(op: Op, fonts: EmbeddedFonts): string {
  switch (op.kind) {
    case 'text':
      return textToPdf(op, fonts);
    case 'rect': {
      const path = `${n(op.x)} ${n(op.y)} ${n(op.w)} ${n(op.h)} re`;
      if (op.fill && op.stroke)
        return `${rgb(op.fill)} rg ${rgb(op.stroke)} RG ${n(op.lineWidth)} w ${path} B`;
      if (op.fill) return `${rgb(op.fill)} rg ${path} f`;
      if (op.stroke) return `${rgb(op.stroke)} RG ${n(op.lineWidth)} w ${path} S`;
      return '';
    }
    case 'poly': {
      const pts: string[] = [];
      for (let i = 0; i + 1 < op.points.length; i += 2) {
        pts.push(`${n(op.points[i] ?? 0)} ${n(op.points[i + 1] ?? 0)} ${i === 0 ? 'm' : 'l'}`);
      }
      const path = `${pts.join(' ')} h`;
      if (op.fill && op.stroke)
        return `${rgb(op.fill)} rg ${rgb(op.stroke)} RG ${n(op.lineWidth)} w ${path} B`;
      if (op.fill) return `${rgb(op.fill)} rg ${path} f`;
      if (op.stroke) return `${rgb(op.stroke)} RG ${n(op.lineWidth)} w ${path} S`;
      return '';
    }
    case 'line':
      return `${rgb(op.color)} RG ${n(op.width)} w ${n(op.x1)} ${n(op.y1)} m ${n(op.x2)} ${n(op.y2)} l S`;
  }
}

/** Every font file the model draws with. */
export function fontsUsed(model: DocumentModel): Set<string> {
  const used = new Set<string>();
  for (const page of model.pages)
    for (const op of page.ops) if (op.kind === 'text') for (const run of op.runs) used.add(run.font);
  return used;
}

/**
 * One text op: a font switch and `Tj` per run, which advance along the baseline. Right-to-left text is
 * drawn in visual order with a ToUnicode map per font, as browsers print it; readers (MuPDF, tested)
 * reorder such runs back when extracting. `ActualText` spans were tried and dropped: MuPDF
 * reorders their (logical) text once more and garbles it.
 */
function textToPdf(op: TextOp, fonts: EmbeddedFonts): string {
  const mode = op.invisible ? '3 Tr ' : '';
  const reset = op.invisible ? ' 0 Tr' : '';
  const shows = op.runs.map((run, i) => {
    const font = fonts.get(run.font);
    if (font === undefined) throw new Error(`font ${run.font} was not embedded`);
    const glyphs = font.font.encodeText(run.text).toString();
    const place = i === 0 ? ` ${n(op.x)} ${n(op.y)} Td` : '';
    return `/${font.name} ${n(op.size)} Tf${place} ${glyphs} Tj`;
  });
  return `${rgb(op.color)} rg BT ${mode}${shows.join(' ')}${reset} ET`;
}

/** Adds one page per model page to `doc`, drawn with the embedded fonts. */
export function drawDocument(doc: PDFDocument, model: DocumentModel, fonts: EmbeddedFonts): void {
  for (const pageModel of model.pages) {
    const page = doc.addPage([model.paper.width, model.paper.height]);
    for (const { name, font } of fonts.values()) page.node.setFontDictionary(PDFName.of(name), font.ref);
    const body = pageModel.ops.map((op) => opToPdf(op, fonts)).join('\n');
    const stream = doc.context.flateStream(body);
    page.node.addContentStream(doc.context.register(stream));
  }
}
