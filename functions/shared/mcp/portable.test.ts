/**
 * Every registered MCP tool's input schema keeps to the portable subset (docs/mcp.md, Tool schemas): the
 * tools are listed from the server as a client sees them, so a tool added later is checked too. The
 * schemas also name exactly the fields the parser takes, and their examples are requests it accepts.
 */
import { describe, expect, it } from 'vitest';
import { parseOptimiseBody } from '../../../core/request/index.ts';
import {
  ANGLE_CUTS_KEYS,
  JSON_KEYS,
  OFFCUT_KEYS,
  PART_KEYS,
  PRESENTATION_KEYS,
  STOCK_KEYS,
} from '../../../core/request/schemas.ts';
import { apiEvent } from '../../../test/support/api-event.ts';
import { testHandlers } from '../../../test/support/handlers.ts';
import { portableSchemaProblems, schemaBytes } from '../../../test/support/portable-schema.ts';
import { JOB_TOOLS, START_JOB_TOOL } from './job-tools.ts';
import { BOOK_TOOL, RACK_TOOL } from './rack-tools.ts';
import { KEY_ARGUMENT, TOOL_ROUTES, toolArguments } from './tool-routes.ts';

interface ListedTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: Record<string, unknown>;
}

/** The tools as `tools/list` gives them over the HTTP route. */
async function listedTools(): Promise<ListedTool[]> {
  const res = await testHandlers().mcp(
    apiEvent({
      method: 'POST',
      path: '/v1/mcp',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    }),
  );
  return (JSON.parse(res.body) as { result: { tools: ListedTool[] } }).result.tools;
}

const tools = await listedTools();
const propertiesOf = (schema: unknown): string[] =>
  Object.keys(((schema as { properties?: object }).properties ?? {}) as object).sort();

/** The tools that solve (one route each); the rack tools read and book the workspace's rack. */
const routed = tools.filter((t) => Object.hasOwn(TOOL_ROUTES, t.name));

describe('every MCP tool’s input schema', () => {
  it('lists a route for every solving tool, every tool with a route, the two rack tools and the job tools', () => {
    expect(routed.map((t) => t.name).sort()).toEqual(Object.keys(TOOL_ROUTES).sort());
    const others = tools.filter((t) => !Object.hasOwn(TOOL_ROUTES, t.name)).map((t) => t.name);
    expect(others.sort()).toEqual([BOOK_TOOL, RACK_TOOL, ...JOB_TOOLS].sort());
  });

  it("start_job names the optimise tool's fields and webhook, and its example parses", () => {
    const start = tools.find((t) => t.name === START_JOB_TOOL);
    const optimise = tools.find((t) => t.name === 'optimise_cut_list');
    expect(propertiesOf(start?.inputSchema ?? {}).sort()).toEqual(
      [...propertiesOf(optimise?.inputSchema ?? {}), 'webhook'].sort(),
    );
    const example = /Example: (\{.*\})\.$/.exec(start?.description ?? '')?.[1] ?? 'null';
    expect(parseOptimiseBody(JSON.parse(example), 'json').ok).toBe(true);
  });

  it.each(tools.map((t) => [t.name, t] as const))('%s keeps to the portable subset', (_, tool) => {
    expect(portableSchemaProblems(tool.inputSchema)).toEqual([]);
  });

  it.each(tools.map((t) => [t.name, t] as const))('%s is under 8 KB', (_, tool) => {
    expect(schemaBytes(tool.inputSchema)).toBeLessThan(8 * 1024);
  });

  it.each(routed.map((t) => [t.name, t] as const))('%s names the fields the parser takes', (name, tool) => {
    const route = TOOL_ROUTES[name];
    const own = [...(route?.option === undefined ? [] : [route.option.name]), KEY_ARGUMENT];
    const top = propertiesOf(tool.inputSchema);
    expect(top).toEqual(expect.arrayContaining([...JSON_KEYS]));
    const takes = route?.endpoint === 'json' ? JSON_KEYS : [...JSON_KEYS, ...PRESENTATION_KEYS];
    for (const field of top) expect([...takes, ...own]).toContain(field);
    const props = (tool.inputSchema as { properties: Record<string, Record<string, unknown>> }).properties;
    const listItems = (field: string) => {
      const schema = props[field] ?? {};
      const list =
        (schema.anyOf as Record<string, unknown>[] | undefined)?.find((b) => b.type === 'array') ?? schema;
      return list.items;
    };
    expect(propertiesOf(listItems('parts'))).toEqual([...PART_KEYS].sort());
    expect(propertiesOf(listItems('stocks'))).toEqual([...STOCK_KEYS].sort());
    expect(propertiesOf(listItems('offcuts'))).toEqual([...OFFCUT_KEYS].sort());
    expect(propertiesOf(props.angleCuts)).toEqual([...ANGLE_CUTS_KEYS].sort());
  });

  it.each(routed.map((t) => [t.name, t] as const))(
    '%s: its example is a request the tool takes',
    (name, tool) => {
      const description = String(tool.inputSchema.description);
      const example = /e\.g\. (\{.*\})\.?$/.exec(description)?.[1];
      expect(example, description).toBeDefined();
      const split = toolArguments(name, JSON.parse(example ?? '{}'));
      expect(split.ok).toBe(true);
      const route = TOOL_ROUTES[name];
      if (!split.ok || route === undefined) return;
      const parsed = parseOptimiseBody(split.value.body, route.endpoint);
      expect(parsed.ok, parsed.ok ? '' : parsed.error.message).toBe(true);
    },
  );
});

describe('the subset checker', () => {
  const described = (schema: Record<string, unknown>) => ({
    type: 'object',
    properties: { a: { description: 'A field, e.g. 1.', ...schema } },
  });
  it.each([
    ['$ref', described({ $ref: '#/$defs/A' }), 'keyword $ref'],
    ['oneOf', described({ oneOf: [{ type: 'string' }, { type: 'number' }] }), 'keyword oneOf'],
    ['a type list', described({ type: ['string', 'null'] }), 'one type name'],
    [
      'prefixItems',
      described({ type: 'array', items: { type: 'number' }, prefixItems: [] }),
      'keyword prefixItems',
    ],
    ['a pattern', described({ type: 'string', pattern: '^[0-9]+$' }), 'keyword pattern'],
    [
      'three forms',
      described({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] }),
      'two forms',
    ],
    ['no description', { type: 'object', properties: { a: { type: 'number' } } }, 'without a description'],
    [
      'no example',
      { type: 'object', properties: { a: { type: 'number', description: 'A.' } } },
      'no example',
    ],
    ['$defs', { ...described({ type: 'number' }), $defs: {} }, 'keyword $defs'],
  ])('finds %s', (_, schema, problem) => {
    expect(portableSchemaProblems(schema).join('\n')).toContain(problem);
  });
});
