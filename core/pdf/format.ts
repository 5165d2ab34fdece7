/**
 * How numbers look on the printed plan. Lengths come back from the solver in the caller's unit
 * (`scaled / scale`), so they can carry floating-point noise (`1203.4999999`); every formatter rounds
 * to an integer count of the printed step first and builds the text from integers.
 */
import type { UnitFormat } from '../types.ts';

/** Units we treat as inches: they get `"` after fractions and Letter paper by default. */
const INCH_UNITS = new Set(['in', 'in.', 'inch', 'inches', '"', '″', "''"]);

/** True when `unit` names inches (`in`, `inch`, `inches`, `"`), case and spaces ignored. */
export function isInchUnit(unit: string): boolean {
  return INCH_UNITS.has(unit.trim().toLowerCase());
}

/** The most decimals a printed length carries: 0.0001 mm or in is beyond any saw. */
export const MAX_DECIMALS = 4;

/**
 * The fewest decimals (0 … {@link MAX_DECIMALS}) that print every value exactly, so a job entered in
 * whole millimetres prints `1200`, and one with a 2.5 mm kerf prints `1200.0` throughout (one precision
 * per document keeps columns aligned on the decimal point).
 */
export function decimalsFor(values: Iterable<number>): number {
  let decimals = 0;
  for (const v of values) {
    while (decimals < MAX_DECIMALS && !isWhole(v * 10 ** decimals)) decimals++;
    if (decimals === MAX_DECIMALS) break;
  }
  return decimals;
}

function isWhole(x: number): boolean {
  return Math.abs(x - Math.round(x)) <= 1e-6 * Math.max(1, Math.abs(x));
}

/**
 * `|value| × per` rounded half up, after cutting binary noise at 12 significant digits
 * (`1.005 × 100` is `100.49999999999999` in floating point, and must round to 101).
 */
function roundSteps(value: number, per: number): number {
  return Math.round(Number((Math.abs(value) * per).toPrecision(12)));
}

/** `value` with exactly `decimals` decimals, rounded half away from zero, never `-0`. */
export function formatDecimal(value: number, decimals: number): string {
  const step = 10 ** decimals;
  const n = roundSteps(value, step);
  const sign = value < 0 && n !== 0 ? '-' : '';
  const whole = Math.floor(n / step);
  if (decimals === 0) return `${sign}${whole}`;
  const frac = String(n - whole * step).padStart(decimals, '0');
  return `${sign}${whole}.${frac}`;
}

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/**
 * `value` as a whole number and a reduced fraction of the nearest 1/64: `12.375` → `12 3/8`,
 * `0.5` → `1/2`, `11.999` → `12`. Rounds to nearest, half away from zero. Each printed position is
 * rounded on its own (positions are absolute, not running sums), so rounding never accumulates.
 */
export function formatFraction64(value: number): string {
  const n = roundSteps(value, 64);
  const sign = value < 0 && n !== 0 ? '-' : '';
  const whole = Math.floor(n / 64);
  const rest = n % 64;
  if (rest === 0) return `${sign}${whole}`;
  const d = gcd(rest, 64);
  const frac = `${rest / d}/${64 / d}`;
  return whole === 0 ? `${sign}${frac}` : `${sign}${whole} ${frac}`;
}

/** Thousands separated with commas, two decimals: `12345.5` → `12,345.50`. */
export function formatMoney(value: number): string {
  const text = formatDecimal(value, 2);
  const [int = '0', frac = '00'] = text.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${text.startsWith('-') ? '-' : ''}${grouped}.${frac}`;
}

/** A count with its noun: `1 bar`, `7 bars`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The number formats of one document, fixed by the request's unit, unit format and values. */
export interface Formats {
  /** The unit as printed (`mm`, `in`). */
  readonly unit: string;
  /** A length without unit, for table cells whose header names the unit. */
  len(value: number): string;
  /** A length with its unit: `1200 mm`, `12 3/8"`. */
  lenU(value: number): string;
  money(value: number): string;
  percent(value: number): string;
  /** How lengths are written, for page 1: `whole mm`, `mm to 1 decimal`, `in, fractions to the nearest 1/64`. */
  readonly describe: string;
}

/**
 * Formats for a document. `fraction` prints nearest-1/64 fractions in whatever unit was asked for
 * (the caller chose it); only inch units get the `"` mark, others keep their unit name.
 */
export function formatsFor(unit: string, unitFormat: UnitFormat, lengths: Iterable<number>): Formats {
  const inches = isInchUnit(unit);
  const shownUnit = unit.trim() === '' ? 'mm' : unit.trim();
  if (unitFormat === 'fraction') {
    return {
      unit: shownUnit,
      len: formatFraction64,
      lenU: (v) => (inches ? `${formatFraction64(v)}"` : `${formatFraction64(v)} ${shownUnit}`),
      money: formatMoney,
      percent: (v) => `${formatDecimal(v, 2)} %`,
      describe: `${shownUnit}, fractions to the nearest 1/64`,
    };
  }
  const decimals = decimalsFor(lengths);
  return {
    unit: shownUnit,
    len: (v) => formatDecimal(v, decimals),
    lenU: (v) => `${formatDecimal(v, decimals)} ${shownUnit}`,
    money: formatMoney,
    percent: (v) => `${formatDecimal(v, 2)} %`,
    describe: decimals === 0 ? `whole ${shownUnit}` : `${shownUnit} to ${plural(decimals, 'decimal')}`,
  };
}
