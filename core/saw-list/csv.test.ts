/**
 * The saw list read back: an RFC 4180 reader written here (not the writer's code) turns the CSV into
 * layouts again, which must be the plan's layouts in saw order: copies, every cut position (square, or
 * top and bottom of a mitre), and every piece with its length, label and angles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../test/support/solver.ts';
import { parseOptimiseBody } from '../request/index.ts';
import { sawOrder } from '../saw/order.ts';
import type { CutPosition, OptimiseRequest, OptimiseResponse } from '../types.ts';
import { SAW_LIST_COLUMNS, type SawListStyle, sawListCsv } from './csv.ts';

/** RFC 4180: quoted fields may hold separators, quotes (doubled) and line breaks; rows end with CRLF. */
function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field).toBe('');
  expect(row).toEqual([]);
  return rows;
}

interface ReadLayout {
  copies: number;
  cuts: CutPosition[];
  pieces: Map<number, { length: number; label: string; left: number | null; right: number | null }>;
}

/** The CSV back as layouts, numbers read in the style's decimal notation. */
function readBack(text: string, style: SawListStyle): ReadLayout[] {
  const bom = style === 'semicolon' ? '\ufeff' : '';
  expect(text.startsWith(bom)).toBe(true);
  if (style === 'comma') expect(text.charCodeAt(0)).not.toBe(0xfeff);
  const [header, ...rows] = readCsv(text.slice(bom.length), style === 'semicolon' ? ';' : ',');
  expect(header).toEqual([...SAW_LIST_COLUMNS]);
  const col = (row: string[], name: string): string => row[header?.indexOf(name) ?? -1] ?? '';
  const num = (s: string): number | null =>
    s === '' ? null : Number(style === 'semicolon' ? s.replace(',', '.') : s);
  const layouts: ReadLayout[] = [];
  for (const row of rows) {
    expect(row).toHaveLength(SAW_LIST_COLUMNS.length);
    const n = Number(col(row, 'layout'));
    if (layouts[n - 1] === undefined)
      layouts[n - 1] = { copies: Number(col(row, 'copies')), cuts: [], pieces: new Map() };
    const layout = layouts[n - 1] as ReadLayout;
    if (col(row, 'cut') !== '') {
      expect(Number(col(row, 'cut'))).toBe(layout.cuts.length + 1);
      const position = num(col(row, 'position'));
      const top = num(col(row, 'top'));
      const bottom = num(col(row, 'bottom'));
      layout.cuts.push(position ?? [top ?? Number.NaN, bottom ?? Number.NaN]);
    }
    const piece = num(col(row, 'piece'));
    if (piece !== null)
      layout.pieces.set(piece, {
        length: num(col(row, 'length')) ?? Number.NaN,
        // The apostrophe that keeps a formula-like label text comes off, as a reader of the list would.
        label: col(row, 'label').replace(/^'(?=[=+\-@\t\r])/, ''),
        left: num(col(row, 'leftAngle')),
        right: num(col(row, 'rightAngle')),
      });
  }
  return layouts;
}

/** What the plan says, in the same shape, for the layouts in saw order. */
function planLayouts(request: OptimiseRequest, response: OptimiseResponse): ReadLayout[] {
  return sawOrder(response.plan.combinations).map(({ combination: c }) => ({
    copies: c.count,
    cuts: c.usedComb.cutPositions.map((p) => (typeof p === 'number' ? p : [p[0], p[1]])),
    pieces: new Map(
      c.usedComb.parts.map((p, i) => [
        i + 1,
        {
          length: p.length,
          label: p.label ?? request.parts[p.part]?.label ?? `P${p.part + 1}`,
          left: p.leftAngle ?? null,
          right: p.rightAngle ?? null,
        },
      ]),
    ),
  }));
}

const SQUARE = {
  parts: [
    { length: 1200.5, quantity: 5, label: '=HYPERLINK("x")' },
    { length: 800, quantity: 7, label: 'rail, "left"' },
    { length: 450, quantity: 9, label: '-5 offset' },
    { length: 300, quantity: 4, label: '@sum', material: 'oak' },
  ],
  stocks: [{ length: 3000 }, { length: 2000, material: 'oak' }],
  offcuts: [{ length: 1300, quantity: 1 }],
  kerf: 2.5,
  trim: true,
  minRemnant: 200,
};

const MITRED = {
  parts: [
    { length: 900, quantity: 4, leftAngle: 45, rightAngle: 135, label: 'κεφαλή' },
    { length: 600, quantity: 4, leftAngle: 45, rightAngle: 135, label: '竖框' },
    { length: 700, quantity: 3 },
  ],
  stockLength: 3000,
  kerf: 3,
  angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
};

type Job = { request: OptimiseRequest; response: OptimiseResponse };
const jobs: Record<string, Job> = {};
beforeAll(async () => {
  for (const [name, body] of Object.entries({ SQUARE, MITRED })) {
    const parsed = parseOptimiseBody(body, 'json');
    if (!parsed.ok) throw new Error(parsed.error.message);
    jobs[name] = { request: parsed.value, response: await planOf(body) };
  }
});

describe('saw list CSV', () => {
  it.each([
    ['SQUARE', 'comma'],
    ['SQUARE', 'semicolon'],
    ['MITRED', 'comma'],
    ['MITRED', 'semicolon'],
  ] as const)('%s in the %s style reads back into the plan’s cuts and pieces', (name, style) => {
    const { request, response } = jobs[name] as Job;
    const back = readBack(sawListCsv(request, response, style), style);
    expect(back).toEqual(planLayouts(request, response));
    expect(back.reduce((a, l) => a + l.copies, 0)).toBe(
      response.plan.combinations.reduce((a, c) => a + c.count, 0),
    );
  });

  it('neutralises cells a spreadsheet would run as a formula, and quotes per RFC 4180', () => {
    const { request, response } = jobs.SQUARE as Job;
    const text = sawListCsv(request, response, 'comma');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain(`"rail, ""left"""`);
    expect(text).toContain(`,'-5 offset,`);
    expect(text).toContain(`,'@sum,`);
    expect(text.split('\r\n').every((line) => !/(^|,)[=+\-@]/.test(line))).toBe(true);
  });

  it('writes decimal commas and no points under the semicolon style', () => {
    const { request, response } = jobs.SQUARE as Job;
    const text = sawListCsv(request, response, 'semicolon');
    expect(text).toMatch(/;1200,5;/);
    expect(text).not.toMatch(/\d\.\d/);
  });

  it('writes mitres as top and bottom, with the angles of each piece as placed', () => {
    const { request, response } = jobs.MITRED as Job;
    const rows = readCsv(sawListCsv(request, response, 'comma'), ',');
    const angled = rows.filter((r) => r[4] !== '' && r[5] !== '' && r[3] === '');
    expect(angled.length).toBeGreaterThan(0);
    expect(rows.some((r) => r[7] === 'κεφαλή' && r[10] !== '')).toBe(true);
  });
});
