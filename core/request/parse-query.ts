/**
 * GET /v1/optimise: the query string mapped to a request body, which then goes through the same pipeline
 * as a POST, so the same problem normalises to the same request either way. `parts`, `stock` and `offcuts`
 * carry the shorthand text; `stocks` and `angleCuts` carry JSON text; the rest are scalars by field name.
 */
import type { PartsLimitError, Result, ValidationError } from '../errors.ts';
import type { OptimiseRequest } from '../types.ts';
import { didYouMean } from './did-you-mean.ts';
import { parseMappedQuery } from './parse-body.ts';
import { ALREADY_REPORTED, presentationRefusal, queryOptionRefusal } from './read-body.ts';
import { PRESENTATION_KEYS } from './schemas.ts';
import { show } from './show.ts';
import { IssueStream } from './sink.ts';

/** A query string as a framework hands it over: repeated parameters arrive as arrays. */
export type Query = Readonly<Record<string, string | readonly string[] | undefined>>;

type Kind = 'shorthand' | 'number' | 'boolean' | 'text' | 'json';

/** Every parameter GET /v1/optimise takes, and how its text becomes a body value. */
export const QUERY_PARAMETERS: Readonly<Record<string, Kind>> = {
  parts: 'shorthand',
  stock: 'shorthand',
  offcuts: 'shorthand',
  stockLength: 'number',
  kerf: 'number',
  minRemnant: 'number',
  timeLimit: 'number',
  trim: 'boolean',
  method: 'text',
  unit: 'text',
  unitFormat: 'text',
  stocks: 'json',
  angleCuts: 'json',
};
const NAMES = Object.keys(QUERY_PARAMETERS);

/** A number as JSON writes it (a sign is allowed so a negative kerf gets the range message, not this one). */
const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false, '1': true, '0': false };

type Converted =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

function convert(kind: Kind, text: string): Converted {
  switch (kind) {
    case 'shorthand':
    case 'text':
      return { ok: true, value: text };
    case 'number': {
      const t = text.trim();
      return NUMBER.test(t)
        ? { ok: true, value: Number(t) }
        : { ok: false, message: `must be a number, got ${show(text)}` };
    }
    case 'boolean': {
      const b = BOOLEANS[text.trim()];
      return b === undefined
        ? { ok: false, message: `must be true, false, 1 or 0, got ${show(text)}` }
        : { ok: true, value: b };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch (error: unknown) {
        if (!(error instanceof SyntaxError)) throw error;
        return {
          ok: false,
          message: `must be JSON text (like [{"length": 6000, "quantity": 10}]), got ${show(text)}`,
        };
      }
  }
}

/**
 * Parses the query of GET /v1/optimise into the same normalised request the equivalent POST gives.
 * An unknown or repeated parameter is a validation issue; an empty value counts as absent.
 * Never throws.
 */
export function parseOptimiseQuery(
  query: Query,
  /** Body values that stand in for parameters (the shell's rack entries for `offcuts=rack`). */
  replace: Readonly<Record<string, unknown>> = {},
): Result<OptimiseRequest, ValidationError | PartsLimitError> {
  const issues = new IssueStream();
  const body: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    const kind = NAMES.includes(name) ? QUERY_PARAMETERS[name] : undefined;
    if (kind === undefined) {
      const message = PRESENTATION_KEYS.includes(name)
        ? presentationRefusal(name, 'query')
        : (queryOptionRefusal(name, 'query') ??
          `unknown query parameter "${name}"${didYouMean(name, NAMES)}`);
      issues.add({ path: '', message });
      continue;
    }
    const values = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
    if (values.length > 1) {
      issues.add({ path: name, message: `is repeated (${values.length} times); send it once` });
      continue;
    }
    const [text] = values;
    if (text === undefined || text.trim() === '') continue;
    const converted = convert(kind, text);
    if (converted.ok) body[name] = converted.value;
    else {
      issues.add({ path: name, message: converted.message });
      body[name] = ALREADY_REPORTED;
    }
  }
  return parseMappedQuery({ ...body, ...replace }, issues);
}
