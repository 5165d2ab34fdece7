/**
 * The portable subset of JSON Schema every MCP tool's input schema keeps to (docs/mcp.md, Tool schemas),
 * as a checker: `portableSchemaProblems` lists every way a schema leaves the subset, so a test over
 * every registered tool (`functions/shared/mcp/portable.test.ts`, `test/e2e/mcp.test.ts`) fails naming
 * the tool, the path and the keyword.
 */

/** The only keywords a portable schema may use. */
export const PORTABLE_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'description',
  'default',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'anyOf',
]);

/** JSON Schema's type names. */
const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean']);

/** An example in a description: "e.g." followed by a value. */
const EXAMPLE = /\be\.g\. \S/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every way `schema` leaves the portable subset, as `path: problem` lines; empty when it keeps to it. */
export function portableSchemaProblems(schema: unknown, path = '$'): string[] {
  const problems: string[] = [];
  const visit = (node: unknown, at: string, isProperty: boolean) => {
    if (!isRecord(node)) {
      problems.push(`${at}: not a schema object`);
      return;
    }
    for (const key of Object.keys(node)) {
      if (!PORTABLE_KEYWORDS.has(key)) problems.push(`${at}: keyword ${key} is outside the subset`);
    }
    const { type, properties, required, items, anyOf, description } = node;
    if (anyOf === undefined) {
      if (typeof type !== 'string')
        problems.push(`${at}: type must be one type name, got ${JSON.stringify(type)}`);
      else if (!TYPES.has(type)) problems.push(`${at}: unknown type ${type}`);
    } else {
      if (type !== undefined) problems.push(`${at}: anyOf with a type beside it`);
      if (!Array.isArray(anyOf) || anyOf.length !== 2)
        problems.push(
          `${at}: anyOf only for a field of two forms (got ${Array.isArray(anyOf) ? anyOf.length : 'no list'})`,
        );
      else {
        const types = anyOf.map((branch) => (isRecord(branch) ? branch.type : undefined));
        if (new Set(types).size !== types.length) problems.push(`${at}: anyOf branches of the same type`);
        anyOf.forEach((branch, i) => {
          visit(branch, `${at}.anyOf[${i}]`, false);
        });
      }
    }
    if (isProperty) {
      if (typeof description !== 'string' || description.trim() === '')
        problems.push(`${at}: a property without a description`);
      else if (!EXAMPLE.test(description)) problems.push(`${at}: the description has no example ("e.g. …")`);
    }
    if (type === 'object') {
      if (!isRecord(properties)) problems.push(`${at}: an object without properties`);
      else {
        for (const [name, child] of Object.entries(properties)) visit(child, `${at}.${name}`, true);
        if (required !== undefined) {
          if (!Array.isArray(required)) problems.push(`${at}: required is not a list`);
          else
            for (const name of required)
              if (typeof name !== 'string' || !Object.hasOwn(properties, name))
                problems.push(`${at}: required ${String(name)} is not a property`);
        }
      }
    } else if (properties !== undefined || required !== undefined) {
      problems.push(`${at}: properties or required on a ${String(type)}`);
    }
    if (type === 'array') {
      if (items === undefined) problems.push(`${at}: an array without items`);
      else visit(items, `${at}.items`, false);
    } else if (items !== undefined) problems.push(`${at}: items on a ${String(type)}`);
    if (
      node.enum !== undefined &&
      (!Array.isArray(node.enum) || node.enum.some((v) => typeof v !== 'string'))
    )
      problems.push(`${at}: enum must be a list of strings`);
  };
  visit(schema, path, false);
  return problems;
}

/** Size of a schema as sent (compact JSON), in bytes. */
export function schemaBytes(schema: unknown): number {
  return Buffer.byteLength(JSON.stringify(schema));
}
