import { describe, expect, it } from 'vitest';
import { parsed } from '../../test/support/request-fixtures.ts';
import { parseOptimiseQuery, type Query } from './index.ts';

function fromQuery(query: Query) {
  const result = parseOptimiseQuery(query);
  if (!result.ok) expect.fail(`expected the query to parse, got: ${result.error.message}`);
  return result.value;
}

function queryDetail(query: Query): string {
  const result = parseOptimiseQuery(query);
  if (result.ok) expect.fail(`expected a validation error, got ${JSON.stringify(result.value)}`);
  return result.error.message;
}

const BASE = { parts: '2400x5,1800x3', stock: '6000' };

describe('parseOptimiseQuery', () => {
  it.each<[string, Query, Record<string, unknown>]>([
    ['the spec example', BASE, { parts: '2400x5,1800x3', stockLength: 6000 }],
    [
      'stock with quantities',
      { ...BASE, stock: '6000x2, 5000' },
      { parts: BASE.parts, stocks: [{ length: 6000, quantity: 2 }, { length: 5000 }] },
    ],
    [
      'stockLength by name',
      { parts: BASE.parts, stockLength: '6000' },
      { parts: BASE.parts, stockLength: 6000 },
    ],
    [
      'offcuts in shorthand',
      { ...BASE, offcuts: '2500x2,1200' },
      {
        parts: BASE.parts,
        stockLength: 6000,
        offcuts: [
          [2500, 2],
          [1200, 1],
        ],
      },
    ],
    [
      'kerf and minRemnant',
      { ...BASE, kerf: '3.5', minRemnant: '250' },
      { parts: BASE.parts, stockLength: 6000, kerf: 3.5, minRemnant: 250 },
    ],
    ['trim=true', { ...BASE, trim: 'true' }, { parts: BASE.parts, stockLength: 6000, trim: true }],
    ['trim=1', { ...BASE, trim: '1' }, { parts: BASE.parts, stockLength: 6000, trim: true }],
    ['trim=0', { ...BASE, trim: '0' }, { parts: BASE.parts, stockLength: 6000, trim: false }],
    ['trim=false', { ...BASE, trim: 'false' }, { parts: BASE.parts, stockLength: 6000, trim: false }],
    [
      'method, unit, unitFormat, timeLimit',
      { ...BASE, method: 'least_waste', unit: 'in', unitFormat: 'fraction', timeLimit: '5' },
      {
        parts: BASE.parts,
        stockLength: 6000,
        method: 'least_waste',
        unit: 'in',
        unitFormat: 'fraction',
        timeLimit: 5,
      },
    ],
    [
      'stocks as JSON text',
      { parts: BASE.parts, stocks: '[{"length":6000,"quantity":4,"price":12.5}]' },
      { parts: BASE.parts, stocks: [{ length: 6000, quantity: 4, price: 12.5 }] },
    ],
    [
      'angleCuts as JSON text',
      { ...BASE, angleCuts: '{"enabled":true,"width":40,"axialSymmetry":"XYZ"}' },
      { parts: BASE.parts, stockLength: 6000, angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' } },
    ],
    ['an empty value as absent', { ...BASE, kerf: '', method: '' }, { parts: BASE.parts, stockLength: 6000 }],
    [
      'a one-element array as the value',
      { ...BASE, kerf: ['3'] },
      { parts: BASE.parts, stockLength: 6000, kerf: 3 },
    ],
    ['an undefined value as absent', { ...BASE, kerf: undefined }, { parts: BASE.parts, stockLength: 6000 }],
  ])('maps %s to the same request as the POST', (_, query, post) => {
    expect(fromQuery(query)).toEqual(parsed(post));
  });

  it.each<[string, Query, string]>([
    [
      'an unknown parameter',
      { ...BASE, kerff: '3' },
      'unknown query parameter "kerff" (did you mean "kerf"?)',
    ],
    [
      'jobName',
      { ...BASE, jobName: 'x' },
      '"jobName" belongs to the file routes (POST /v1/optimise/pdf, /v1/optimise/labels and /v1/optimise/csv); GET /v1/optimise does not take it',
    ],
    ['a repeated parameter', { ...BASE, kerf: ['3', '4'] }, 'kerf: is repeated (2 times); send it once'],
    ['a number that is not one', { ...BASE, kerf: 'three' }, 'kerf: must be a number, got "three"'],
    ['a decimal comma', { ...BASE, kerf: '3,5' }, 'kerf: must be a number, got "3,5"'],
    ['a negative kerf (range, not syntax)', { ...BASE, kerf: '-1' }, 'kerf: must be ≥ 0, got -1'],
    [
      'an infinite timeLimit',
      { ...BASE, timeLimit: '1e999' },
      'timeLimit: must be a finite number, got Infinity',
    ],
    ['trim=yes', { ...BASE, trim: 'yes' }, 'trim: must be true, false, 1 or 0, got "yes"'],
    [
      'stocks that are not JSON',
      { parts: BASE.parts, stocks: '[{length:6000}]' },
      'stocks: must be JSON text (like [{"length": 6000, "quantity": 10}]), got "[{length:6000}]"',
    ],
    ['a bad parts entry', { ...BASE, parts: '2400x5,x3' }, 'parts[1] "x3": the length is missing before "x"'],
    [
      'a missing parts parameter',
      { stock: '6000' },
      'parts is required: a list of parts or a shorthand string like "2400x5, 1800x3"',
    ],
    [
      'an empty parts parameter',
      { parts: '', stock: '6000' },
      'parts is required: a list of parts or a shorthand string like "2400x5, 1800x3"',
    ],
    [
      'stock and stockLength',
      { ...BASE, stockLength: '6000' },
      'send only one of stock, stocks and stockLength (got stock and stockLength)',
    ],
  ])('refuses %s', (_, query, expected) => {
    expect(queryDetail(query)).toBe(expected);
  });

  it('reports query problems together with the body problems they lead to', () => {
    expect(queryDetail({ parts: '2400x0', stock: '6000', colour: 'red', trim: ['1', '0'] })).toBe(
      'unknown query parameter "colour"; trim: is repeated (2 times); send it once; parts[0] "2400x0": quantity must be ≥ 1, got 0',
    );
  });

  it('never throws on a query with a huge number of parameters', () => {
    const query = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, 'x']));
    expect(queryDetail(query)).toMatch(/^unknown query parameter "p0"; .* \(and more\)$/);
  });
});
