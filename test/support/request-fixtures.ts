/**
 * Readable request fixtures for the request tests. Frozen: tests take a copy with `structuredClone`
 * (through {@link body}) and change only what they are about.
 */
import { expect } from 'vitest';
import { type Endpoint, parseOptimiseBody } from '../../core/request/index.ts';
import type { OptimiseRequest } from '../../core/types.ts';

/** A small long-form job: two part lines, one unlimited stock length. */
export const SIMPLE = Object.freeze({
  parts: [
    { length: 2400, quantity: 5 },
    { length: 1800, quantity: 3 },
  ],
  stockLength: 6000,
});

/** Material groups, prices and offcuts in long form. */
export const GROUPED = Object.freeze({
  parts: [
    { length: 2400, quantity: 2, label: 'post', material: 'alu' },
    { length: 900, quantity: 4, label: 'rail', material: 'alu' },
    { length: 1200, quantity: 1, material: 'steel' },
    { length: 300, quantity: 6 },
  ],
  stocks: [
    { length: 6000, quantity: 10, price: 42.5, material: 'alu' },
    { length: 3000, quantity: null, price: 25, material: 'alu', priority: true },
    { length: 4000, quantity: 2, material: 'steel' },
    { length: 2000, quantity: null },
  ],
  offcuts: [{ length: 1500, quantity: 1, material: 'steel', priority: true }],
  kerf: 3,
  trim: true,
  method: 'least_waste',
  minRemnant: 500,
});

/** A deep, mutable copy of a fixture with `changes` merged over its top level. */
export function body(
  fixture: object,
  changes: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return { ...structuredClone(fixture), ...structuredClone(changes) };
}

/** Parses and expects success. */
export function parsed(input: unknown, endpoint: Endpoint = 'json'): OptimiseRequest {
  const result = parseOptimiseBody(input, endpoint);
  if (!result.ok) expect.fail(`expected the request to parse, got: ${result.error.message}`);
  return result.value;
}

/** Parses and expects a validation error; returns its detail. */
export function detail(input: unknown, endpoint: Endpoint = 'json'): string {
  const result = parseOptimiseBody(input, endpoint);
  if (result.ok) expect.fail(`expected a validation error, got ${JSON.stringify(result.value)}`);
  expect(result.error.code).toBe('validation');
  return result.error.message;
}
