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

export const METHODS = ['balanced', 'least_waste', 'offcuts_first', 'fewest_setups', 'bundle'] as const;
/** The optimisation objective requested by the caller. */
export type Method = (typeof METHODS)[number];

export const AXIAL_SYMMETRIES = ['none', 'X', 'Y', 'Z', 'XYZ'] as const;
export type AxialSymmetry = (typeof AXIAL_SYMMETRIES)[number];

export const UNIT_FORMATS = ['decimal', 'fraction'] as const;
export type UnitFormat = (typeof UNIT_FORMATS)[number];

export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

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
  /** PDF endpoint only. */
  readonly jobName: string | null;
  /** PDF endpoint only; null = A4, or Letter when the unit is inches. */
  readonly paper: PaperSize | null;
}

// ---------------------------------------------------------------------------------------------
// Response body (HTTP 200 of POST /v1/optimise). Numbers are in the caller's unit (scaled / scale).
// ---------------------------------------------------------------------------------------------

export interface Waste {
  /** Source length minus the parts cut from it: saw + remnant. */
  readonly total: number;
  /** The leftover end after the last cut. */
  readonly remnant: number;
  /** Material the blade removed: kerf between pieces, trim, and the cut that frees the leftover. */
  readonly saw: number;
}

/** A piece in a layout, in cut order from the bar's zero end. */
export interface PlacedPart {
  /** Index into the request's `parts`. */
  readonly part: number;
  readonly length: number;
  readonly label?: string;
  /** Angle mode only: how the piece lies (added by the angle-cuts work). */
  readonly orientation?: string;
}

/** A saw cut measured from the bar's zero end: one number when square, `[top, bottom]` when angled. */
export type CutPosition = number | readonly [number, number];

export interface UsedComb {
  /** Part lengths cut from the bar, in cut order. */
  readonly combination: readonly number[];
  /** Length of the source bar. */
  readonly length: number;
  readonly source: 'stock' | 'offcut';
  /** Index of the source entry in the request's `stocks` (a `stockLength` is entry 0) or `offcuts`. */
  readonly sourceIndex: number;
  readonly waste: Waste;
  readonly material?: string;
  readonly parts: readonly PlacedPart[];
  readonly cutPositions: readonly CutPosition[];
  /** Bundle method only. */
  readonly bundleBars?: number;
}

export interface Combination {
  readonly usedComb: UsedComb;
  /** How many bars are cut this way. */
  readonly count: number;
}

export interface Purchase {
  /** Index of the stock entry in the request's `stocks` (a `stockLength` is entry 0). */
  readonly stock: number;
  readonly length: number;
  readonly count: number;
  readonly price?: number;
  readonly cost?: number;
  readonly material?: string;
}

/** A usable remnant or an unused offcut. Lists are sorted largest first. */
export interface Leftover {
  readonly length: number;
  readonly count: number;
  readonly material?: string;
}

export interface Plan {
  readonly combinations: readonly Combination[];
  readonly purchases: readonly Purchase[];
  readonly usableRemnants: readonly Leftover[];
  readonly unusedOffcuts: readonly Leftover[];
  readonly stockBarsUsed: number;
  readonly stockBarsLowerBound: number;
  readonly totalWaste: number;
  readonly optimal: boolean;
  readonly verified: boolean;
  readonly solveTimeMs: number;
}

export interface MaterialStats {
  readonly totalParts: number;
  readonly totalPartsLength: number;
  readonly totalUsedLength: number;
  readonly yieldPercent: number;
  readonly cutCount: number;
  readonly layoutCount: number;
  readonly totalCost: number | null;
  readonly trueWaste: number;
  readonly stockBarsUsed: number;
}

export interface Stats {
  readonly totalParts: number;
  readonly totalPartsLength: number;
  readonly totalUsedLength: number;
  readonly yieldPercent: number;
  readonly cutCount: number;
  readonly layoutCount: number;
  readonly totalCost: number | null;
  readonly trueWaste: number;
  /** Present when material groups are used; the untagged group's key is the empty string. */
  readonly byMaterial?: Readonly<Record<string, MaterialStats>>;
}

export interface Meta {
  readonly method: Method;
  readonly kerf: number;
  /** `public` for the free tier, else the key's tier name. */
  readonly tier: string;
  readonly poweredBy: string;
  readonly unit: string;
  readonly unitFormat: UnitFormat;
}

export interface OptimiseResponse {
  readonly plan: Plan;
  readonly stats: Stats;
  /** null when no prices were supplied. */
  readonly costLowerBound: number | null;
  readonly meta: Meta;
}
