/**
 * Piece labels as a PDF: A4 sheets of 3 × 8 labels (70 × 37 mm, no gaps: the common 24-up stock) or one
 * 100 × 50 mm thermal label a page. Drawn with the plan PDF's machinery (core/pdf): the same fonts and
 * fallbacks for every script, right-to-left reordering and Arabic joining, the same text measurement
 * and content streams; the Code 128 barcode (bwip-js) is drawn as vector bars, sharp at any printer
 * resolution.
 */
import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import {
  type DocumentModel,
  drawDocument,
  embedFonts,
  FontSet,
  type FontSource,
  fontsUsed,
  INK,
  MUTED,
  type Op,
  Pen,
  stringsIn,
} from '../pdf/index.ts';
import type { LabelFormat, OptimiseRequest, OptimiseResponse } from '../types.ts';
import { jobLine } from './job-line.ts';
import { type PieceLabel, pieceLabels } from './pieces.ts';

const MM = 72 / 25.4;

/** A label stock: page size, label size and grid, in points. */
interface Stock {
  readonly name: string;
  readonly page: { readonly width: number; readonly height: number };
  readonly label: { readonly width: number; readonly height: number };
  readonly columns: number;
  readonly rows: number;
  /** Offset of the grid's top-left corner from the page's top-left corner. */
  readonly left: number;
  readonly top: number;
}

const STOCKS: Readonly<Record<LabelFormat, Stock>> = {
  'a4-3x8': {
    name: 'A4 3 × 8 labels (70 × 37 mm)',
    page: { width: 595.28, height: 841.89 },
    label: { width: 70 * MM, height: 37 * MM },
    columns: 3,
    rows: 8,
    left: 0,
    // 8 × 37 mm = 296 mm: the sheet's half-millimetre margins top and bottom.
    top: 0.5 * MM,
  },
  'thermal-100x50': {
    name: 'thermal label 100 × 50 mm',
    page: { width: 100 * MM, height: 50 * MM },
    label: { width: 100 * MM, height: 50 * MM },
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
  },
};

export interface LabelsInput {
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
  /** Falls back to `request.jobName`, then `Cutting plan`. */
  readonly jobName: string | null;
  /** The PDF's creation date (ms since the epoch); nothing reads the clock. */
  readonly createdAtMs: number;
  readonly fonts: FontSource;
}

/** The modules of a Code 128 symbol: bar and space widths, alternating, starting with a bar. */
export function code128(text: string): readonly number[] {
  const [symbol] = bwipjs.raw('code128', text, {});
  if (symbol === undefined || !('sbs' in symbol)) throw new Error(`no Code 128 for ${JSON.stringify(text)}`);
  return symbol.sbs;
}

/** The labels' pages as drawing operations (pure, given text metrics): one op list per page. */
export function labelPages(labels: readonly PieceLabel[], format: LabelFormat, pen: Pen): Op[][] {
  const stock = STOCKS[format];
  const perPage = stock.columns * stock.rows;
  const pages: Op[][] = [];
  labels.forEach((label, i) => {
    const slot = i % perPage;
    if (slot === 0) pages.push([]);
    const column = slot % stock.columns;
    const row = Math.floor(slot / stock.columns);
    const x = stock.left + column * stock.label.width;
    const top = stock.page.height - stock.top - row * stock.label.height;
    pages[pages.length - 1]?.push(...labelOps(label, pen, x, top, stock.label.width, stock.label.height));
  });
  return pages;
}

/** One label in the box whose top-left corner is (x, top). Sizes scale with the label's height. */
function labelOps(label: PieceLabel, pen: Pen, x: number, top: number, width: number, height: number): Op[] {
  const s = height / (37 * MM);
  const pad = 3.2 * MM * s;
  const left = x + pad;
  const right = x + width - pad;
  const inner = right - left;
  const ops: Op[] = [];
  // Line 1: the piece's label, bold; line 2: its length, large, and the angles at the right.
  let y = top - pad - 9 * s;
  ops.push(pen.text(left, y, label.label, { size: 9.5 * s, weight: 'bold', maxWidth: inner }));
  y -= 15 * s;
  const length = pen.text(left, y, label.length, { size: 14 * s, weight: 'bold', maxWidth: inner });
  ops.push(length);
  if (label.angles !== null) {
    const at = length.x + length.width + 6 * s;
    ops.push(
      pen.text(right, y, label.angles, { size: 9 * s, weight: 'bold', align: 'right', maxWidth: right - at }),
    );
  }
  // Lines 3 and 4: the job (and material), then where the piece comes from.
  y -= 10 * s;
  const job = jobLine(label, inner, {
    width: (t) => pen.width(t, 6.5 * s, 'regular'),
    fit: (t, room) => pen.fit(t, 6.5 * s, 'regular', room),
  });
  ops.push(pen.text(left, y, job, { size: 6.5 * s, color: MUTED, maxWidth: inner }));
  y -= 8 * s;
  const where = `Bar ${label.bar}/${label.bars} · layout ${label.layout} · piece ${label.piece}/${label.pieces} · ${label.position}`;
  ops.push(pen.text(left, y, where, { size: 6.5 * s, maxWidth: inner }));
  // The barcode along the bottom, its text to its right.
  const bottom = top - height + pad;
  const barHeight = 15 * s;
  const modules = code128(label.id);
  const total = modules.reduce((a, b) => a + b, 0);
  const idText = pen.text(right, bottom + 1, label.id, { size: 7 * s, weight: 'bold', align: 'right' });
  const module = Math.min(1.0 * s, (idText.x - 6 * s - left) / total);
  let bx = left;
  modules.forEach((w, k) => {
    if (k % 2 === 0)
      ops.push({
        kind: 'rect',
        x: bx,
        y: bottom,
        w: w * module,
        h: barHeight,
        fill: INK,
        stroke: null,
        lineWidth: 0,
        role: 'decor',
      });
    bx += w * module;
  });
  ops.push(idText);
  return ops;
}

/**
 * Renders the labels of a verified plan, in saw order. Deterministic: the same input gives the same
 * bytes (the dates are `createdAtMs`; pdf-lib's own metadata stamping is off).
 */
export async function renderLabelsPdf(input: LabelsInput): Promise<Uint8Array> {
  const { request, response } = input;
  const labels = pieceLabels(request, response, input.jobName);
  const format = request.labelFormat ?? 'a4-3x8';
  const stock = STOCKS[format];
  const set = await FontSet.load(input.fonts, stringsIn(labels));
  const pen = new Pen(set.metrics());
  const title = `Piece labels · ${labels[0]?.job ?? input.jobName ?? 'Cutting plan'}`;
  const model: DocumentModel = {
    paper: { name: stock.name, width: stock.page.width, height: stock.page.height },
    frame: { left: 0, right: stock.page.width, top: stock.page.height, bottom: 0 },
    pages: labelPages(labels, format, pen).map((ops) => ({ ops })),
    title,
  };
  const doc = await PDFDocument.create({ updateMetadata: false });
  drawDocument(doc, model, await embedFonts(doc, set, fontsUsed(model)));
  const date = new Date(input.createdAtMs);
  doc.setTitle(title);
  doc.setSubject(`Piece labels, ${stock.name}`);
  doc.setCreator('cutplan');
  doc.setProducer('cutplan (pdf-lib)');
  doc.setLanguage('en');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  return doc.save();
}
