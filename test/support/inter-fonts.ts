import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cachedFontSource, type FontFile, type FontSource } from '../../core/pdf/index.ts';

const require = createRequire(import.meta.url);

/** Where a font package's WOFF files are in node_modules. */
export function fontFilePath(face: FontFile): string {
  return join(dirname(require.resolve(`${face.pkg}/package.json`)), 'files', face.file);
}

/** The renderer's fonts from node_modules (Inter and the Noto fallbacks), read on request, as the PDF handler does. */
export function loadInterFonts(): FontSource {
  return cachedFontSource(async (face) => new Uint8Array(await readFile(fontFilePath(face))));
}
