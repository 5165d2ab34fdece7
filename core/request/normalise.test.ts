import { describe, expect, it } from 'vitest';
import { body, GROUPED, parsed, SIMPLE } from '../../test/support/request-fixtures.ts';
import type { OptimiseRequest } from '../types.ts';
import { jobSize } from './index.ts';
import { normalise } from './normalise.ts';

describe('normalise', () => {
  it('fills every default and turns stockLength into one unlimited stock entry', () => {
    const expected: OptimiseRequest = {
      scale: 1,
      priceScale: 1,
      parts: [
        {
          index: 0,
          length: 2400,
          quantity: 5,
          label: null,
          material: null,
          leftAngle: null,
          rightAngle: null,
        },
        {
          index: 1,
          length: 1800,
          quantity: 3,
          label: null,
          material: null,
          leftAngle: null,
          rightAngle: null,
        },
      ] as unknown as OptimiseRequest['parts'],
      stocks: [
        {
          index: 0,
          length: 6000,
          quantity: null,
          price: null,
          material: null,
          priority: false,
          bundleSize: null,
        },
      ] as unknown as OptimiseRequest['stocks'],
      offcuts: [],
      kerf: 0 as OptimiseRequest['kerf'],
      trim: false,
      method: 'balanced',
      minRemnant: 0 as OptimiseRequest['minRemnant'],
      angleCuts: null,
      unit: 'mm',
      unitFormat: 'decimal',
      timeLimit: null,
      jobName: null,
      paper: null,
      labelFormat: null,
    };
    expect(parsed(body(SIMPLE))).toEqual(expected);
  });

  it('treats null as an absent optional field', () => {
    const nulls = {
      offcuts: null,
      kerf: null,
      trim: null,
      method: null,
      minRemnant: null,
      angleCuts: null,
      unit: null,
      unitFormat: null,
      timeLimit: null,
      stocks: null,
    };
    expect(parsed(body(SIMPLE, nulls))).toEqual(parsed(body(SIMPLE)));
  });

  it('keeps every field of a grouped, priced request in input order', () => {
    const request = parsed(body(GROUPED));
    expect(request.parts.map((p) => [p.index, p.length, p.quantity, p.label, p.material])).toEqual([
      [0, 2400, 2, 'post', 'alu'],
      [1, 900, 4, 'rail', 'alu'],
      [2, 1200, 1, null, 'steel'],
      [3, 300, 6, null, null],
    ]);
    expect(
      request.stocks.map((s) => [s.index, s.length, s.quantity, s.price, s.material, s.priority]),
    ).toEqual([
      [0, 6000, 10, 425, 'alu', false],
      [1, 3000, null, 250, 'alu', true],
      [2, 4000, 2, null, 'steel', false],
      [3, 2000, null, null, null, false],
    ]);
    expect(request.priceScale).toBe(10);
    expect(request.offcuts).toEqual([
      { index: 0, length: 1500, quantity: 1, material: 'steel', priority: true },
    ]);
    expect([request.kerf, request.trim, request.method, request.minRemnant]).toEqual([
      3,
      true,
      'least_waste',
      500,
    ]);
  });

  it.each([
    ['whole numbers', { parts: '2400x1', stockLength: 6000 }, 1, 2400],
    ['one decimal in a part', { parts: '2400.5x1', stockLength: 6000 }, 10, 24005],
    ['kerf decides', { parts: '2400x1', stockLength: 6000, kerf: 0.125 }, 1000, 2_400_000],
    ['minRemnant decides', { parts: '2400x1', stockLength: 6000, minRemnant: 0.01 }, 100, 240_000],
    ['a stock decides', { parts: '2400x1', stock: '6000.25' }, 100, 240_000],
    ['an offcut decides', { parts: '2400x1', offcuts: '2500.001' }, 1000, 2_400_000],
    ['1/64 inch stays exact', { parts: [[0.015625, 1]], stockLength: 96, unit: 'in' }, 1_000_000, 15625],
    ['the exponent form 2.5e3 is whole', { parts: [[2.5e3, 1]], stockLength: 6000 }, 1, 2500],
    ['the exponent form 1e-6', { parts: [[1e-6, 1]], stockLength: 6000 }, 1_000_000, 1],
  ])('scales to the smallest exact power of ten: %s', (_, input, scale, firstPart) => {
    const request = parsed(input);
    expect([request.scale, request.parts[0]?.length]).toEqual([scale, firstPart]);
  });

  it('scales every length exactly, including ones floating point multiplies wrongly', () => {
    const request = parsed({
      parts: [
        [1.005, 1],
        [4.35, 2],
      ],
      stockLength: 6000,
      kerf: 0.001,
    });
    expect(request.scale).toBe(1000);
    expect(request.parts.map((p) => p.length)).toEqual([1005, 4350]);
    expect([request.stocks[0]?.length, request.kerf]).toEqual([6_000_000, 1]);
  });

  it('counts angleCuts.width in the scale only when angle cuts are on', () => {
    const off = parsed(body(SIMPLE, { angleCuts: { enabled: false, width: 40.5 } }));
    expect([off.scale, off.angleCuts]).toEqual([1, null]);
    // With angle cuts on, one decimal more than the lengths need (the mitres' figures are rounded to it).
    const on = parsed(body(SIMPLE, { angleCuts: { enabled: true, width: 40.5, axialSymmetry: 'XYZ' } }));
    expect([on.scale, on.angleCuts]).toEqual([100, { width: 4050, axialSymmetry: 'XYZ' }]);
    const defaulted = parsed(body(SIMPLE, { angleCuts: { enabled: true, width: 40 } }));
    expect([defaulted.scale, defaulted.angleCuts]).toEqual([10, { width: 400, axialSymmetry: 'none' }]);
    expect(defaulted.parts.map((p) => p.length)).toEqual([24000, 18000]);
  });

  it.each([
    ['whole lengths', { stockLength: 6000 }, 10],
    ['six decimals already (the most a length may carry)', { stockLength: 6000.000001 }, 1_000_000],
    // 10,000 pieces × 2,000,000 × 10^5 is under 2^53; × 10^6 is not, so the extra decimal is left out.
    ['five decimals and sums near 2^53', { stockLength: 2_000_000.00001, parts: '2400x10000' }, 100_000],
  ])('adds the mitres’ decimal only within the limits: %s', (_, fields, scale) => {
    const request = parsed(body(SIMPLE, { angleCuts: { enabled: true, width: 40 }, ...fields }));
    expect(request.scale).toBe(scale);
  });

  it.each([
    [45, 45],
    [-60, 120],
    [-170, 10],
    [170, 170],
    [10, 10],
    [-10, 170],
    [90, null],
    [-90, null],
    [null, null],
  ])('turns angle %j into bottom angle %j', (angle, bottom) => {
    const request = normalise({
      parts: [{ length: 800, quantity: 1, leftAngle: angle, rightAngle: 45 }],
      stockLength: 6000,
      stocks: null,
      offcuts: null,
      angleCuts: { enabled: true, width: 40 },
    });
    expect([request.parts[0]?.leftAngle, request.parts[0]?.rightAngle]).toEqual([bottom, 45]);
  });

  it('reads the PDF fields on the PDF endpoint, an empty label or job name as none', () => {
    const request = parsed(
      body(SIMPLE, { jobName: 'Job 12', paper: 'Letter', unit: 'in', unitFormat: 'fraction' }),
      'pdf',
    );
    expect([request.jobName, request.paper, request.unit, request.unitFormat]).toEqual([
      'Job 12',
      'Letter',
      'in',
      'fraction',
    ]);
    expect(parsed(body(SIMPLE, { jobName: '' }), 'pdf').jobName).toBeNull();
    expect(parsed(body(SIMPLE, { parts: [[100, 1, '']] })).parts[0]?.label).toBeNull();
  });

  it('keeps timeLimit, priority and bundleSize', () => {
    const request = parsed({
      parts: '1000x4',
      stocks: [{ length: 6000, quantity: 20, bundleSize: 10, priority: true }],
      method: 'bundle',
      timeLimit: 2.5,
    });
    expect([request.timeLimit, request.stocks[0]?.bundleSize, request.stocks[0]?.priority]).toEqual([
      2.5,
      10,
      true,
    ]);
  });
});

describe('jobSize', () => {
  it('counts pieces and the part lines after expansion', () => {
    expect(jobSize(parsed({ parts: ['2400x5, 1800x3', [900, 2]], stockLength: 6000 }))).toEqual({
      totalParts: 10,
      distinctLines: 3,
      largestLine: { name: 'parts[0] (2400)', quantity: 5 },
    });
  });
});
