import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type FontBytes, INTER_FONT_DIR, INTER_FONT_FILES } from '../../core/pdf/index.ts';

const require = createRequire(import.meta.url);

/** Reads the Inter WOFF files the renderer needs, as the PDF handler does once per container. */
export function loadInterFonts(): FontBytes {
  const read = (file: string): Uint8Array =>
    new Uint8Array(readFileSync(require.resolve(`${INTER_FONT_DIR}/${file}`)));
  return { regular: read(INTER_FONT_FILES.regular), bold: read(INTER_FONT_FILES.bold) };
}
