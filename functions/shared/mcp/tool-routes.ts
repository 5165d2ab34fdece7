/**
 * The solving tools' names and routes: the endpoint each tool's arguments are parsed for, and the tool's own
 * option (a query parameter of its route), split from the body before the request parser reads it.
 */
import { err, ok, type Result, ValidationError } from '../../../core/errors.ts';
import type { Endpoint } from '../../../core/request/index.ts';
import { LABEL_OUTPUTS, SAW_LIST_STYLES } from '../../../core/vocabulary.ts';

export const OPTIMISE_TOOL = 'optimise_cut_list';
export const PDF_TOOL = 'cutting_plan_pdf';
export const LABELS_TOOL = 'piece_labels';
export const SAW_LIST_TOOL = 'saw_list';

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

/**
 * A tool's arguments split into the route's body and the tool's option (its default when absent): the body
 * goes to the request parser, which names any bad field; a bad option is a validation error naming it.
 */
export function toolArguments(
  tool: string,
  args: unknown,
): Result<{ body: unknown; option: string | null }, ValidationError> {
  const route = TOOL_ROUTES[tool];
  if (route?.option === undefined || typeof args !== 'object' || args === null || Array.isArray(args))
    return ok({ body: args, option: route?.option?.fallback ?? null });
  const { name, values, fallback } = route.option;
  const { [name]: raw, ...body } = args as Record<string, unknown>;
  if (raw === undefined || raw === null) return ok({ body, option: fallback });
  if (typeof raw === 'string' && values.includes(raw)) return ok({ body, option: raw });
  return err(ValidationError.of(name, `must be one of ${values.join(', ')}, got ${JSON.stringify(raw)}`));
}
