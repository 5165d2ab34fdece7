import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, suggest } from './did-you-mean.ts';

describe('editDistance', () => {
  it.each([
    ['length', 'length', 0],
    ['lenght', 'length', 1], // one swap of neighbours
    ['stockLenght', 'stockLength', 1],
    ['lngth', 'length', 1],
    ['lenghts', 'length', 2],
    ['part', 'parts', 1],
    ['kerf', 'trim', 3], // beyond the limit: reported as limit + 1
    ['a', 'abcdef', 3], // length gap alone exceeds the limit
  ])('%s → %s is %d', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});

describe('suggest', () => {
  const fields = ['parts', 'stock', 'stocks', 'stockLength', 'offcuts', 'kerf', 'trim', 'method'];
  it.each([
    ['stockLenght', 'stockLength'],
    ['part', 'parts'],
    ['offcut', 'offcuts'],
    ['Kerf', 'kerf'],
    ['methdo', 'method'],
    ['colour', null],
    ['x'.repeat(10_000), null],
  ])('suggests %s → %s', (input, expected) => {
    expect(suggest(input, fields)).toBe(expected);
  });

  it('phrases the hint, or nothing', () => {
    expect(didYouMean('lenght', ['length', 'quantity'])).toBe(' (did you mean "length"?)');
    expect(didYouMean('colour', ['length', 'quantity'])).toBe('');
  });
});
