/**
 * The typed long form → the {@link OptimiseRequest} the solver consumes: defaults filled, angles turned to
 * bottom angles, lengths and prices made exact integers at the smallest common power-of-ten scale.
 */
import { asScaled, type OptimiseRequest, type Scaled } from '../types.ts';
import { decimalsFor, scaleBy } from './decimals.ts';
import { LIMITS } from './limits.ts';
import { bottomAngle } from './rules.ts';
import type { LongForm } from './schemas.ts';

/** Every length that shares the request's scale (the width only when angle cuts are on: it is unused otherwise). */
function lengthsOf(body: LongForm): number[] {
  const lengths = [
    ...body.parts.map((p) => p.length),
    ...(body.stocks ?? []).map((s) => s.length),
    ...(body.offcuts ?? []).map((o) => o.length),
    body.kerf ?? 0,
    body.minRemnant ?? 0,
  ];
  if (body.stockLength !== null && body.stockLength !== undefined) lengths.push(body.stockLength);
  const width = body.angleCuts?.enabled === true ? body.angleCuts.width : null;
  if (width !== null && width !== undefined) lengths.push(width);
  return lengths;
}

const orNull = <T>(x: T | null | undefined): T | null => (x === undefined ? null : x);
/** An empty label or job name is the same as none. */
const textOrNull = (x: string | null | undefined): string | null => (x === undefined || x === '' ? null : x);

/**
 * The decimals lengths are counted in: the fewest that make every length exact, and with angle cuts on one
 * more while the limits allow it. A mitre's irrational figures (w·|cot a|, K / sin a) are rounded to whole
 * units, outward, at every joint (docs/angle-cuts.md, "Exactness"); a unit a tenth as large keeps plans and
 * bounds within a tenth of a unit a joint of the real geometry instead of one unit, which on nesting jobs
 * is the difference between a bar's worth of pieces fitting or not (bench/angles.ts: railings-Y).
 */
function scaleDecimals(body: LongForm, lengths: readonly number[]): number {
  const k = decimalsFor(lengths);
  if (body.angleCuts?.enabled !== true || k >= LIMITS.maxDecimals) return k;
  // One more decimal only where every sum of the plan stays exact (the feasibility stage's 2^53 rule).
  let pieces = 0;
  for (const p of body.parts) pieces += p.quantity;
  let longest = 0;
  for (const x of lengths) longest = Math.max(longest, x);
  return pieces * longest * 10 ** (k + 1) <= LIMITS.maxExact ? k + 1 : k;
}

/** Normalises a body that passed the schemas and the cross-field rules. */
export function normalise(body: LongForm): OptimiseRequest {
  const k = scaleDecimals(body, lengthsOf(body));
  const prices = (body.stocks ?? []).flatMap((s) => (typeof s.price === 'number' ? [s.price] : []));
  const pk = decimalsFor(prices);
  const len = (x: number): Scaled => asScaled(scaleBy(x, k));

  const stocks =
    body.stockLength !== null && body.stockLength !== undefined
      ? [
          {
            index: 0,
            length: len(body.stockLength),
            quantity: null,
            price: null,
            material: null,
            priority: false,
            bundleSize: null,
          },
        ]
      : (body.stocks ?? []).map((s, index) => ({
          index,
          length: len(s.length),
          quantity: orNull(s.quantity),
          price: typeof s.price === 'number' ? scaleBy(s.price, pk) : null,
          material: orNull(s.material),
          priority: s.priority ?? false,
          bundleSize: orNull(s.bundleSize),
        }));

  const angleCuts =
    body.angleCuts?.enabled === true && typeof body.angleCuts.width === 'number'
      ? { width: len(body.angleCuts.width), axialSymmetry: body.angleCuts.axialSymmetry ?? 'none' }
      : null;

  return {
    scale: 10 ** k,
    priceScale: 10 ** pk,
    parts: body.parts.map((p, index) => ({
      index,
      length: len(p.length),
      quantity: p.quantity,
      label: textOrNull(p.label),
      material: orNull(p.material),
      leftAngle: bottomAngle(p.leftAngle),
      rightAngle: bottomAngle(p.rightAngle),
    })),
    stocks,
    offcuts: (body.offcuts ?? []).map((o, index) => ({
      index,
      length: len(o.length),
      quantity: o.quantity,
      material: orNull(o.material),
      priority: o.priority ?? false,
    })),
    kerf: len(body.kerf ?? 0),
    trim: body.trim ?? false,
    method: body.method ?? 'balanced',
    minRemnant: len(body.minRemnant ?? 0),
    angleCuts,
    unit: body.unit ?? 'mm',
    unitFormat: body.unitFormat ?? 'decimal',
    timeLimit: orNull(body.timeLimit),
    jobName: textOrNull(body.jobName),
    paper: orNull(body.paper),
    labelFormat: orNull(body.labelFormat),
  };
}
