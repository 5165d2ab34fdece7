/**
 * Writes `src/schema.ts`, the API's types, from `docs/openapi.json` with openapi-typescript (which needs
 * the classic TypeScript compiler API, so it runs on this package's own `typescript@5`). Run it as
 * `npm run clients:generate` from the repository root (that also writes the Python shapes); the client
 * tests fail while the committed file differs from what the document gives.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, {
  astToString,
  type OpenAPI3,
  type SchemaObject,
  transformSchemaObject,
} from 'openapi-typescript';
import ts from 'typescript';

export const DOCUMENT = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
export const TARGET = fileURLToPath(new URL('../src/schema.ts', import.meta.url));

/** The text `src/schema.ts` should hold for the document as it is now. */
export async function generateSchema(): Promise<string> {
  const document = JSON.parse(await readFile(DOCUMENT, 'utf8')) as OpenAPI3;
  const ast = await openapiTS(document, {
    // openapi-typescript reads `prefixItems` as a tuple of fixed length; ours are [length, quantity?, label?]
    // with `minItems` saying how many are required, so the elements past it become optional.
    transform(schema: SchemaObject, options) {
      const tuple = schema as SchemaObject & { prefixItems?: SchemaObject[]; minItems?: number };
      if (!Array.isArray(tuple.prefixItems)) return undefined;
      const required = tuple.minItems ?? tuple.prefixItems.length;
      return ts.factory.createTupleTypeNode(
        tuple.prefixItems.map((item, index) => {
          const node = transformSchemaObject(item, options);
          return index < required ? node : ts.factory.createOptionalTypeNode(node);
        }),
      );
    },
  });
  return astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(TARGET, await generateSchema());
  console.log(`wrote ${TARGET}`);
}
