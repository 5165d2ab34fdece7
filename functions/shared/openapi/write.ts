/**
 * `npm run openapi`: writes `docs/openapi.json` from the code (see `document.ts`). Run it after changing a
 * schema, a route, a query parameter, an error or a sample event; the test `openapi.test.ts` fails until
 * the committed file is current.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VERSION } from '../version.ts';
import { buildOpenApiDocument } from './document.ts';
import { readOpenApiExamples } from './examples.ts';

export const PROJECT_ROOT = join(import.meta.dirname, '..', '..', '..');
export const OPENAPI_FILE = join(PROJECT_ROOT, 'docs', 'openapi.json');

/** The document as committed: two-space JSON with a final newline. */
export async function openApiText(): Promise<string> {
  const examples = await readOpenApiExamples(join(PROJECT_ROOT, 'events'));
  return `${JSON.stringify(buildOpenApiDocument(VERSION, examples), null, 2)}\n`;
}

if (process.argv[1] === import.meta.filename) {
  await writeFile(OPENAPI_FILE, await openApiText());
  console.log(`wrote ${OPENAPI_FILE}`);
}
