/**
 * The solving tools' names and routes: the endpoint each tool's arguments are parsed for, and the tool's own
 * option (a query parameter of its route), split from the body before the request parser reads it.
 */
import { err, ok, type Result, ValidationError } from '../../../core/errors.ts';
import { type Endpoint, PRESENTATION_KEYS } from '../../../core/request/index.ts';
import { LABEL_OUTPUTS, SAW_LIST_STYLES } from '../../../core/vocabulary.ts';

export const OPTIMISE_TOOL = 'optimise_cut_list';
export const PDF_TOOL = 'cutting_plan_pdf';
export const LABELS_TOOL = 'piece_labels';
export const SAW_LIST_TOOL = 'saw_list';

/**
 * The argument of the tools that solve, book or start a job that is the `Idempotency-Key` of the call
 * underneath (over HTTP, functions/handlers/mcp-idempotent.ts); never part of the route's body.
 */
export const KEY_ARGUMENT = 'idempotencyKey';

/** A tool's own argument that is a query parameter of its route, not a field of the body. */
interface ToolOption {
  readonly name: string;
  readonly values: readonly string[];
  readonly fallback: string;
}

/** Each tool's route: the endpoint its body is parsed for, and its own option. */
export const TOOL_ROUTES: Readonly<Record<string, { endpoint: Endpoint; option?: ToolOption }>> = {
  [OPTIMISE_TOOL]: { endpoint: 'json' },
  [PDF_TOOL]: { endpoint: 'pdf' },
  [LABELS_TOOL]: { endpoint: 'labels', option: { name: 'format', values: LABEL_OUTPUTS, fallback: 'pdf' } },
  [SAW_LIST_TOOL]: {
    endpoint: 'csv',
    option: { name: 'separator', values: SAW_LIST_STYLES, fallback: 'comma' },
  },
};

/** The tools that take the file fields (`jobName`, `paper`, `labelFormat`), as a refusal names them. */
const FILE_TOOLS = `${PDF_TOOL}, ${LABELS_TOOL} and ${SAW_LIST_TOOL}`;

/**
 * The refusal of an argument that belongs to other tools (a file field sent to `optimise_cut_list`, or one
 * tool's option sent to another), naming the tools that take it; null for any other argument.
 */
function otherToolsArgument(tool: string, name: string): string | null {
  const route = TOOL_ROUTES[tool];
  if (route === undefined) return null;
  if (route.endpoint === 'json' && PRESENTATION_KEYS.includes(name))
    return `"${name}" belongs to the file tools (${FILE_TOOLS}); ${tool} does not take it`;
  if (route.option?.name === name) return null;
  const owner = Object.entries(TOOL_ROUTES).find(([, r]) => r.option?.name === name)?.[0];
  return owner === undefined ? null : `"${name}" is an argument of ${owner}; ${tool} does not take it`;
}

/**
 * A tool's arguments split into the route's body and the tool's option (its default when absent): the body
 * goes to the request parser, which names any bad field; a bad option, or an argument of other tools, is a
 * validation error naming it (in the tools' words, not the routes').
 */
export function toolArguments(
  tool: string,
  given: unknown,
): Result<{ body: unknown; option: string | null }, ValidationError> {
  const route = TOOL_ROUTES[tool];
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    return ok({ body: given, option: route?.option?.fallback ?? null });
  // The key is the transport's (kept by the HTTP endpoint, unused on stdio), not the route's.
  const { [KEY_ARGUMENT]: _key, ...args } = given as Record<string, unknown>;
  for (const name of Object.keys(args)) {
    const refusal = otherToolsArgument(tool, name);
    if (refusal !== null) return err(ValidationError.of('', refusal));
  }
  if (route?.option === undefined) return ok({ body: args, option: null });
  const { name, values, fallback } = route.option;
  const { [name]: raw, ...body } = args;
  if (raw === undefined || raw === null) return ok({ body, option: fallback });
  if (typeof raw === 'string' && values.includes(raw)) return ok({ body, option: raw });
  return err(ValidationError.of(name, `must be one of ${values.join(', ')}, got ${JSON.stringify(raw)}`));
}
