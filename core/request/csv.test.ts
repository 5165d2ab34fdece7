import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvParts, readCsvNumber } from './csv.ts';

const partsOf = (text: string) => {
  const r = parseCsvParts(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.map((p) => Object.fromEntries(Object.entries(p).filter(([, x]) => x !== undefined)));
};
const errorOf = (text: string): string => {
  const r = parseCsvParts(text);
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value)}`);
  return r.error.message;
};

describe('parseCsvParts', () => {
  it.each([
    ['comma', 'length,quantity,label\n2400,4,rail\n1150,6,\n'],
    ['semicolon', 'length;quantity;label\n2400;4;rail\n1150;6;\n'],
    ['tab (pasted from a spreadsheet)', 'length\tquantity\tlabel\n2400\t4\trail\n1150\t6\t\n'],
    ['CRLF and a byte-order mark', '\ufeffLength,Quantity,Label\r\n2400,4,rail\r\n1150,6,\r\n'],
    ['CR-only, upper-case header with a unit', 'LENGTH (mm);QUANTITY;label\r2400;4;rail\r1150;6;'],
  ])('reads a %s list', (_, text) => {
    expect(partsOf(text)).toEqual([
      { length: 2400, quantity: 4, label: 'rail' },
      { length: 1150, quantity: 6 },
    ]);
  });

  it('reads every column, quoted fields with delimiters, quotes and newlines, and skips blank rows', () => {
    const text = [
      'label,length,quantity,material,leftAngle,rightAngle',
      '"rail, left",2400.5,2,alu,45,-45',
      '"say ""hi""",1000,1,,,',
      ',,,,,',
      '',
      '"two\nlines",500,3,steel,,',
    ].join('\n');
    expect(partsOf(text)).toEqual([
      { label: 'rail, left', length: 2400.5, quantity: 2, material: 'alu', leftAngle: 45, rightAngle: -45 },
      { label: 'say "hi"', length: 1000, quantity: 1 },
      { label: 'two\nlines', length: 500, quantity: 3, material: 'steel' },
    ]);
  });

  it('reads a decimal comma under ";" and under tab, and only the point under ","', () => {
    expect(partsOf('length;quantity\n2400,5;2\n12.25;1')).toEqual([
      { length: 2400.5, quantity: 2 },
      { length: 12.25, quantity: 1 },
    ]);
    expect(partsOf('length\tquantity\n2400,5\t2')).toEqual([{ length: 2400.5, quantity: 2 }]);
    expect(errorOf('length,quantity\n"2400,5",2')).toBe(
      'row 2, column "length": must be a number, got "2400,5" (a decimal comma needs ";" between cells)',
    );
  });

  it('reads "1.234" as 1.234 under "," and refuses it as ambiguous under ";"', () => {
    expect(partsOf('length,quantity\n1.234,1')).toEqual([{ length: 1.234, quantity: 1 }]);
    expect(errorOf('length;quantity\n1.234;1')).toContain('row 2, column "length": "1.234" is ambiguous');
    expect(errorOf('length;quantity\n1.234,5;1')).toContain('has both a point and a comma');
    expect(errorOf('length\tquantity\n1.234\t1')).toContain('"1.234" is ambiguous under tabs');
  });

  it('reads inch fractions in the length column only', () => {
    expect(partsOf('length,quantity\n12 3/4,2\n3/8,1\n96,1')).toEqual([
      { length: 12.75, quantity: 2 },
      { length: 0.375, quantity: 1 },
      { length: 96, quantity: 1 },
    ]);
    expect(errorOf('length,quantity\n12 1/3,2')).toContain('is not an inch fraction like 12 3/4');
    expect(errorOf('length,quantity\n12 5/4,2')).toContain('is not an inch fraction');
    expect(errorOf('length,quantity\n12,1/2')).toContain('row 2, column "quantity": must be a number');
  });

  it('takes "qty" for quantity, as many cut lists name it', () => {
    expect(partsOf('Length,Qty\n2400,4')).toEqual([{ length: 2400, quantity: 4 }]);
  });

  it('reads a list without a header as length, quantity, label', () => {
    expect(partsOf('2400\t4\trail\n1150\t6')).toEqual([
      { length: 2400, quantity: 4, label: 'rail' },
      { length: 1150, quantity: 6 },
    ]);
  });

  it.each([
    [
      'length,quantity,notes\n1,1,x',
      'row 1, column 3: unknown column "notes"; columns are length, quantity, label, material, leftAngle, rightAngle',
    ],
    [
      'lenght,quantity\n1,1',
      'row 1, column 1: unknown column "lenght" (did you mean "length"?); columns are length, quantity, label, material, leftAngle, rightAngle',
    ],
    ['length,label\n1,a', 'row 1: the header names no "quantity" column'],
    ['length,quantity,length\n1,1,1', 'row 1, column 3: column "length" is named twice'],
    ['length,quantity\n', 'row 1: the header has no rows under it'],
    ['', 'csv: the cut list is empty: no rows'],
    [
      'length,quantity\n2400,0\n-5,1\n1000,2.5',
      'row 2, column "quantity": must be ≥ 1, got 0; row 3, column "length": must be > 0, got -5; row 4, column "quantity": must be a whole number, got 2.5',
    ],
    ['length,quantity\n2400,\n', 'row 2, column "quantity": is empty; every row needs one'],
    ['length,quantity\n2400,1,9', 'row 2, column 3: has "9" but no header names it'],
    ['length,quantity\n"2400,1', 'row 2: a quoted field is not closed (a " is missing)'],
    [
      'length,quantity\n"24"00,1',
      'row 2: unexpected text after the quoted field "24" (quote the whole cell)',
    ],
    ['length,quantity\nabc,1', 'row 2, column "length": must be a number, got "abc"'],
    ['length;quantity\n\n\n1e3;1', 'row 4, column "length": must be a number, got "1e3"'],
  ])('refuses %j naming the row and column', (text, detail) => {
    expect(errorOf(text)).toBe(detail);
  });

  it('stops reading after a hundred problems and says there are more', () => {
    const text = `length,quantity\n${'0,1\n'.repeat(5000)}`;
    expect(errorOf(text)).toMatch(/\(and more\)$/);
  });

  it('reads back any list it is given, whatever the delimiter and quoting (property)', () => {
    const part = fc.record({
      length: fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 100),
      quantity: fc.integer({ min: 1, max: 1000 }),
      label: fc.option(
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s !== ''),
        {
          nil: undefined,
        },
      ),
    });
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(',', ';', '\t'),
        (parts, d) => {
          const cell = (s: string) => `"${s.replaceAll('"', '""')}"`;
          const num = (n: number) => (d === ',' ? String(n) : String(n).replace('.', ','));
          const lines = parts.map((p) =>
            [num(p.length), String(p.quantity), p.label === undefined ? '' : cell(p.label)].join(d),
          );
          const parsed = parseCsvParts(`${['Length', 'Quantity', 'Label'].join(d)}\r\n${lines.join('\r\n')}`);
          const expected = parts.map((p) => ({ ...p, label: p.label ?? undefined }));
          // Two decimals at most, so no length is the ambiguous 1.234 under ";".
          if (!parsed.ok) throw new Error(parsed.error.message);
          expect(
            parsed.value.map((p) => ({
              length: p.length,
              quantity: p.quantity,
              label: p.label ?? undefined,
            })),
          ).toEqual(expected);
          return true;
        },
      ),
      { seed: 24, numRuns: 200 },
    );
  });
});

describe('readCsvNumber', () => {
  it.each([
    ['2400', ',', 2400],
    [' 2400.5 ', ',', 2400.5],
    ['-45', ';', -45],
    ['0,5', ';', 0.5],
    ['.5', ',', 0.5],
  ])('reads %j under %j as %d', (text, d, value) => {
    expect(readCsvNumber(text, d as ',', false)).toEqual({ ok: true, value });
  });
});
