/** The committed client types are what `docs/openapi.json` gives (`npm run clients:generate` rewrites them). */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { generateSchema, TARGET } from '../typescript/scripts/generate.ts';

export function generatedTypesSuite(): void {
  it('clients/typescript/src/schema.ts is current (run `npm run clients:generate`)', async () => {
    expect(await readFile(TARGET, 'utf8')).toBe(await generateSchema());
  });
}
