import { describe, expect, it } from 'vitest';
import {
  decimalsFor,
  formatDecimal,
  formatFraction64,
  formatMoney,
  formatsFor,
  isInchUnit,
} from './format.ts';
import { paperFor } from './paper.ts';

describe('formatFraction64', () => {
  it.each([
    [12.375, '12 3/8'],
    [0.5, '1/2'],
    [0.25, '1/4'],
    [0.015625, '1/64'],
    [47.015625, '47 1/64'],
    [1.03125, '1 1/32'],
    [36.75, '36 3/4'],
    [12, '12'],
    [0, '0'],
    [11.999, '12'],
    [12.0078125, '12 1/64'], // exactly half of 1/64 above 12: rounds half away from zero
    [12.0078124, '12'],
    [0.007, '0'],
    [2.6875, '2 11/16'],
    [5997.984375, '5997 63/64'],
    [1203.4999999999, '1203 1/2'], // floating-point noise from scaled / scale
    [-0.375, '-3/8'],
    [-0.001, '0'], // no negative zero
  ])('writes %d as %s', (value, text) => {
    expect(formatFraction64(value)).toBe(text);
  });

  it('always reduces the fraction and keeps the value within 1/128', () => {
    for (let n = 0; n < 64 * 50; n += 7) {
      const value = n / 64 + 0.003;
      const text = formatFraction64(value);
      const [whole, frac] = text.includes('/')
        ? text.includes(' ')
          ? text.split(' ')
          : ['0', text]
        : [text, '0/1'];
      const [num, den] = (frac ?? '0/1').split('/').map(Number);
      expect(den === 1 || (num !== undefined && den !== undefined && num % 2 === 1)).toBe(true);
      const back = Number(whole) + (num ?? 0) / (den ?? 1);
      expect(Math.abs(back - value)).toBeLessThanOrEqual(1 / 128);
    }
  });
});

describe('formatDecimal', () => {
  it.each([
    [1200, 0, '1200'],
    [1203.5, 1, '1203.5'],
    [1203.45, 1, '1203.5'],
    [0.005, 2, '0.01'],
    [2.675, 2, '2.68'], // toFixed(2) says 2.67
    [1.005, 2, '1.01'], // 1.005 × 100 is 100.49999999999999 in binary
    [-0.04, 1, '0.0'], // no negative zero
    [12.0625, 4, '12.0625'],
  ])('writes %d with %d decimals as %s', (value, decimals, text) => {
    expect(formatDecimal(value, decimals)).toBe(text);
  });
});

describe('decimalsFor', () => {
  it.each([
    [[1200, 6000, 3], 0],
    [[1200, 2.5], 1],
    [[1200.25, 3], 2],
    [[0.1 + 0.2], 1], // 0.30000000000000004 is 0.3
    [[12.015625], 4], // capped: 1/64 in needs 6, four is plenty on a saw
    [[], 0],
  ])('needs the fewest decimals that print %j exactly: %d', (values, decimals) => {
    expect(decimalsFor(values)).toBe(decimals);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [42.5, '42.50'],
    [1234567.891, '1,234,567.89'],
    [999.999, '1,000.00'],
    [0.125, '0.13'],
    [-1234.5, '-1,234.50'],
  ])('writes %d as %s', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });
});

describe('formatsFor', () => {
  it('prints inch fractions with the inch mark and the unit in table headers', () => {
    const fmt = formatsFor('in', 'fraction', [12.375]);
    expect(fmt.lenU(12.375)).toBe('12 3/8"');
    expect(fmt.len(12.375)).toBe('12 3/8');
    expect(fmt.unit).toBe('in');
  });

  it('keeps a non-inch unit name after fractions when fractions were asked for', () => {
    expect(formatsFor('mm', 'fraction', []).lenU(2.5)).toBe('2 1/2 mm');
  });

  it('prints decimals with one precision for the whole document', () => {
    const fmt = formatsFor('mm', 'decimal', [6000, 1200, 2.5]);
    expect([fmt.len(6000), fmt.len(1203), fmt.lenU(2.5)]).toEqual(['6000.0', '1203.0', '2.5 mm']);
  });
});

describe('isInchUnit', () => {
  it.each(['in', 'IN', ' inch ', 'inches', '"', 'in.'])('treats %j as inches', (unit) => {
    expect(isInchUnit(unit)).toBe(true);
  });
  it.each(['mm', 'cm', 'm', 'ft', 'index'])('does not treat %j as inches', (unit) => {
    expect(isInchUnit(unit)).toBe(false);
  });
});

describe('paperFor', () => {
  it.each([
    [null, 'mm', 'A4', 595.28],
    [null, 'inches', 'Letter', 612],
    [null, '"', 'Letter', 612],
    ['A4', 'in', 'A4', 595.28],
    ['Letter', 'mm', 'Letter', 612],
  ] as const)('picks %s paper for unit %j: %s', (paper, unit, name, width) => {
    expect(paperFor(paper, unit)).toMatchObject({ name, width });
  });
});
