/** Every shorthand form, and mixes of them, normalise exactly as the long form they stand for. */
import { describe, expect, it } from 'vitest';
import { body, parsed, SIMPLE } from '../../test/support/request-fixtures.ts';

describe('parts shorthand', () => {
  const long = parsed(body(SIMPLE));
  it.each([
    ['a comma-separated string', '2400x5, 1800x3'],
    ['a string without spaces', '2400x5,1800x3'],
    ['a string with odd whitespace', ' 2400 X 5 ,\t1800×3 '],
    ['an array of strings', ['2400x5', '1800x3']],
    ['an array holding one comma list', ['2400x5, 1800x3']],
    [
      'an array of pairs',
      [
        [2400, 5],
        [1800, 3],
      ],
    ],
    ['objects, strings and pairs mixed', [{ length: 2400, quantity: 5 }, '1800x3']],
    ['a pair then a string', [[2400, 5], '1800x3']],
  ])('reads %s', (_, parts) => {
    expect(parsed(body(SIMPLE, { parts }))).toEqual(long);
  });

  it.each([
    ['a bare length in a string', '1200', [{ length: 1200, quantity: 1 }]],
    [
      'a bare length in an array of strings',
      ['1200', '900x2'],
      [
        { length: 1200, quantity: 1 },
        { length: 900, quantity: 2 },
      ],
    ],
    ['a one-element array', [[1200]], [{ length: 1200, quantity: 1 }]],
    ['a label as third element', [[1800, 3, 'rail']], [{ length: 1800, quantity: 3, label: 'rail' }]],
  ])('reads %s as quantity 1 / the long form', (_, parts, longParts) => {
    expect(parsed(body(SIMPLE, { parts }))).toEqual(parsed(body(SIMPLE, { parts: longParts })));
  });

  it('numbers flattened entries consecutively, in input order', () => {
    const request = parsed(body(SIMPLE, { parts: ['100x1, 200x2', [300, 3], { length: 400, quantity: 4 }] }));
    expect(request.parts.map((p) => [p.index, p.length, p.quantity])).toEqual([
      [0, 100, 1],
      [1, 200, 2],
      [2, 300, 3],
      [3, 400, 4],
    ]);
  });
});

describe('stock shorthand', () => {
  const unlimited6000 = parsed(body(SIMPLE));
  it.each([
    ['stock: a bare number', { stock: 6000 }],
    ['stock: a bare string length', { stock: '6000' }],
    ['stock: an array of one string', { stock: ['6000'] }],
    ['stock: a one-element array', { stock: [[6000]] }],
    ['stock: an array with null quantity', { stock: [[6000, null]] }],
    ['stock: an array with null quantity and price', { stock: [[6000, null, null]] }],
    ['stocks: an object without quantity', { stocks: [{ length: 6000 }] }],
    [
      'stocks: the full long form',
      { stocks: [{ length: 6000, quantity: null, price: null, priority: false }] },
    ],
  ])('%s is stockLength 6000', (_, supply) => {
    expect(parsed({ parts: SIMPLE.parts, ...supply })).toEqual(unlimited6000);
  });

  it.each([
    ['a string', '6000x10, 5000'],
    ['an array of strings', ['6000x10', '5000']],
    ['arrays', [[6000, 10], [5000]]],
    ['arrays and objects', [[6000, 10], { length: 5000 }]],
  ])('stock as %s expands to stocks entries (a bare length is unlimited)', (_, stock) => {
    const stocks = [
      { length: 6000, quantity: 10 },
      { length: 5000, quantity: null },
    ];
    expect(parsed({ parts: SIMPLE.parts, stock })).toEqual(parsed({ parts: SIMPLE.parts, stocks }));
  });

  it('reads a price as the third array element', () => {
    const request = parsed({
      parts: SIMPLE.parts,
      stock: [[6000, 10, 12.5], { length: 5000, quantity: 2, price: 10 }, [4000, null, 9]],
    });
    expect(request.stocks.map((s) => [s.length, s.quantity, s.price])).toEqual([
      [6000, 10, 125],
      [5000, 2, 100],
      [4000, null, 90],
    ]);
    expect(request.priceScale).toBe(10);
    expect(request.scale).toBe(1);
  });
});

describe('offcuts shorthand', () => {
  const longOffcuts = [
    { length: 2500, quantity: 2 },
    { length: 1200, quantity: 1 },
  ];
  it.each([
    ['a string', '2500x2, 1200'],
    ['an array of strings', ['2500x2', '1200']],
    ['pairs and a bare length', [[2500, 2], [1200]]],
    ['objects and strings', [{ length: 2500, quantity: 2 }, '1200x1']],
  ])('reads %s', (_, offcuts) => {
    expect(parsed(body(SIMPLE, { offcuts }))).toEqual(parsed(body(SIMPLE, { offcuts: longOffcuts })));
  });

  it('accepts offcuts as the only supply', () => {
    const request = parsed({ parts: '1000x2', offcuts: '2500' });
    expect(request.stocks).toEqual([]);
    expect(request.offcuts).toEqual([
      { index: 0, length: 2500, quantity: 1, material: null, priority: false },
    ]);
  });
});
