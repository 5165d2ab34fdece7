/**
 * CSV cut lists: the text of a `.csv` file (or rows pasted from a spreadsheet) becomes the long-form
 * `parts` of a request. Used by `cutplan optimise cuts.csv` and by the playground page. The rules (also in
 * docs/api.md, "CSV cut lists"):
 *
 * - The first row names the columns: `length`, `quantity` and optionally `label`, `material`, `leftAngle`,
 *   `rightAngle` (`qty` for quantity); case and spaces are ignored, and so is a unit in brackets (`Length (mm)`). A first row
 *   whose first cell is a number is data: the columns are then `length, quantity, label`.
 * - Cells are separated by a tab, `;` or `,`: the first of these found in the first row, in that order.
 * - Fields may be quoted (`"rail, left"`, `""` for a quote); rows end with LF, CRLF or CR; a leading
 *   byte-order mark (Excel's "CSV UTF-8") is dropped; rows with only empty cells are skipped.
 * - Under `;` or tab the comma is a decimal separator as well as the point, except that a point followed by
 *   exactly three digits (`1.234`) is refused as ambiguous: it is 1234 in a German sheet and 1.234 in an
 *   English one. Under `,` only the point is. Thousands separators are never accepted.
 * - Lengths may be inch fractions: `12 3/4` or `3/4`, with a denominator of 2, 4, 8, 16, 32 or 64 (exact
 *   in six decimals).
 * - Every problem names its row (the header is row 1, as a spreadsheet counts) and its column.
 *
 * The scanner is single-pass and linear in the text; no regular expression sees more than one cell.
 */
import * as v from 'valibot';
import { err, ok, type Result, ValidationError } from '../errors.ts';
import { didYouMean } from './did-you-mean.ts';
import { PARSE_CONFIG } from './lists.ts';
import { type LongPart, partSchema } from './schemas.ts';
import { quote } from './show.ts';
import { IssueStream } from './sink.ts';

/** The columns a cut list may have, as the long form names them. */
export const CSV_COLUMNS = ['length', 'quantity', 'label', 'material', 'leftAngle', 'rightAngle'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** The columns of a list without a header row, in order. */
export const HEADERLESS_COLUMNS: readonly CsvColumn[] = ['length', 'quantity', 'label'];

type Delimiter = '\t' | ';' | ',';

/** One record as scanned: its row number (1-based, as a spreadsheet counts) and its cells. */
interface Row {
  readonly row: number;
  readonly cells: readonly string[];
}

const FRACTION_DENOMINATORS = new Set([2, 4, 8, 16, 32, 64]);
/** A plain decimal cell after the decimal comma became a point: optional sign, digits, optional decimals. */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)$/;
/** `12 3/4` or `3/4` (whole part optional). */
const FRACTION = /^(?:(\d+)\s+)?(\d+)\s*\/\s*(\d+)$/;

/** Picks the delimiter from the first row: tab, then `;`, then `,` (outside quotes). */
function delimiterOf(text: string): Delimiter {
  let inQuotes = false;
  let seenSemicolon = false;
  let seenComma = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (c === '\n' || c === '\r') {
      if (seenSemicolon || seenComma || i > 0) break;
    } else if (c === '\t') return '\t';
    else if (c === ';') seenSemicolon = true;
    else if (c === ',') seenComma = true;
  }
  return seenSemicolon ? ';' : ',';
}

/** Splits the text into rows of cells (RFC 4180 quoting); a problem stops the scan. */
function scanRows(text: string, delimiter: Delimiter, issues: IssueStream): Row[] {
  const rows: Row[] = [];
  let cells: string[] = [];
  let cell = '';
  let row = 1;
  let i = 0;
  const endRow = (): void => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ row, cells });
    cells = [];
    cell = '';
    row++;
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' && cell.trim() === '') {
      // A quoted field: up to the closing quote, `""` standing for one quote; newlines are kept.
      const start = row;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) {
          issues.add({ path: `row ${start}`, message: 'a quoted field is not closed (a " is missing)' });
          return rows;
        }
        const d = text[i] as string;
        if (d === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += d;
        i++;
      }
      let j = i;
      while (text[j] === ' ' || (text[j] === '\t' && delimiter !== '\t')) j++;
      const after = text[j];
      if (after !== undefined && after !== delimiter && after !== '\n' && after !== '\r') {
        issues.add({
          path: `row ${start}`,
          message: `unexpected text after the quoted field ${quote(value)} (quote the whole cell)`,
        });
        return rows;
      }
      cell = value;
      i = j;
      continue;
    }
    if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      cell += c;
    }
    i++;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** `Length (mm)` → `length`: lower case, no spaces, a unit in brackets dropped. */
function headerKey(cell: string): string {
  return cell
    .replace(/\s*[([][^)\]]*[)\]]\s*$/, '')
    .replace(/[\s_-]+/g, '')
    .toLowerCase();
}

/**
 * What one kind of CSV list holds: its columns, which of them are numbers, the schema each row must pass.
 * The cut list is {@link PARTS_TABLE}; the shell reads other lists of the same grammar (the offcut rack's
 * import) through {@link parseCsvTable} with tables of its own.
 */
export interface CsvTable<T> {
  /** The columns, as the long form names them; `length` and `quantity` are required. */
  readonly columns: readonly string[];
  /** The number columns (`length` also takes inch fractions). */
  readonly numbers: ReadonlySet<string>;
  /** The columns of a list without a header row, in order. */
  readonly headerless: readonly string[];
  readonly schema: v.GenericSchema<unknown, T>;
  /** What the list is, for messages: `cut list`. */
  readonly noun: string;
}

/** The cut list: long-form parts. */
export const PARTS_TABLE: CsvTable<LongPart> = {
  columns: CSV_COLUMNS,
  numbers: new Set(['length', 'quantity', 'leftAngle', 'rightAngle']),
  headerless: HEADERLESS_COLUMNS,
  schema: partSchema,
  noun: 'cut list',
};

/** Header keys: each column's name, plus `qty`, which many cut lists use. */
function columnsByKey(table: CsvTable<unknown>): ReadonlyMap<string, string> {
  return new Map([...table.columns.map((c): [string, string] => [c.toLowerCase(), c]), ['qty', 'quantity']]);
}

/** The columns named by the header row, or null after reporting a problem. */
function readHeader(header: Row, table: CsvTable<unknown>, issues: IssueStream): (string | null)[] | null {
  const byKey = columnsByKey(table);
  const columns: (string | null)[] = [];
  const seen = new Set<string>();
  header.cells.forEach((cell, i) => {
    const key = headerKey(cell);
    if (key === '') {
      columns.push(null); // an unnamed column (a trailing delimiter) must stay empty
      return;
    }
    const column = byKey.get(key);
    const where = `row ${header.row}, column ${i + 1}`;
    if (column === undefined) {
      issues.add({
        path: where,
        message: `unknown column ${quote(cell.trim())}${didYouMean(key, [...byKey.keys()])}; columns are ${table.columns.join(', ')}`,
      });
    } else if (seen.has(column)) {
      issues.add({ path: where, message: `column ${quote(column)} is named twice` });
    } else seen.add(column);
    columns.push(column ?? null);
  });
  for (const required of ['length', 'quantity'] as const) {
    if (!seen.has(required) && issues.empty)
      issues.add({ path: `row ${header.row}`, message: `the header names no ${quote(required)} column` });
  }
  return issues.empty ? columns : null;
}

type CellNumber =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly message: string };

/** Reads a number cell under the file's delimiter; lengths may be inch fractions. */
export function readCsvNumber(raw: string, delimiter: Delimiter, fractions: boolean): CellNumber {
  const text = raw.trim().replace(/\u00a0/g, ' ');
  const fraction = fractions ? FRACTION.exec(text) : null;
  if (fraction !== null) {
    const whole = Number(fraction[1] ?? 0);
    const numerator = Number(fraction[2]);
    const denominator = Number(fraction[3]);
    if (!FRACTION_DENOMINATORS.has(denominator) || (fraction[1] !== undefined && numerator >= denominator)) {
      return {
        ok: false,
        message: `${quote(text)} is not an inch fraction like 12 3/4 (denominator 2, 4, 8, 16, 32 or 64)`,
      };
    }
    return { ok: true, value: whole + numerator / denominator };
  }
  const commaDecimal = delimiter !== ',';
  if (commaDecimal && text.includes(',') && text.includes('.')) {
    return {
      ok: false,
      message: `${quote(text)} has both a point and a comma: write it without thousands separators`,
    };
  }
  if (commaDecimal && /^[-+]?\d+\.\d{3}$/.test(text)) {
    return {
      ok: false,
      message: `${quote(text)} is ambiguous under ${delimiter === ';' ? '";"' : 'tabs'} (1234 or 1.234?): write 1234, or 1,234 for a decimal`,
    };
  }
  const plain = commaDecimal ? text.replace(',', '.') : text;
  if (!DECIMAL.test(plain)) {
    const hint = !commaDecimal && text.includes(',') ? ' (a decimal comma needs ";" between cells)' : '';
    return { ok: false, message: `must be a number, got ${quote(text)}${hint}` };
  }
  return { ok: true, value: Number(plain) };
}

/**
 * Reads a CSV cut list into long-form parts (what `parts` of a request body takes).
 * Never throws.
 * @param text The file's text (a byte-order mark is dropped).
 * @returns The parts in row order, or a {@link ValidationError} naming rows and columns.
 */
export function parseCsvParts(text: string): Result<LongPart[], ValidationError> {
  return parseCsvTable(text, PARTS_TABLE);
}

/**
 * Reads a CSV list of the kind `table` describes, under the cut list's grammar (the rules above).
 * Never throws.
 * @returns The rows' objects in row order, or a {@link ValidationError} naming rows and columns.
 */
export function parseCsvTable<T>(text: string, table: CsvTable<T>): Result<T[], ValidationError> {
  const issues = new IssueStream();
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = delimiterOf(body);
  const rows = scanRows(body, delimiter, issues);
  if (!issues.empty) return err(new ValidationError(issues.issues));
  const [first] = rows;
  if (first === undefined) return err(ValidationError.of('csv', `the ${table.noun} is empty: no rows`));
  const headerless = readCsvNumber(first.cells[0] ?? '', delimiter, true).ok;
  const columns = headerless ? table.headerless : readHeader(first, table, issues);
  if (columns === null) return err(new ValidationError(issues.issues));
  const data = headerless ? rows : rows.slice(1);
  if (data.length === 0)
    return err(ValidationError.of(`row ${first.row}`, 'the header has no rows under it'));

  const parts: T[] = [];
  for (const row of data) {
    const part = readRow(row, columns, table, delimiter, issues);
    if (part !== null) parts.push(part);
    if (issues.dropped) break;
  }
  return issues.empty ? ok(parts) : err(new ValidationError(issues.issues, !issues.dropped));
}

function readRow<T>(
  row: Row,
  columns: readonly (string | null)[],
  table: CsvTable<T>,
  delimiter: Delimiter,
  issues: IssueStream,
): T | null {
  const at = (column: string): string => `row ${row.row}, column ${quote(column)}`;
  const object: Record<string, unknown> = {};
  let bad = false;
  row.cells.forEach((raw, i) => {
    const column = columns[i];
    const cell = raw.trim();
    if (column === undefined || column === null) {
      if (cell !== '') {
        issues.add({
          path: `row ${row.row}, column ${i + 1}`,
          message: `has ${quote(cell)} but no header names it`,
        });
        bad = true;
      }
      return;
    }
    if (cell === '') return;
    if (!table.numbers.has(column)) {
      object[column] = cell;
      return;
    }
    const read = readCsvNumber(cell, delimiter, column === 'length');
    if (read.ok) object[column] = read.value;
    else {
      issues.add({ path: at(column), message: read.message });
      bad = true;
    }
  });
  if (bad) return null;
  const parsed = v.safeParse(table.schema, object, PARSE_CONFIG);
  if (parsed.success) return parsed.output;
  for (const issue of parsed.issues) {
    const key = String(issue.path?.[0]?.key ?? '');
    const missing = issue.input === undefined;
    issues.add({ path: at(key), message: missing ? 'is empty; every row needs one' : issue.message });
  }
  return null;
}
