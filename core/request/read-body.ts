/**
 * Reads a request body (any mix of shorthand and long form) into the typed long form: unknown fields,
 * which supply was sent, every list entry, the single-value fields and angleCuts. Every problem of this
 * stage is reported together, in request order: the body itself, parts, stock, offcuts, other fields.
 */
import * as v from 'valibot';
import { fieldIssues, unknownFields } from './fields.ts';
import { type ListRead, PARSE_CONFIG, readList } from './lists.ts';
import type { Origins } from './origins.ts';
import {
  ANGLE_CUTS_KEYS,
  angleCutsSchema,
  fileScalarsSchema,
  JSON_KEYS,
  jsonScalarsSchema,
  type LongAngleCuts,
  type LongForm,
  PRESENTATION_KEYS,
  SCALAR_KEYS,
} from './schemas.ts';
import { show } from './show.ts';
import { IssueStream } from './sink.ts';

/**
 * Which route a body was sent to. The file routes (`pdf`, `labels`, `csv`) take every presentation field
 * (`jobName`, `paper`, `labelFormat`); `json` (POST /v1/optimise) and `query` (GET /v1/optimise) take none.
 */
export type Endpoint = 'json' | 'query' | 'pdf' | 'labels' | 'csv';

/** The route each endpoint stands for, as a refusal names it. */
export const ROUTE_NAMES: Readonly<Record<Endpoint, string>> = {
  json: 'POST /v1/optimise',
  query: 'GET /v1/optimise',
  pdf: 'POST /v1/optimise/pdf',
  labels: 'POST /v1/optimise/labels',
  csv: 'POST /v1/optimise/csv',
};

/** Whether an endpoint is a file route (takes the presentation fields). */
export const takesPresentation = (endpoint: Endpoint): boolean => endpoint !== 'json' && endpoint !== 'query';

/** The refusal of a presentation field sent to a route that does not take it, naming that route. */
export function presentationRefusal(field: string, endpoint: Endpoint): string {
  return `"${field}" belongs to the file routes (POST /v1/optimise/pdf, /v1/optimise/labels and /v1/optimise/csv); ${ROUTE_NAMES[endpoint]} does not take it`;
}

/**
 * Options that are query parameters of one route, not body fields: sent in a body they are refused with a
 * pointer to the query parameter (a body field of that name would otherwise read as a typo).
 */
const QUERY_OPTIONS: Readonly<Record<string, { readonly endpoint: Endpoint; readonly example: string }>> = {
  separator: { endpoint: 'csv', example: 'separator=semicolon' },
  format: { endpoint: 'labels', example: 'format=zpl' },
};

/** The refusal of a route's query option sent as a body field, pointing to the query parameter. */
export function queryOptionRefusal(field: string, endpoint: Endpoint): string | null {
  const option = Object.hasOwn(QUERY_OPTIONS, field) ? QUERY_OPTIONS[field] : undefined;
  if (option === undefined) return null;
  const body = endpoint === 'query' ? '' : ', not a body field';
  const where = `"${field}" is a query parameter of ${ROUTE_NAMES[option.endpoint]} (?${option.example})${body}`;
  return option.endpoint === endpoint
    ? `${where}: send it as ${ROUTE_NAMES[endpoint]}?${option.example}`
    : `${where}; ${ROUTE_NAMES[endpoint]} does not take it`;
}

/** The three ways to send purchasable stock; at most one per request. */
const SUPPLY_FIELDS = ['stock', 'stocks', 'stockLength'] as const;

const present = (x: unknown): boolean => x !== undefined && x !== null;

/**
 * Stands for a field that was sent but could not even be read (GET JSON text that does not parse): it
 * counts as sent, so no second, misleading issue ("nothing to cut from") follows the first one.
 */
export const ALREADY_REPORTED: unique symbol = Symbol('already reported');
const readable = (x: unknown): boolean => present(x) && x !== ALREADY_REPORTED;

export type BodyRead =
  | { readonly ok: true; readonly long: LongForm; readonly origins: Origins }
  | { readonly ok: false; readonly streams: readonly IssueStream[] };

function readAngleCuts(value: unknown, stream: IssueStream): LongAngleCuts | null {
  if (!readable(value)) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    stream.add({
      path: 'angleCuts',
      message: `must be an object like {"enabled": true, "width": 40}, got ${show(value)}`,
    });
    return null;
  }
  unknownFields(value as Record<string, unknown>, ANGLE_CUTS_KEYS, 'angleCuts', stream);
  const parsed = v.safeParse(angleCutsSchema, value, PARSE_CONFIG);
  if (parsed.success) return parsed.output;
  fieldIssues(parsed.issues, 'angleCuts', 'field', stream);
  return null;
}

/** Reads a body that is a JSON object. */
export function readBody(
  body: Readonly<Record<string, unknown>>,
  endpoint: Endpoint,
  head: IssueStream,
): BodyRead {
  const files = takesPresentation(endpoint);
  const known = files ? [...JSON_KEYS, ...PRESENTATION_KEYS] : JSON_KEYS;
  unknownFields(body, known, '', head, (key) =>
    !files && PRESENTATION_KEYS.includes(key)
      ? presentationRefusal(key, endpoint)
      : queryOptionRefusal(key, endpoint),
  );

  // `stock` is shorthand for `stockLength` (a number) or `stocks` (a string or a list).
  const names = { stocks: 'stocks', stockLength: 'stockLength' };
  let stocksValue = body.stocks;
  let stockLengthValue = body.stockLength;
  const sent = SUPPLY_FIELDS.filter((k) => present(body[k]));
  if (sent.length > 1) {
    head.add({
      path: '',
      message: `send only one of stock, stocks and stockLength (got ${sent.join(' and ')})`,
    });
  } else if (typeof body.stock === 'number') {
    stockLengthValue = body.stock;
    names.stockLength = 'stock';
  } else if (typeof body.stock === 'string' || Array.isArray(body.stock)) {
    stocksValue = body.stock;
    names.stocks = 'stock';
  } else if (readable(body.stock)) {
    head.add({
      path: 'stock',
      message: `must be a length (6000), a shorthand string ("6000x10, 5000") or a list of entries, got ${show(body.stock)}`,
    });
  }
  const noOffcuts = !present(body.offcuts) || (Array.isArray(body.offcuts) && body.offcuts.length === 0);
  if (sent.length === 0 && noOffcuts) {
    head.add({
      path: '',
      message: 'nothing to cut from: send stockLength, stocks (or the stock shorthand) or offcuts',
    });
  }
  if (!present(body.parts)) {
    head.add({
      path: '',
      message: 'parts is required: a list of parts or a shorthand string like "2400x5, 1800x3"',
    });
  }

  const streams = { parts: new IssueStream(), stocks: new IssueStream(), offcuts: new IssueStream() };
  const none = { entries: null, texts: [] };
  const parts: ListRead<'parts'> = readable(body.parts)
    ? readList(body.parts, 'parts', 'parts', streams.parts)
    : none;
  const stocks: ListRead<'stocks'> = readable(stocksValue)
    ? readList(stocksValue, 'stocks', names.stocks, streams.stocks)
    : none;
  const offcuts: ListRead<'offcuts'> = readable(body.offcuts)
    ? readList(body.offcuts, 'offcuts', 'offcuts', streams.offcuts)
    : none;

  const tail = new IssueStream();
  const scalarInput: Record<string, unknown> = { stockLength: stockLengthValue };
  for (const key of [...SCALAR_KEYS, ...PRESENTATION_KEYS]) {
    if (key !== 'stockLength' && Object.hasOwn(body, key)) scalarInput[key] = body[key];
  }
  for (const key of Object.keys(scalarInput)) {
    if (scalarInput[key] === ALREADY_REPORTED) scalarInput[key] = undefined;
  }
  const scalars = v.safeParse(files ? fileScalarsSchema : jsonScalarsSchema, scalarInput, PARSE_CONFIG);
  if (!scalars.success) {
    const rename = (f: string): string => (f === 'stockLength' ? names.stockLength : f);
    fieldIssues(scalars.issues, '', 'field', tail, rename);
  }
  const angleCuts = readAngleCuts(body.angleCuts, tail);

  const all = [head, streams.parts, streams.stocks, streams.offcuts, tail];
  if (!all.every((s) => s.empty) || !scalars.success || parts.entries === null)
    return { ok: false, streams: all };
  return {
    ok: true,
    long: {
      ...scalars.output,
      parts: parts.entries,
      stocks: stocks.entries,
      offcuts: offcuts.entries,
      angleCuts,
    },
    origins: { names, texts: { parts: parts.texts, stocks: stocks.texts, offcuts: offcuts.texts } },
  };
}
