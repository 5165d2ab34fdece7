/**
 * The output schema the optimise tool advertises: the OpenAPI document's response component (converted
 * from the valibot schemas the response types use), made self-contained with `$defs`, as an MCP
 * `outputSchema` must be. Built once, on first use (about 0.1 s). The input schemas are `portable.ts`'s.
 *
 * The tools hand the SDK these schemas as Standard JSON Schema objects whose `validate` accepts any
 * arguments object: the request parser checks the arguments, so a bad argument gets the same `detail` a
 * 400 of the HTTP API carries, as a tool error the assistant can read and correct.
 */
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { type Schema, schemaComponents } from '../openapi/schemas.ts';

const COMPONENT_REF = '#/components/schemas/';

/** `root` with every component it reaches, as one schema whose references point into its own `$defs`. */
export function selfContained(root: string, components: Readonly<Record<string, Schema>>): Schema {
  const needed = new Set<string>();
  const visit = (name: string) => {
    if (needed.has(name)) return;
    const schema = components[name];
    if (schema === undefined) throw new Error(`no schema component ${name}`);
    needed.add(name);
    for (const ref of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (ref[1] !== undefined) visit(ref[1]);
    }
  };
  visit(root);
  needed.delete(root);
  const rewrite = (value: unknown): Schema =>
    JSON.parse(JSON.stringify(value).replaceAll(`"${COMPONENT_REF}`, '"#/$defs/')) as Schema;
  const defs = Object.fromEntries([...needed].sort().map((name) => [name, rewrite(components[name])]));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...rewrite(components[root]),
    ...(needed.size === 0 ? {} : { $defs: defs }),
  };
}

/** The tools' input schemas are the portable ones of `portable.ts`; the output keeps the full schema. */
export interface ToolSchemas {
  /** `optimise_cut_list`'s `structuredContent`: the optimise response. */
  readonly optimiseOutput: Schema;
}

let built: ToolSchemas | undefined;

/** The tools' schemas, converted on first use and kept. */
export function toolSchemas(): ToolSchemas {
  if (built === undefined) {
    const components = schemaComponents();
    built = {
      optimiseOutput: selfContained('OptimiseResponse', components),
    };
  }
  return built;
}

/**
 * A Standard Schema over a JSON Schema: `jsonSchema` advertises `schema`; `validate` lets any object
 * through to the request parser (which names the offending field), and refuses only a non-object.
 */
export function advertised(schema: Schema): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'cutplan',
      validate: (value: unknown) =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? { value: value as Record<string, unknown> }
          : {
              issues: [
                { message: 'the arguments must be a JSON object, like the body of POST /v1/optimise' },
              ],
            },
      jsonSchema: { input: () => schema, output: () => schema },
    },
  };
}
