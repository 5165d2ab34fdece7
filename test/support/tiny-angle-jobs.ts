/**
 * Random tiny mitred jobs (fast-check) for the tests that hold the solver's angle claims against an
 * exhaustive search (core/angle/search/proofs.test.ts, bench/angle-check.test.ts): one to three part lines of one
 * to three pieces from 300 long, any of the given end angles, every axial symmetry, kerf 0 or 3, trim or
 * not, saw width 40, one of the given stock lists, and an owned offcut when asked for. Small enough for an
 * exhaustive search; the callers differ only in the lengths, angles and supplies they draw from.
 */
import fc from 'fast-check';

/** A stock line of the supply: unlimited, priced or not. */
export interface TinyStock {
  readonly length: number;
  readonly quantity: null;
  readonly price?: number;
}

export interface TinyAngleJobOptions {
  /** The longest piece. */
  readonly maxLength: number;
  /** The angles a piece's end may have. */
  readonly angles: readonly number[];
  /** The supplies to draw one from. */
  readonly supplies: readonly (readonly TinyStock[])[];
  /** Also draws whether the job owns one 1,000 offcut (otherwise the body has no `offcuts`). */
  readonly offcut?: boolean;
}

/** The body of `POST /v1/optimise` for a tiny mitred job (a type, so it is also a `Record<string, unknown>`). */
export type TinyAngleJob = {
  readonly parts: readonly {
    readonly length: number;
    readonly quantity: number;
    readonly leftAngle: number;
    readonly rightAngle: number;
  }[];
  readonly stocks: readonly TinyStock[];
  readonly offcuts?: readonly { readonly length: number; readonly quantity: number }[];
  readonly kerf: number;
  readonly trim: boolean;
  readonly angleCuts: { readonly enabled: true; readonly width: number; readonly axialSymmetry: string };
};

/** Tiny mitred jobs drawn from `options` (see the module's note). */
export function tinyAngleJobs(options: TinyAngleJobOptions): fc.Arbitrary<TinyAngleJob> {
  const angle = fc.constantFrom(...options.angles);
  const part = fc.record({
    length: fc.integer({ min: 300, max: options.maxLength }),
    quantity: fc.integer({ min: 1, max: 3 }),
    leftAngle: angle,
    rightAngle: angle,
  });
  return fc
    .tuple(
      fc.array(part, { minLength: 1, maxLength: 3 }),
      fc.constantFrom('none', 'X', 'Y', 'Z', 'XYZ'),
      fc.constantFrom(0, 3),
      fc.boolean(),
      fc.constantFrom(...options.supplies),
      options.offcut === true ? fc.boolean() : fc.constant(false),
    )
    .map(([parts, axialSymmetry, kerf, trim, stocks, offcut]) => ({
      parts,
      stocks,
      ...(options.offcut === true ? { offcuts: offcut ? [{ length: 1000, quantity: 1 }] : [] } : {}),
      kerf,
      trim,
      angleCuts: { enabled: true as const, width: 40, axialSymmetry },
    }));
}
