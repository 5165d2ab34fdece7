/**
 * The shared vocabulary of cutplan: the normalised request the solver consumes and the response body
 * the API returns. Every other module of `core/` (request parsing, solver, verifier, PDF) and every
 * handler of `functions/` speaks these types; nothing else is shared between solver and verifier.
 */

/**
 * A length as an exact integer number of scale units (`value × request.scale`).
 * Only the request normaliser (and tests through {@link asScaled}) create them, so "fits" is decided
 * in integer arithmetic and never depends on floating-point luck.
 */
export type Scaled = number & { readonly __scaled: unique symbol };

/** Brands a safe integer as {@link Scaled}; throws on anything else (a bug, not an input error). */
export function asScaled(n: number): Scaled {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
  return n as Scaled;
}

export {
  AXIAL_SYMMETRIES,
  type AxialSymmetry,
  LABEL_FORMATS,
  type LabelFormat,
  METHODS,
  type Method,
  OBJECTIVES,
  type Objective,
  PAPER_SIZES,
  type PaperSize,
  UNIT_FORMATS,
  type UnitFormat,
} from './vocabulary.ts';

import type * as v from 'valibot';
import type * as schemas from './response/index.ts';
import type { DeepReadonly } from './response/index.ts';
import type { AxialSymmetry, LabelFormat, Method, PaperSize, UnitFormat } from './vocabulary.ts';

/**
 * Material group key. `null` is the untagged group, which never mixes with tagged ones.
 * Tags are non-empty strings, compared exactly.
 */
export type Material = string | null;

/** One line of the cut list after shorthand expansion and normalisation. */
export interface Part {
  /** Position in the request's `parts` array (after shorthand expansion), used in messages and output. */
  readonly index: number;
  readonly length: Scaled;
  readonly quantity: number;
  readonly label: string | null;
  readonly material: Material;
  /** Bottom angle in degrees, 10..170, after the top-angle transform; null for a square end. */
  readonly leftAngle: number | null;
  readonly rightAngle: number | null;
}

/** A purchasable stock length. `stockLength: L` normalises to one entry with unlimited quantity. */
export interface Stock {
  readonly index: number;
  readonly length: Scaled;
  /** null = unlimited supply; otherwise a hard cap on bars bought. */
  readonly quantity: number | null;
  /** Price per bar in integer price units (`price × request.priceScale`); null = optimise material. */
  readonly price: number | null;
  readonly material: Material;
  readonly priority: boolean;
  readonly bundleSize: number | null;
}

/** An already-owned piece: free material, never a purchase. */
export interface Offcut {
  readonly index: number;
  readonly length: Scaled;
  readonly quantity: number;
  readonly material: Material;
  readonly priority: boolean;
}

export interface AngleCuts {
  /** Material width in scale units: an angled cut reaches sideways by width / tan(angle). */
  readonly width: Scaled;
  readonly axialSymmetry: AxialSymmetry;
}

/**
 * The one typed request the solver consumes, whichever form (long, shorthand, GET query) came in.
 * Lengths are integers at a common scale; `value = scaled / scale`.
 */
export interface OptimiseRequest {
  /** Scale units per input unit, a power of ten (1 … 10^6). */
  readonly scale: number;
  /** Price units per currency unit, a power of ten (1 … 10^6). */
  readonly priceScale: number;
  readonly parts: readonly Part[];
  readonly stocks: readonly Stock[];
  readonly offcuts: readonly Offcut[];
  readonly kerf: Scaled;
  readonly trim: boolean;
  readonly method: Method;
  /** Leftovers at least this long are usable remnants; 0 means no leftover is kept. */
  readonly minRemnant: Scaled;
  /** null when angle cuts are off. */
  readonly angleCuts: AngleCuts | null;
  readonly unit: string;
  readonly unitFormat: UnitFormat;
  /** Requested solve budget in seconds; null = automatic (stop at proof, else at the tier budget). */
  readonly timeLimit: number | null;
  /** PDF and labels endpoints only. */
  readonly jobName: string | null;
  /** PDF endpoint only; null = A4, or Letter when the unit is inches. */
  readonly paper: PaperSize | null;
  /** Labels endpoint only; null = `a4-3x8`. */
  readonly labelFormat: LabelFormat | null;
}

// ---------------------------------------------------------------------------------------------
// Response bodies: inferred from the valibot schemas of `core/response/schemas.ts`, which also carry the
// meaning of every field (the OpenAPI document is generated from them). Numbers are in the caller's unit.
// ---------------------------------------------------------------------------------------------

type Out<S extends v.GenericSchema> = DeepReadonly<v.InferOutput<S>>;

export type Waste = Out<typeof schemas.wasteSchema>;
/** A piece in a layout, in cut order from the bar's zero end. */
export type PlacedPart = Out<typeof schemas.placedPartSchema>;
/** A saw cut measured from the bar's zero end: one number when square, `[top, bottom]` when angled. */
export type CutPosition = Out<typeof schemas.cutPositionSchema>;
export type UsedComb = Out<typeof schemas.usedCombSchema>;
export type Combination = Out<typeof schemas.combinationSchema>;
export type Purchase = Out<typeof schemas.purchaseSchema>;
/** A usable remnant or an unused offcut. Lists are sorted largest first. */
export type Leftover = Out<typeof schemas.leftoverSchema>;
export type Plan = Out<typeof schemas.planSchema>;
export type MaterialStats = Out<typeof schemas.materialStatsSchema>;
export type Stats = Out<typeof schemas.statsSchema>;
export type Meta = Out<typeof schemas.metaSchema>;
export type OptimiseResponse = Out<typeof schemas.optimiseResponseSchema>;
