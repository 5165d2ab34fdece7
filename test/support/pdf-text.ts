/**
 * Reads PDFs back with MuPDF.js (`mupdf`, WebAssembly, installed by `npm ci`): text per page and pages
 * as PNG, for tests that must see what a reader sees. No system package needed.
 */
import * as mupdf from 'mupdf';

function open(pdf: Uint8Array): mupdf.Document {
  return mupdf.Document.openDocument(pdf, 'application/pdf');
}

/** The text of each page, as MuPDF extracts it (reading order, `ActualText` honoured). */
export function pageTexts(pdf: Uint8Array): string[] {
  const doc = open(pdf);
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => {
      const page = doc.loadPage(i);
      try {
        return page.toStructuredText('preserve-whitespace').asText();
      } finally {
        page.destroy();
      }
    });
  } finally {
    doc.destroy();
  }
}

/** Page `index` (0-based) rendered to PNG at `dpi`. */
export function pagePng(pdf: Uint8Array, index: number, dpi = 110): Uint8Array {
  const doc = open(pdf);
  try {
    const page = doc.loadPage(index);
    const pixmap = page.toPixmap(
      mupdf.Matrix.scale(dpi / 72, dpi / 72),
      mupdf.ColorSpace.DeviceRGB,
      false,
      true,
    );
    try {
      return pixmap.asPNG();
    } finally {
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * How many dark pixels (ink, luminance under 40 %) page `index` has inside each box given in PDF points
 * (origin bottom-left), rendered at `scale` pixels per point: shows whether glyphs really drew.
 */
export function inkInBoxes(pdf: Uint8Array, index: number, boxes: readonly Box[], scale = 3): number[] {
  const doc = open(pdf);
  try {
    const page = doc.loadPage(index);
    const height = page.getBounds()[3];
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      const pixels = pixmap.getPixels();
      const stride = pixmap.getStride();
      const n = pixmap.getNumberOfComponents();
      return boxes.map((box) => {
        let dark = 0;
        for (let y = Math.floor((height - box.y1) * scale); y < Math.ceil((height - box.y0) * scale); y++) {
          for (let x = Math.floor(box.x0 * scale); x < Math.ceil(box.x1 * scale); x++) {
            const at = y * stride + x * n;
            const lum =
              0.3 * (pixels[at] ?? 255) + 0.59 * (pixels[at + 1] ?? 255) + 0.11 * (pixels[at + 2] ?? 255);
            if (lum < 102) dark += 1;
          }
        }
        return dark;
      });
    } finally {
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}
