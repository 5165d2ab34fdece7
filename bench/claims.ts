/**
 * The benchmark's independent check of the solver's claims against the known optima of
 * ../shared/instances: a proof of a value other than the optimum, or a bound above it, fails the run.
 */

/** What a claim check needs of one outcome. */
export interface Claim {
  readonly value: number | null;
  readonly bound: number | null;
  readonly optimal: boolean;
}

/** `optimal: true` on a value other than the proven optimum `opt` (null: no proven optimum to check). */
export function falseProof(o: Claim, opt: number | null): boolean {
  return opt !== null && o.optimal && o.value !== opt;
}

/** A lower bound above the proven optimum `opt` (null: no proven optimum to check). */
export function falseBound(o: Claim, opt: number | null): boolean {
  return opt !== null && o.bound !== null && o.bound > opt + 1e-9;
}
