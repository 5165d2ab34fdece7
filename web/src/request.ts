/**
 * The form as a request: the body POSTed to the API, and the query string of the same job (the page's
 * shareable link, which is also GET /v1/optimise's query) when the job fits one.
 */
import { parseCsvParts, SHORTHAND_LIST_PATTERN } from '../../core/request/index.ts';

/** What the form holds, as text. */
export interface FormValues {
  readonly parts: string;
  readonly stock: string;
  readonly kerf: string;
  readonly method: string;
  readonly offcuts: string;
  readonly minRemnant: string;
  readonly unit: string;
  readonly trim: boolean;
  readonly angles: boolean;
  readonly angleWidth: string;
  readonly symmetry: string;
  /** Seconds; empty: the automatic budget. */
  readonly timeLimit: string;
}

export type Built =
  | { readonly ok: true; readonly body: Record<string, unknown>; readonly query: string | null }
  | { readonly ok: false; readonly field: string; readonly message: string };

const SHORTHAND = new RegExp(SHORTHAND_LIST_PATTERN);
/** Query parameters the page reads back, in the order links write them. */
export const LINK_FIELDS = [
  'parts',
  'stock',
  'offcuts',
  'kerf',
  'minRemnant',
  'trim',
  'method',
  'unit',
] as const;

/**
 * Shorthand written one entry (or list) per line: every line is shorthand, and says so with an `x` or has
 * no separator at all (`2400,4` on its own line is a CSV row, length 2400 and quantity 4).
 */
function shorthandLines(text: string): string | null {
  const lines = text
    .split(/\r\n|\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const shorthand = lines.every((l) => SHORTHAND.test(l) && (/[xX×]/.test(l) || !/[,;\t]/.test(l)));
  return shorthand ? lines.join(', ') : null;
}

/** A cut list is CSV when it has several lines, a tab or a header; otherwise it is shorthand for the API. */
function isCsv(text: string): boolean {
  return text.includes('\n') || text.includes('\r') || text.includes('\t') || /^["\p{L}]/u.test(text);
}

/** A number field: sent as a number when it reads as one, else as text so the API names the problem. */
function numeric(text: string): unknown {
  const t = text.trim().replace(',', '.');
  return /^-?(\d+(\.\d+)?|\.\d+)$/.test(t) ? Number(t) : text.trim();
}

/** Builds the request of the form; CSV problems are reported here, with their row and column. */
export function buildRequest(f: FormValues): Built {
  const body: Record<string, unknown> = {};
  const query = new URLSearchParams();
  let linkable = true;
  const typed = f.parts.trim();
  const parts = shorthandLines(typed) ?? typed;
  if (parts !== '' && isCsv(parts)) {
    const read = parseCsvParts(parts);
    if (!read.ok) return { ok: false, field: 'parts', message: read.error.message };
    const rows = read.value.map((p) => Object.fromEntries(Object.entries(p).filter(([, x]) => x != null)));
    body.parts = rows;
    // A link carries shorthand only: rows with labels, materials or angles need the POST.
    if (rows.every((r) => Object.keys(r).every((k) => k === 'length' || k === 'quantity'))) {
      query.set('parts', rows.map((r) => `${r.length}x${r.quantity}`).join(','));
    } else linkable = false;
  } else if (parts !== '') {
    body.parts = parts;
    if (SHORTHAND.test(parts)) query.set('parts', parts.replace(/\s+/g, ''));
    else linkable = false;
  }
  const stock = f.stock.trim();
  if (stock !== '') {
    const n = numeric(stock);
    body.stock = n;
    query.set('stock', typeof n === 'number' ? String(n) : stock.replace(/\s+/g, ''));
  }
  const offcuts = f.offcuts.trim();
  if (offcuts !== '') {
    body.offcuts = offcuts;
    query.set('offcuts', offcuts.replace(/\s+/g, ''));
  }
  if (f.timeLimit.trim() !== '') {
    // A budget is not part of the link: opened, a link solves at once, and must not wait minutes.
    body.timeLimit = numeric(f.timeLimit);
  }
  for (const name of ['kerf', 'minRemnant'] as const) {
    if (f[name].trim() === '') continue;
    body[name] = numeric(f[name]);
    query.set(name, String(body[name]));
  }
  if (f.trim) {
    body.trim = true;
    query.set('trim', 'true');
  }
  if (f.method !== '') {
    body.method = f.method;
    query.set('method', f.method);
  }
  if (f.unit.trim() !== '') {
    body.unit = f.unit.trim();
    query.set('unit', f.unit.trim());
  }
  if (f.angles) {
    const angleCuts: Record<string, unknown> = { enabled: true, axialSymmetry: f.symmetry };
    if (f.angleWidth.trim() !== '') angleCuts.width = numeric(f.angleWidth);
    body.angleCuts = angleCuts;
    linkable = false;
  }
  return { ok: true, body, query: linkable && query.has('parts') ? query.toString() : null };
}

/** The form values a link (or GET query) carries; absent parameters leave the field empty. */
export function valuesOfQuery(search: string): Partial<Record<(typeof LINK_FIELDS)[number], string>> {
  const params = new URLSearchParams(search);
  const out: Partial<Record<(typeof LINK_FIELDS)[number], string>> = {};
  for (const name of LINK_FIELDS) {
    const value = params.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}
