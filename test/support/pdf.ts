/**
 * Reads generated PDFs back with MuPDF.js (the `mupdf` package: MuPDF compiled to wasm), so the tests
 * need nothing beyond what `npm ci` installs: text of each page, page count and size, metadata, and
 * rendering a page to pixels or PNG.
 */
import * as mupdf from 'mupdf';

/** Baselines closer than this (in points) belong to the same printed line. */
const SAME_BASELINE_PT = 1;

type StextLine = { y: number; text: string };
type Stext = { blocks: { type: string; lines?: StextLine[] }[] };

function withDocument<T>(pdf: Uint8Array, use: (doc: mupdf.Document) => T): T {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return use(doc);
  } finally {
    doc.destroy();
  }
}

function withPage<T>(doc: mupdf.Document, index: number, use: (page: mupdf.Page) => T): T {
  const count = doc.countPages();
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`page index ${index} outside 0..${count - 1}`);
  }
  const page = doc.loadPage(index);
  try {
    return use(page);
  } finally {
    page.destroy();
  }
}

/**
 * One page's text in drawing (content-stream) order, as `pdftotext -raw` gives it: the pieces that MuPDF
 * extracts one after another on the same baseline (a table row's cells, a footer's left and right
 * parts) are joined by a space into one line; a new baseline starts a new line.
 */
function pageText(page: mupdf.Page): string {
  const stext = page.toStructuredText('preserve-whitespace');
  let parsed: Stext;
  try {
    parsed = JSON.parse(stext.asJSON()) as Stext;
  } finally {
    stext.destroy();
  }
  const lines: StextLine[] = [];
  for (const block of parsed.blocks) {
    for (const line of block.lines ?? []) {
      const text = line.text.trim();
      if (text === '') continue;
      const last = lines.at(-1);
      if (last !== undefined && Math.abs(last.y - line.y) < SAME_BASELINE_PT) last.text += ` ${text}`;
      else lines.push({ y: line.y, text });
    }
  }
  return lines.map((l) => `${l.text}\n`).join('');
}

/** The text of every page, in page order (see {@link pdfText} for the line rules). */
export function pdfPages(pdf: Uint8Array): string[] {
  return withDocument(pdf, (doc) =>
    Array.from({ length: doc.countPages() }, (_, i) => withPage(doc, i, pageText)),
  );
}

/**
 * The text of pages `first`..`last` (1-based, inclusive; all by default), pages separated by a form
 * feed. Lines follow drawing order: headings, then tick boxes, then the cut table, row by row, each row
 * on one line with its cells separated by single spaces.
 */
export function pdfText(pdf: Uint8Array, options: { first?: number; last?: number } = {}): string {
  const pages = pdfPages(pdf);
  return pages.slice((options.first ?? 1) - 1, options.last ?? pages.length).join('\f');
}

export type PdfInfo = {
  pages: number;
  /** Each page's width and height in points (1/72 inch). */
  pageSizes: { width: number; height: number }[];
  title: string | undefined;
  /** The Info dictionary's raw date, `D:YYYYMMDDHHmmSS…`. */
  creationDate: string | undefined;
  modificationDate: string | undefined;
  /** `PDF 1.7` and the like. */
  format: string | undefined;
};

/** Page count, page sizes and the Info dictionary's fields. */
export function pdfInfo(pdf: Uint8Array): PdfInfo {
  return withDocument(pdf, (doc) => {
    const pages = doc.countPages();
    const pageSizes = Array.from({ length: pages }, (_, i) =>
      withPage(doc, i, (page) => {
        const [x0, y0, x1, y1] = page.getBounds();
        return { width: Math.round((x1 - x0) * 100) / 100, height: Math.round((y1 - y0) * 100) / 100 };
      }),
    );
    return {
      pages,
      pageSizes,
      title: doc.getMetaData('info:Title'),
      creationDate: doc.getMetaData('info:CreationDate'),
      modificationDate: doc.getMetaData('info:ModDate'),
      format: doc.getMetaData('format'),
    };
  });
}

/** A rendered page: opaque RGB pixels, row by row from the top left. */
export type RenderedPage = {
  width: number;
  height: number;
  /** The colour of the pixel at (`x`, `y`), each channel 0..255. */
  rgbAt(x: number, y: number): [number, number, number];
  png: Uint8Array;
};

/** Renders page `index` (0-based) at `dpi` dots per inch (72: one pixel per point) on white. */
export function renderPage(pdf: Uint8Array, index: number, dpi = 72): RenderedPage {
  return withDocument(pdf, (doc) =>
    withPage(doc, index, (page) => {
      const zoom = dpi / 72;
      const pixmap = page.toPixmap(mupdf.Matrix.scale(zoom, zoom), mupdf.ColorSpace.DeviceRGB, false, true);
      try {
        const width = pixmap.getWidth();
        const height = pixmap.getHeight();
        const stride = pixmap.getStride();
        const samples = Uint8Array.from(pixmap.getPixels());
        const png = Uint8Array.from(pixmap.asPNG());
        const rgbAt = (x: number, y: number): [number, number, number] => {
          if (x < 0 || y < 0 || x >= width || y >= height) {
            throw new RangeError(`pixel (${x}, ${y}) outside ${width}×${height}`);
          }
          const at = y * stride + x * 3;
          return [samples[at] ?? 0, samples[at + 1] ?? 0, samples[at + 2] ?? 0];
        };
        return { width, height, rgbAt, png };
      } finally {
        pixmap.destroy();
      }
    }),
  );
}
