/**
 * Every rule of the request contract, broken one at a time: the whole detail is asserted, so the test
 * also pins that the offending item is named by index, label and value (or its shorthand text).
 */
import { describe, expect, it } from 'vitest';
import { body, detail, GROUPED, parsed, SIMPLE } from '../../test/support/request-fixtures.ts';
import { parseOptimiseBody } from './index.ts';

const parts = (...entries: unknown[]) => body(SIMPLE, { parts: entries });
const LONG_LABEL = 'L'.repeat(101);

describe('parseOptimiseBody rejects', () => {
  it.each<[string, unknown, string]>([
    ['an array body', [1], 'the request body must be a JSON object, got an array'],
    ['a string body', 'parts=2400x5', 'the request body must be a JSON object, got "parts=2400x5"'],
    ['a null body', null, 'the request body must be a JSON object, got null'],
    [
      'a missing parts field',
      { stockLength: 6000 },
      'parts is required: a list of parts or a shorthand string like "2400x5, 1800x3"',
    ],
    ['an empty parts list', body(SIMPLE, { parts: [] }), 'parts: must list at least one part'],
    [
      'parts as a number',
      body(SIMPLE, { parts: 2400 }),
      'parts: must be a list of parts or a shorthand string like "2400x5, 1800x3", got 2400',
    ],
  ])('%s', (_, input, expected) => {
    expect(detail(input)).toBe(expected);
  });

  it.each<[string, string]>([
    ['2400x', 'parts[0] "2400x": the quantity is missing after "x"'],
    ['x5', 'parts[0] "x5": the length is missing before "x"'],
    ['2400x0', 'parts[0] "2400x0": quantity must be ≥ 1, got 0'],
    ['2400x2.5', 'parts[0] "2400x2.5": quantity must be a whole number, got 2.5'],
    ['-5', 'parts[0] "-5": a length must be a positive number like 2400 or 2400.5'],
    ['1e999', 'parts[0] "1e999": exponents are not accepted: write the number out, like 0.0001'],
    ['abc', 'parts[0] "abc": not a shorthand entry: write LENGTH or LENGTHxQUANTITY, like 2400x5'],
    ['', 'parts[0] "": empty entry (two commas in a row, or a comma at the end?)'],
    ['2400x5,,1800', 'parts[1] "": empty entry (two commas in a row, or a comma at the end?)'],
    ['2400x5,', 'parts[1] "": empty entry (two commas in a row, or a comma at the end?)'],
    ['0x5', 'parts[0] "0x5": length must be > 0, got 0'],
    ['10000001', 'parts[0] "10000001": length must be at most 10000000, got 10000001'],
    [
      '0.0000001',
      'parts[0] "0.0000001": length has more than 6 decimals (at most 6 are kept exact), got 1e-7',
    ],
  ])('the parts shorthand %j, quoting the entry', (text, expected) => {
    expect(detail(body(SIMPLE, { parts: text }))).toBe(expected);
  });

  it.each<[string, unknown[], string]>([
    ['an empty array entry', [[]], 'parts[0]: has 0 elements: an array entry is [length, quantity, label]'],
    [
      'a four-element array',
      [[2400, 1, 'a', 4]],
      'parts[0]: has 4 elements: an array entry is [length, quantity, label]',
    ],
    ['a zero quantity in an array', [[2400, 0]], 'parts[0] (2400): quantity must be ≥ 1, got 0'],
    [
      'a null quantity in an array',
      [[2400, null]],
      'parts[0] (2400): quantity must be a whole number, got null',
    ],
    ['a label that is not text', [[2400, 1, 7]], 'parts[0] (2400): label must be a string, got 7'],
    [
      'a boolean entry',
      [true],
      'parts[0]: must be a part: {"length": 2400, "quantity": 5}, [2400, 5, "label"] or "2400x5", got true',
    ],
    [
      'a negative length',
      [{ length: -5, quantity: 1, label: 'rail A' }],
      'parts[0] ("rail A", -5): length must be > 0, got -5',
    ],
    ['a length as text', [{ length: '2400', quantity: 1 }], 'parts[0]: length must be a number, got "2400"'],
    ['a missing quantity', [{ length: 2400 }], 'parts[0] (2400): quantity is required'],
    [
      'a fractional quantity',
      [{ length: 2400, quantity: 1.5 }],
      'parts[0] (2400): quantity must be a whole number, got 1.5',
    ],
    [
      'a label over 100 characters',
      [{ length: 2400, quantity: 1, label: LONG_LABEL }],
      `parts[0] ("${'L'.repeat(40)}…", 2400): label must be at most 100 characters, got 101`,
    ],
    [
      'an empty material',
      [{ length: 2400, quantity: 1, material: '' }],
      'parts[0] (2400): material must not be empty',
    ],
    [
      'a material over 64 characters',
      [{ length: 2400, quantity: 1, material: 'm'.repeat(65) }],
      'parts[0] (2400): material must be at most 64 characters, got 65',
    ],
    [
      'a misspelt field',
      [{ lenght: 2400, quantity: 1 }],
      'parts[0]: unknown field "lenght" (did you mean "length"?); parts[0]: length is required',
    ],
    [
      'a field of another entity',
      [{ length: 2400, quantity: 1, price: 3 }],
      'parts[0] (2400): unknown field "price"',
    ],
  ])('a part with %s', (_, entries, expected) => {
    expect(detail(parts(...entries))).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a misspelt top-level field',
      { stockLenght: 6000 },
      'unknown field "stockLenght" (did you mean "stockLength"?)',
    ],
    ['a "__proto__" field', JSON.parse('{"__proto__": {"x": 1}}'), 'unknown field "__proto__"'],
    [
      'jobName on the JSON endpoint',
      { jobName: 'Job 12' },
      '"jobName" belongs to the file routes (POST /v1/optimise/pdf, /v1/optimise/labels and /v1/optimise/csv); POST /v1/optimise does not take it',
    ],
    [
      'paper on the JSON endpoint',
      { paper: 'A4' },
      '"paper" belongs to the file routes (POST /v1/optimise/pdf, /v1/optimise/labels and /v1/optimise/csv); POST /v1/optimise does not take it',
    ],
    ['a negative kerf', { kerf: -1 }, 'kerf: must be ≥ 0, got -1'],
    ['a kerf as text', { kerf: '3' }, 'kerf: must be a number, got "3"'],
    [
      'a kerf with 7 decimals',
      { kerf: 0.1234567 },
      'kerf: has more than 6 decimals (at most 6 are kept exact), got 0.1234567',
    ],
    ['a negative minRemnant', { minRemnant: -0.5 }, 'minRemnant: must be ≥ 0, got -0.5'],
    ['trim as text', { trim: 'yes' }, 'trim: must be true or false, got "yes"'],
    [
      'a misspelt method',
      { method: 'least-waste' },
      'method: must be one of balanced, least_waste, offcuts_first, fewest_setups, bundle, got "least-waste" (did you mean "least_waste"?)',
    ],
    [
      'an unknown method',
      { method: 'fastest' },
      'method: must be one of balanced, least_waste, offcuts_first, fewest_setups, bundle, got "fastest"',
    ],
    ['an empty unit', { unit: '' }, 'unit: must not be empty'],
    ['a unit over 16 characters', { unit: 'u'.repeat(17) }, 'unit: must be at most 16 characters, got 17'],
    [
      'a misspelt unitFormat',
      { unitFormat: 'fractions' },
      'unitFormat: must be one of decimal, fraction, got "fractions" (did you mean "fraction"?)',
    ],
    ['a zero timeLimit', { timeLimit: 0 }, 'timeLimit: must be > 0 seconds, got 0'],
    ['a negative timeLimit', { timeLimit: -5 }, 'timeLimit: must be > 0 seconds, got -5'],
    ['a timeLimit that is not a number', { timeLimit: '20' }, 'timeLimit: must be a number, got "20"'],
    ['a zero stockLength', { stockLength: 0 }, 'stockLength: must be > 0, got 0'],
    [
      'a stockLength over the bound',
      { stockLength: 10_000_001 },
      'stockLength: must be at most 10000000, got 10000001',
    ],
  ])('%s', (_, changes, expected) => {
    expect(detail(body(SIMPLE, changes))).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'stock and stocks',
      { stock: 6000, stocks: [{ length: 6000 }] },
      'send only one of stock, stocks and stockLength (got stock and stocks)',
    ],
    [
      'stock and stockLength',
      { stock: 6000, stockLength: 6000 },
      'send only one of stock, stocks and stockLength (got stock and stockLength)',
    ],
    [
      'stocks and stockLength',
      { stocks: [{ length: 6000 }], stockLength: 6000 },
      'send only one of stock, stocks and stockLength (got stocks and stockLength)',
    ],
    [
      'all three',
      { stock: '6000', stocks: [], stockLength: 6000 },
      'send only one of stock, stocks and stockLength (got stock and stocks and stockLength)',
    ],
    [
      'no supply at all',
      {},
      'nothing to cut from: send stockLength, stocks (or the stock shorthand) or offcuts',
    ],
    [
      'only an empty offcuts list',
      { offcuts: [] },
      'nothing to cut from: send stockLength, stocks (or the stock shorthand) or offcuts',
    ],
    [
      'stocks as a number',
      { stocks: 6000 },
      'stocks: must be a list of stocks or a shorthand string like "6000x10, 5000", got 6000',
    ],
    [
      'offcuts as an object',
      { stockLength: 6000, offcuts: { length: 2500 } },
      'offcuts: must be a list of offcuts or a shorthand string like "2500x2, 1200", got an object',
    ],
    [
      'stock as a boolean',
      { stock: true },
      'stock: must be a length (6000), a shorthand string ("6000x10, 5000") or a list of entries, got true',
    ],
    ['a negative bare stock', { stock: -6000 }, 'stock: must be > 0, got -6000'],
    ['a stock entry with quantity 0', { stock: '6000x0' }, 'stock[0] "6000x0": quantity must be ≥ 1, got 0'],
    [
      'a bad stock shorthand entry',
      { stock: '6000x10, 5000x' },
      'stock[1] "5000x": the quantity is missing after "x"',
    ],
    [
      'a negative price',
      { stocks: [{ length: 6000, price: -1 }] },
      'stocks[0] (6000): price must be ≥ 0, got -1',
    ],
    [
      'a price over the bound',
      { stocks: [{ length: 6000, price: 2e9 }] },
      'stocks[0] (6000): price must be at most 1000000000, got 2000000000',
    ],
    [
      'a price with 7 decimals',
      { stocks: [{ length: 6000, price: 0.0000001 }] },
      'stocks[0] (6000): price has more than 6 decimals (at most 6 are kept exact), got 1e-7',
    ],
    [
      'a zero bundleSize',
      { stocks: [{ length: 6000, bundleSize: 0 }] },
      'stocks[0] (6000): bundleSize must be ≥ 1, got 0',
    ],
    [
      'a stock quantity over the bound',
      { stocks: [{ length: 6000, quantity: 1_000_001 }] },
      'stocks[0] (6000): quantity must be at most 1000000, got 1000001',
    ],
    [
      'priority as text',
      { stocks: [{ length: 6000, priority: 'yes' }] },
      'stocks[0] (6000): priority must be true or false, got "yes"',
    ],
    [
      'a misspelt stock field',
      { stocks: [{ length: 6000, qantity: 3 }] },
      'stocks[0] (6000): unknown field "qantity" (did you mean "quantity"?)',
    ],
    [
      'an offcut with a misspelt field',
      { offcuts: [{ length: 2500, quantity: 1, prioriti: true }] },
      'offcuts[0] (2500): unknown field "prioriti" (did you mean "priority"?)',
    ],
    [
      'an offcut array with a label',
      { offcuts: [[2500, 1, 'x']] },
      'offcuts[0]: has 3 elements: an array entry is [length, quantity]',
    ],
    [
      'an offcut without quantity',
      { offcuts: [{ length: 2500 }] },
      'offcuts[0] (2500): quantity is required',
    ],
  ])('supply: %s', (_, supply, expected) => {
    expect(detail({ parts: SIMPLE.parts, ...supply })).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'angleCuts as a list',
      { angleCuts: [true] },
      'angleCuts: must be an object like {"enabled": true, "width": 40}, got an array',
    ],
    ['angleCuts without enabled', { angleCuts: { width: 40 } }, 'angleCuts: enabled is required'],
    [
      'a misspelt angleCuts field',
      { angleCuts: { enabled: true, widht: 40 } },
      'angleCuts: unknown field "widht" (did you mean "width"?)',
    ],
    [
      'angleCuts enabled without width',
      { angleCuts: { enabled: true } },
      'angleCuts.width: is required when angle cuts are enabled (the material width)',
    ],
    ['a zero width', { angleCuts: { enabled: true, width: 0 } }, 'angleCuts.width: must be > 0, got 0'],
    [
      'a misspelt axial symmetry',
      { angleCuts: { enabled: true, width: 40, axialSymmetry: 'XZY' } },
      'angleCuts.axialSymmetry: must be one of none, X, Y, Z, XYZ, got "XZY" (did you mean "XYZ"?)',
    ],
  ])('%s', (_, changes, expected) => {
    expect(detail(body(SIMPLE, changes))).toBe(expected);
  });

  const mitre = (angles: Record<string, unknown>) => ({
    length: 800,
    quantity: 1,
    label: 'mitre',
    ...angles,
  });
  const ANGLES_ON = { enabled: true, width: 40 };
  it.each<[string, Record<string, unknown>, unknown, string]>([
    [
      'an angle without angleCuts',
      { leftAngle: 45 },
      undefined,
      'parts[0] ("mitre", 800): leftAngle needs "angleCuts": {"enabled": true, "width": …}',
    ],
    [
      'an angle with angle cuts disabled',
      { rightAngle: 45 },
      { enabled: false },
      'parts[0] ("mitre", 800): rightAngle needs "angleCuts": {"enabled": true, "width": …}',
    ],
    [
      'an angle below 10',
      { leftAngle: 5 },
      ANGLES_ON,
      'parts[0] ("mitre", 800): leftAngle must be between 10 and 170 degrees, or −170 to −10 for a top angle, got 5',
    ],
    [
      'an angle above 170',
      { leftAngle: 175 },
      ANGLES_ON,
      'parts[0] ("mitre", 800): leftAngle must be between 10 and 170 degrees, or −170 to −10 for a top angle, got 175',
    ],
    [
      'a top angle past −170',
      { rightAngle: -175 },
      ANGLES_ON,
      'parts[0] ("mitre", 800): rightAngle must be between 10 and 170 degrees, or −170 to −10 for a top angle, got -175 (a top angle: 5 at the bottom)',
    ],
    [
      'a top angle of −5',
      { rightAngle: -5 },
      ANGLES_ON,
      'parts[0] ("mitre", 800): rightAngle must be between 10 and 170 degrees, or −170 to −10 for a top angle, got -5 (a top angle: 175 at the bottom)',
    ],
    [
      'an angle as text',
      { leftAngle: '45' },
      ANGLES_ON,
      'parts[0] ("mitre", 800): leftAngle must be a number, got "45"',
    ],
  ])('%s', (_, angles, angleCuts, expected) => {
    expect(detail({ parts: [mitre(angles)], stockLength: 6000, angleCuts })).toBe(expected);
  });

  const bundled = { parts: '1000x4', stocks: [{ length: 6000, bundleSize: 10 }], method: 'bundle' };
  it.each<[string, Record<string, unknown>, string]>([
    [
      'a stockLength',
      { stocks: undefined, stockLength: 6000 },
      'stockLength: method "bundle" needs stocks[] with a bundleSize on every entry, not a single stock length',
    ],
    [
      'the bare stock shorthand',
      { stocks: undefined, stock: 6000 },
      'stock: method "bundle" needs stocks[] with a bundleSize on every entry, not a single stock length',
    ],
    [
      'offcuts only',
      { stocks: undefined, offcuts: '6000x3' },
      'method: method "bundle" needs stocks[] with a bundleSize on every entry',
    ],
    [
      'an entry without bundleSize',
      { stocks: [{ length: 6000, bundleSize: 10 }, { length: 5000 }] },
      'stocks[1] (5000): bundleSize is required with method "bundle"',
    ],
    [
      'material groups',
      { parts: [{ length: 1000, quantity: 4, material: 'alu' }] },
      'method: "bundle" does not combine with material groups (parts[0] (1000) has material "alu")',
    ],
    [
      'angle cuts',
      { angleCuts: { enabled: true, width: 40 } },
      'method: "bundle" does not combine with angle cuts',
    ],
  ])('method bundle with %s', (_, changes, expected) => {
    expect(detail(body(bundled, changes))).toBe(expected);
  });

  it('a material whose stock entries are priced and unpriced', () => {
    const input = body(GROUPED);
    (input.stocks as Record<string, unknown>[])[1] = { length: 3000, quantity: null, material: 'alu' };
    expect(detail(input)).toBe(
      'material "alu": stocks[0] (6000) has a price but stocks[1] (3000) has none: price every stock entry of a material, or none',
    );
  });

  it('the spec example: a part longer than every source of its material', () => {
    const input = {
      parts: [
        { length: 1000, quantity: 1, material: 'alu' },
        { length: 1000, quantity: 1, material: 'alu' },
        { length: 7000, quantity: 1, material: 'steel' },
        { length: 6500, quantity: 1, label: 'rail A', material: 'alu' },
      ],
      stocks: [
        { length: 6000, material: 'alu' },
        { length: 8000, material: 'steel' },
      ],
    };
    expect(detail(input)).toBe(
      'parts[3] ("rail A", 6500): longer than every source of material "alu" (max 6000)',
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'an untagged part longer than the stock',
      { parts: '6001', stockLength: 6000 },
      'parts[0] "6001": longer than every source of untagged material (max 6000)',
    ],
    [
      'a part that fits only without trim',
      { parts: '5995', stockLength: 6000, kerf: 3, trim: true },
      'parts[0] "5995": longer than every source of untagged material (max 6000 less 2 × kerf 3 for trim = 5994)',
    ],
    [
      'a tagged part with only untagged stock',
      { parts: [{ length: 100, quantity: 1, material: 'alu' }], stockLength: 6000 },
      'parts[0] (100): no stock or offcut of material "alu" to cut it from',
    ],
    [
      'an untagged part with only tagged stock',
      { parts: '100', stocks: [{ length: 6000, material: 'alu' }] },
      'parts[0] "100": no stock or offcut of untagged material to cut it from',
    ],
    [
      'demand over finite stock and offcuts',
      { parts: '1000x13', stock: '6000x2', offcuts: '500' },
      'untagged material: the parts need 13000 in total but the finite stock and offcuts hold 12500',
    ],
    [
      'demand over finite supply after trim',
      { parts: '1000x12', stock: '6000x2', kerf: 1, trim: true },
      'untagged material: the parts need 12000 in total but the finite stock and offcuts hold 11996 after trim',
    ],
    [
      'demand over a tagged finite supply',
      {
        parts: [{ length: 1000, quantity: 7, material: 'alu' }],
        stocks: [{ length: 6000, quantity: 1, material: 'alu' }],
      },
      'material "alu": the parts need 7000 in total but the finite stock and offcuts hold 6000',
    ],
  ])('feasibility: %s', (_, input, expected) => {
    expect(detail(input)).toBe(expected);
  });
});

describe('parseOptimiseBody: more pieces than any tier takes is 413 partsLimit, never 400', () => {
  const partsLimit = (input: unknown): string => {
    const result = parseOptimiseBody(input, 'json');
    if (result.ok) expect.fail('expected a partsLimit error');
    expect([result.error.code, result.error.status]).toEqual(['partsLimit', 413]);
    return result.error.message;
  };
  it.each<[string, unknown, string]>([
    [
      'a shorthand line of 200,000',
      body(SIMPLE, { parts: '500x3, 2400x200000' }),
      'parts[1] "2400x200000": quantity 200000 is more than any tier allows (at most 100000 pieces on one part line; each tier caps a request\'s total parts lower)',
    ],
    [
      'an object line of 100,001',
      body(SIMPLE, { parts: [{ length: 2400, quantity: 100_001, label: 'rail' }] }),
      'parts[0] ("rail", 2400): quantity 100001 is more than any tier allows (at most 100000 pieces on one part line; each tier caps a request\'s total parts lower)',
    ],
    [
      'a total over a million',
      { parts: Array.from({ length: 11 }, () => [100, 100_000]), stockLength: 6000 },
      'parts: 1100000 pieces in all are more than any tier allows (at most 1000000 pieces per request; each tier caps it lower)',
    ],
  ])('%s', (_, input, expected) => {
    expect(partsLimit(input)).toBe(expected);
  });

  it('still reports a malformed request as 400 first', () => {
    expect(detail(body(SIMPLE, { parts: '0x200000' }))).toBe(
      'parts[0] "0x200000": length must be > 0, got 0',
    );
  });
});

describe('parseOptimiseBody accepts the boundaries', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a part exactly as long as the stock', { parts: '6000', stockLength: 6000 }],
    [
      'a part exactly as long as the stock after trim',
      { parts: '5994', stockLength: 6000, kerf: 3, trim: true },
    ],
    ['a part that fits only an offcut', { parts: '7000', stockLength: 6000, offcuts: '7000' }],
    ['demand exactly equal to finite supply', { parts: '1000x12', stock: '6000x2' }],
    ['demand over finite stock when another entry is unlimited', { parts: '1000x13', stock: '6000x2, 3000' }],
    ['the largest bounds', { parts: [[10_000_000, 100_000]], stockLength: 10_000_000, timeLimit: 3600 }],
    [
      'prices in one material, none in another',
      {
        parts: [
          { length: 100, quantity: 1, material: 'a' },
          { length: 100, quantity: 1 },
        ],
        stocks: [{ length: 600, price: 1, material: 'a' }, { length: 600 }],
      },
    ],
    [
      'square ends sent as angles (90 and −90) with angle cuts enabled',
      {
        parts: [{ length: 800, quantity: 1, leftAngle: 90, rightAngle: -90 }],
        stockLength: 6000,
        angleCuts: { enabled: true, width: 40 },
      },
    ],
  ])('%s', (_, input) => {
    expect(parsed(input).parts.length).toBeGreaterThan(0);
  });
});

describe('parseOptimiseBody reads text as characters', () => {
  const LONE = '\uD83D'; // the first half of 🪚, alone
  const SURROGATE =
    'must be valid Unicode text, but has a lone UTF-16 surrogate (half of an emoji or other character)';
  it.each<[string, Record<string, unknown>, string, 'json' | 'pdf']>([
    [
      'a label',
      parts({ length: 2400, quantity: 1, label: `a${LONE}` }),
      `parts[0] ("a\\ud83d", 2400): label ${SURROGATE}`,
      'json',
    ],
    [
      'a part material',
      parts({ length: 2400, quantity: 1, material: LONE }),
      `parts[0] (2400): material ${SURROGATE}`,
      'json',
    ],
    [
      'a stock material',
      { parts: [{ length: 100, quantity: 1 }], stocks: [{ length: 600, material: `${LONE}x` }] },
      `stocks[0] (600): material ${SURROGATE}`,
      'json',
    ],
    [
      'an offcut material',
      { parts: '100', stockLength: 600, offcuts: [{ length: 600, quantity: 1, material: LONE }] },
      `offcuts[0] (600): material ${SURROGATE}`,
      'json',
    ],
    ['the unit', body(SIMPLE, { unit: `m${LONE}` }), `unit: ${SURROGATE}`, 'json'],
    ['the job name', body(SIMPLE, { jobName: `Job ${'\uDE9A'}` }), `jobName: ${SURROGATE}`, 'pdf'],
  ])('refuses a lone surrogate in %s, naming the field', (_, input, expected, endpoint) => {
    expect(detail(input, endpoint)).toBe(expected);
  });

  it.each([
    ['label', 100, (t: string) => parts({ length: 2400, quantity: 1, label: t })],
    ['jobName', 200, (t: string) => body(SIMPLE, { jobName: t })],
    ['unit', 16, (t: string) => body(SIMPLE, { unit: t })],
  ] as const)('counts an emoji as one character in %s (at most %i)', (_, max, make) => {
    const saw = '\u{1FA9A}'; // 🪚: two UTF-16 units, one character
    expect(parsed(make(saw.repeat(max)), 'pdf')).toBeDefined();
    expect(detail(make(saw.repeat(max + 1)), 'pdf')).toContain(
      `must be at most ${max} characters, got ${max + 1}`,
    );
  });

  it('never cuts a quoted value inside a surrogate pair', () => {
    const label = `${'L'.repeat(39)}\u{1FA9A}${'L'.repeat(70)}`;
    const message = detail(parts({ length: 2400, quantity: 1, label }));
    expect(message).toContain(`("${'L'.repeat(39)}\u{1FA9A}…", 2400)`);
  });
});

describe('parseOptimiseBody with angle cuts', () => {
  it.each<[string, Record<string, unknown>]>([
    [
      'angles at 10 and −10 (inside the range)',
      {
        parts: [{ length: 800, quantity: 1, leftAngle: 10, rightAngle: -10 }],
        stockLength: 6000,
        angleCuts: { enabled: true, width: 40 },
      },
    ],
    [
      'one mitred part among square ones',
      {
        parts: [
          { length: 500, quantity: 2 },
          { length: 800, quantity: 1, label: 'frame', rightAngle: 45 },
        ],
        stockLength: 6000,
        angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
      },
    ],
  ])('accepts %s', (_, input) => {
    expect(parsed(input)).toBeDefined();
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'an angle out of range',
      {
        parts: [{ length: 800, quantity: 1, leftAngle: 5 }],
        stockLength: 6000,
        angleCuts: { enabled: true, width: 40 },
      },
      'parts[0] (800): leftAngle must be between 10 and 170 degrees, or −170 to −10 for a top angle, got 5',
    ],
    [
      'a part too short for its angles (its end cuts would cross)',
      {
        parts: [{ length: 80, quantity: 1, label: 'stub', leftAngle: 45, rightAngle: 45 }],
        stockLength: 6000,
        angleCuts: { enabled: true, width: 40 },
      },
      'parts[0] ("stub", 80): too short for its angles at width 40: its end cuts would cross (a face would have no length)',
    ],
    [
      'finite stock short of the material the mitred parts need',
      {
        parts: [{ length: 460, quantity: 28, leftAngle: 45, rightAngle: 45 }],
        stocks: [{ length: 6000, quantity: 1 }],
        angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
      },
      'untagged material: the parts need 11760 in total but the finite stock and offcuts hold 6000',
    ],
    [
      'an angle without angle cuts (the rule is named first)',
      { parts: [{ length: 800, quantity: 1, leftAngle: 45 }], stockLength: 6000 },
      'parts[0] (800): leftAngle needs "angleCuts": {"enabled": true, "width": …}',
    ],
  ])('refuses %s', (_, input, expected) => {
    expect(detail(input)).toBe(expected);
    expect(detail(input, 'pdf')).toBe(expected);
  });
});

describe('parseOptimiseBody reports', () => {
  it('several problems together, in request order', () => {
    const input = {
      kerf: -1,
      parts: ['2400x0', { length: 5, quantity: 1, colour: 'red' }],
      stockLenght: 6000,
    };
    expect(detail(input)).toBe(
      [
        'unknown field "stockLenght" (did you mean "stockLength"?)',
        'nothing to cut from: send stockLength, stocks (or the stock shorthand) or offcuts',
        'parts[0] "2400x0": quantity must be ≥ 1, got 0',
        'parts[1] (5): unknown field "colour"',
        'kerf: must be ≥ 0, got -1',
      ].join('; '),
    );
  });

  it('the first ten problems and how many more there are', () => {
    const message = detail(body(SIMPLE, { parts: `${'0,'.repeat(11)}0` }));
    expect(message.split('; ')).toHaveLength(10);
    expect(message).toMatch(
      /^parts\[0\] "0": length must be > 0, got 0; .*parts\[9\] "0": .* \(and 2 more\)$/,
    );
  });

  it('"(and more)" when a list has so many problems that reading stopped', () => {
    const message = detail(
      body(SIMPLE, { parts: Array.from({ length: 50_000 }, () => ({ length: -1, quantity: 1 })) }),
    );
    expect(message.split('; ')).toHaveLength(10);
    expect(message.endsWith('(and more)')).toBe(true);
  });
});

describe('parseOptimiseBody never throws', () => {
  const cyclic: Record<string, unknown> = { length: 100, quantity: 1 };
  cyclic.label = cyclic;
  it.each<[string, unknown, string]>([
    [
      'a getter that throws',
      Object.defineProperty({ stockLength: 6000 }, 'parts', {
        enumerable: true,
        get() {
          throw new Error('boom');
        },
      }),
      'the request body could not be read (boom)',
    ],
    [
      'a BigInt length',
      { parts: [{ length: 10n, quantity: 1 }], stockLength: 6000 },
      'parts[0]: length must be a number, got 10n',
    ],
    [
      'a cyclic label',
      { parts: [cyclic], stockLength: 6000 },
      'parts[0] (100): label must be a string, got an object',
    ],
    ['a symbol body', Symbol('x'), 'the request body must be a JSON object, got a symbol'],
    ['undefined', undefined, 'the request body must be a JSON object, got nothing'],
    [
      'a sparse parts array',
      { parts: new Array(3), stockLength: 6000 },
      'parts[0]: must be a part: {"length": 2400, "quantity": 5}, [2400, 5, "label"] or "2400x5", got nothing',
    ],
  ])('on %s (values JSON cannot carry)', (_, input, expected) => {
    expect(detail(input).split('; ')[0]).toBe(expected);
  });
});

describe('parseOptimiseBody exactness', () => {
  it('refuses a job whose sums could pass 2^53 scale units, naming the parts', () => {
    const res = parseOptimiseBody(
      { parts: [[123_456.123456, 100_000]], stockLength: 9_999_999.999999 },
      'json',
    );
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(res.error.message).toMatch(
        /^parts: too large to compute exactly: 100000 pieces from bars up to 9999999.999999 at 6 decimals/,
      );
  });

  it('accepts the same job with whole lengths', () => {
    expect(parseOptimiseBody({ parts: [[123_456, 100_000]], stockLength: 9_999_999 }, 'json').ok).toBe(true);
  });
});
