/** The perfect-packing search's input and answers, and the codes its state is written in. */

/** A one-bar packing job whose bars must all be filled to the last unit. */
export interface PerfectPackingInput {
  /** Distinct positive integer piece weights, in any order. */
  readonly weights: readonly number[];
  /** Copies of each weight (same index). */
  readonly demands: readonly number[];
  /** Integer bar capacity. */
  readonly capacity: number;
  /** Bars to fill exactly; Σ weights·demands must equal bins·capacity. */
  readonly bins: number;
}

/** What one slice of work ended with. */
export type PerfectPackingStep =
  /** Each bar lists item indices (into `weights`), one entry per piece; every bar sums to the capacity. */
  | { readonly status: 'found'; readonly bins: readonly (readonly number[])[] }
  /** The slice is used up: call `work` again to go on. */
  | { readonly status: 'working' }
  /** The search ended without a packing; see {@link PerfectPacking} for when that is a proof. */
  | { readonly status: 'exhausted' };

/** Values of a variable. */
export const UNSET = 0;
export const TRUE = 1;
export const FALSE = 2;

/** Why a variable got its value. */
export const R_DECISION = 0;
/** Another option of the same long piece is true. */
export const R_ONE_OF = 1;
/** All other options of the long piece are false. */
export const R_AT_LEAST = 2;
/** The short piece's copies are all taken by true rows. */
export const R_SHORT = 3;
/** A learnt clause. */
export const R_CLAUSE = 4;
/** The most expensive long pieces are already chosen. */
export const R_EXPENSIVE = 5;
/** Leaving the row out would leave over more short copies or weight than the leftover can take. */
export const R_WEIGHT = 6;
/** The option's carry modulo a power of two would pass what the bars can carry in all (see `carryPropagate`). */
export const R_CARRY = 7;
