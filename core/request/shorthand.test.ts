import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOptimiseBody } from './index.ts';
import { SHORTHAND_LIST_PATTERN, scanEntry, scanList } from './shorthand.ts';

describe('scanEntry', () => {
  it.each([
    ['2400', 2400, null],
    ['2400x5', 2400, 5],
    ['  2400 x 5  ', 2400, 5],
    ['2400X5', 2400, 5],
    ['2400×5', 2400, 5],
    ['2400\tx\n5', 2400, 5],
    ['2400.5x2', 2400.5, 2],
    ['.5x2', 0.5, 2],
    ['0.015625', 0.015625, null],
    ['0600x1', 600, 1],
    ['2400x0', 2400, 0], // syntax only: the schema rejects quantity 0 with the same words as any form
    ['2400x2.5', 2400, 2.5],
  ])('reads %j as length %d, quantity %j', (text, length, quantity) => {
    expect(scanEntry(text)).toEqual({ ok: true, text: text.trim(), length, quantity });
  });

  it.each([
    ['', 'empty entry'],
    ['   ', 'empty entry'],
    ['2400x', 'the quantity is missing after "x"'],
    ['2400 x ', 'the quantity is missing after "x"'],
    ['x5', 'the length is missing before "x"'],
    ['-5', 'a length must be a positive number'],
    ['1e999', 'exponents are not accepted'],
    ['2.5e3', 'exponents are not accepted'],
    ['abc', 'not a shorthand entry'],
    ['+5', 'not a shorthand entry'],
    ['5.', 'a decimal point must be followed by digits'],
    ['2400.x3', 'a decimal point must be followed by digits'],
    ['24 00', 'unexpected text after the length'],
    ['2400mm', 'unexpected text after the length'],
    ['2400x5x3', 'unexpected text after the quantity'],
    ['2400x5 rail', 'unexpected text after the quantity'],
    ['2400x-3', 'the quantity after "x" must be a whole number ≥ 1'],
    ['2400xabc', 'the quantity after "x" must be a whole number ≥ 1'],
    ['2400x1e3', 'the quantity after "x" must be a whole number ≥ 1'],
  ])('rejects %j: %s', (text, message) => {
    const entry = scanEntry(text);
    expect(entry.ok).toBe(false);
    if (!entry.ok) expect(entry.message).toContain(message);
  });
});

describe('scanList', () => {
  it('splits on commas and keeps empty entries so they can be reported', () => {
    expect(scanList('2400x5, ,1800').map((e) => (e.ok ? e.length : e.message))).toEqual([
      2400,
      expect.stringContaining('empty entry'),
      1800,
    ]);
  });
});

describe('shorthand on adversarial 1 MB strings', () => {
  const MB = 1 << 20;
  // These guard against super-linear scanning (backtracking), not speed: a quadratic scan of 1 MB takes
  // hours, a linear one milliseconds, so the cap is far from both and a loaded CI machine cannot trip it.
  const CAP_MS = 10_000;
  const cases: [string, string][] = [
    ['digits', '1'.repeat(MB)],
    ['x', 'x'.repeat(MB)],
    ['commas', ','.repeat(MB)],
    ['points', '1.'.repeat(MB / 2)],
    ['spaces then a digit', `${' '.repeat(MB)}1`],
    ['repeated x groups', '1 x 1 x '.repeat(MB / 8)],
    ['digits after x', `1x${'9'.repeat(MB)}`],
    ['many valid entries', '1x1,'.repeat(MB / 4)],
  ];

  it.each(cases)('scans %s in linear time', (_, text) => {
    const started = performance.now();
    const entries = scanList(text);
    expect(entries.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(CAP_MS);
  });

  it.each(cases)('parses or refuses a request whose parts are %s in linear time', (_, text) => {
    const started = performance.now();
    const result = parseOptimiseBody({ parts: text, stockLength: 6000 }, 'json');
    // Every one of these is refused except the spaces (one part of length 1); none may hang or throw.
    expect(result.ok).toBe(text.trim() === '1');
    expect(performance.now() - started).toBeLessThan(CAP_MS);
  });
});

describe('SHORTHAND_LIST_PATTERN (the grammar as the OpenAPI document states it)', () => {
  const pattern = new RegExp(SHORTHAND_LIST_PATTERN);
  it('accepts exactly the strings the scanner reads without a syntax problem (property)', () => {
    // The grammar's own characters plus near misses; exotic spaces that String.trim also removes are left out.
    const text = fc.string({
      unit: fc.constantFrom(...'0123456789.,xX×  \t\n-e+a/'.split('')),
      maxLength: 30,
    });
    fc.assert(
      fc.property(text, (s) => pattern.test(s) === scanList(s).every((e) => e.ok)),
      { seed: 24, numRuns: 5000 },
    );
  });

  it.each(['2400x5, 1800x3', '.5', ' 2400 × 2 ,1200'])('matches %j', (s) => {
    expect(pattern.test(s)).toBe(true);
  });
});
