/**
 * The saw list: the saw sheets' cut tables as CSV (RFC 4180), one row per cut, layouts in the saw
 * sheet's order (order.ts), positions from the bar's zero end exactly as the sheet prints them (the
 * solver's own `cutPositions`). For spreadsheets and saw controllers; docs/api.md, "Saw list".
 */
import { placedBars } from '../bar-model/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import type { SawListStyle } from '../vocabulary.ts';

export { SAW_LIST_STYLES, type SawListStyle } from '../vocabulary.ts';

/** The columns, in order. The first 13 are the documented contract; later ones may be added. */
export const SAW_LIST_COLUMNS = [
  'layout',
  'copies',
  'cut',
  'position',
  'top',
  'bottom',
  'piece',
  'label',
  'material',
  'length',
  'leftAngle',
  'rightAngle',
  'remnant',
  'source',
  'barLength',
  'note',
] as const;

export type SawListColumn = (typeof SAW_LIST_COLUMNS)[number];

/** One row of the saw list, before it is written: numbers stay numbers, empty cells are null. */
export type SawListRow = Readonly<Record<SawListColumn, string | number | null>>;

/** The rows of the saw list: per layout in saw order, its cut table (docs/pdf.md, "Saw sheets"). */
export function sawListRows(request: OptimiseRequest, response: OptimiseResponse): SawListRow[] {
  const rows: SawListRow[] = [];
  for (const { layout, combination, model: bar } of placedBars(request, response)) {
    const comb = combination.usedComb;
    for (const r of bar.rows) {
      const placed = r.piece === null ? undefined : comb.parts[r.piece - 1];
      const angled = r.at !== null && typeof r.at !== 'number';
      rows.push({
        layout,
        copies: combination.count,
        cut: r.cut,
        position: r.at !== null && typeof r.at === 'number' ? r.at : null,
        top: angled ? r.at[0] : null,
        bottom: angled ? r.at[1] : null,
        piece: r.piece,
        label: r.label,
        material: comb.material ?? null,
        length: r.length,
        leftAngle: placed?.leftAngle ?? null,
        rightAngle: placed?.rightAngle ?? null,
        remnant: bar.remnant,
        source: comb.source,
        barLength: comb.length,
        note: r.note === '' ? null : r.note,
      });
    }
  }
  return rows;
}

/**
 * The saw list as CSV text: CRLF line ends, a header row, fields quoted when they hold the separator, a
 * quote or a line break. Text a spreadsheet would run as a formula (a cell starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) gets a leading apostrophe, so a label like `=HYPERLINK(…)` is shown,
 * never run. Numbers are written in full (the solver's exact values, no rounding), with a decimal comma
 * in the `semicolon` style.
 */
export function sawListCsv(
  request: OptimiseRequest,
  response: OptimiseResponse,
  style: SawListStyle,
): string {
  const separator = style === 'semicolon' ? ';' : ',';
  const cell = (value: string | number | null): string => {
    if (value === null) return '';
    if (typeof value === 'number') {
      const text = String(value);
      return style === 'semicolon' ? text.replace('.', ',') : text;
    }
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",;\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = [
    SAW_LIST_COLUMNS.join(separator),
    ...sawListRows(request, response).map((row) => SAW_LIST_COLUMNS.map((c) => cell(row[c])).join(separator)),
  ];
  return `${style === 'semicolon' ? '\ufeff' : ''}${lines.join('\r\n')}\r\n`;
}
