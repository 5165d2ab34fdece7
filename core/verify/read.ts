/**
 * Defensive reading of a response that may be malformed: every accessor takes `unknown`, reports what is
 * wrong as an issue and returns null instead of throwing. Lengths and prices come back as exact bigint
 * scale units, or null when the number is not on the request's grid.
 */
import type { Material } from '../types.ts';
import type { CheckId, Findings } from './failure.ts';

export type Rec = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A material read from an optional tag field: absent is the untagged group. */
export type MaterialRead = { readonly ok: true; readonly material: Material } | { readonly ok: false };

export class Reader {
  readonly findings: Findings;
  /** Scale units per caller length unit. */
  readonly scale: number;
  /** Price units per currency unit. */
  readonly priceScale: number;

  constructor(findings: Findings, scale: number, priceScale: number) {
    this.findings = findings;
    this.scale = scale;
    this.priceScale = priceScale;
  }

  record(value: unknown, path: string): Rec | null {
    if (isRecord(value)) return value;
    this.findings.add('shape', `${path} is not an object`);
    return null;
  }

  array(value: unknown, path: string): readonly unknown[] | null {
    if (Array.isArray(value)) return value;
    this.findings.add('shape', `${path} is not an array`);
    return null;
  }

  boolean(value: unknown, path: string): boolean | null {
    if (typeof value === 'boolean') return value;
    this.findings.add('shape', `${path} is not a boolean`);
    return null;
  }

  /** A finite number (bounds, timings). */
  finite(value: unknown, path: string): number | null {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    this.findings.add('shape', `${path} is not a finite number`);
    return null;
  }

  /** An integer ≥ `min` (1 for counts of bars and pieces). */
  integer(value: unknown, path: string, min = 1): bigint | null {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return BigInt(value);
    this.findings.add('count', `${path} is ${show(value)}, not an integer ≥ ${min}`);
    return null;
  }

  /** An index into a request array (a non-negative integer). */
  index(value: unknown, path: string): number | null {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    this.findings.add('shape', `${path} is ${show(value)}, not an index`);
    return null;
  }

  /** A length in the caller's unit, as exact scale units. */
  length(value: unknown, path: string): bigint | null {
    return this.#onGrid(value, path, this.scale, 'scale');
  }

  /** A price or cost in the caller's currency, as exact price units. */
  money(value: unknown, path: string): bigint | null {
    return this.#onGrid(value, path, this.priceScale, 'price scale');
  }

  material(value: unknown, path: string): MaterialRead {
    if (value === undefined) return { ok: true, material: null };
    if (typeof value === 'string' && value !== '') return { ok: true, material: value };
    this.findings.add('shape', `${path} is ${show(value)}, not a material tag (absent when untagged)`);
    return { ok: false };
  }

  /** Reads a length and reports `check` when it differs from `expected`. */
  sameLength(value: unknown, path: string, expected: bigint, check: CheckId): void {
    const got = this.length(value, path);
    if (got !== null && got !== expected) {
      this.findings.add(check, `${path} is ${this.showLength(got)}, expected ${this.showLength(expected)}`);
    }
  }

  /** Reads a price/cost and reports `check` when it differs from `expected`. */
  sameMoney(value: unknown, path: string, expected: bigint, check: CheckId): void {
    const got = this.money(value, path);
    if (got !== null && got !== expected) {
      this.findings.add(check, `${path} is ${this.showMoney(got)}, expected ${this.showMoney(expected)}`);
    }
  }

  /** Reads an integer ≥ `min` and reports `check` when it differs from `expected`. */
  sameInteger(value: unknown, path: string, expected: bigint, check: CheckId, min = 0): void {
    const got = this.integer(value, path, min);
    if (got !== null && got !== expected) this.findings.add(check, `${path} is ${got}, expected ${expected}`);
  }

  showLength(units: bigint): string {
    return String(Number(units) / this.scale);
  }

  showMoney(units: bigint): string {
    return String(Number(units) / this.priceScale);
  }

  #onGrid(value: unknown, path: string, scale: number, name: string): bigint | null {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.findings.add('shape', `${path} is ${show(value)}, not a finite number`);
      return null;
    }
    const units = Math.round(value * scale);
    if (!Number.isSafeInteger(units) || units / scale !== value) {
      this.findings.add('grid', `${path} is ${value}, not on the request's grid (${name} ${scale})`);
      return null;
    }
    return BigInt(units);
  }
}

/** A short rendering of any value for messages. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return Array.isArray(value) ? 'an array' : typeof value;
}

/** Stable map key for a (length, material) pair; null and tags cannot collide. */
export function leftoverKey(length: bigint, material: Material): string {
  return JSON.stringify([length.toString(), material]);
}
