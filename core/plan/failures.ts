/** The errors of a group without a plan, worded once for both geometries. */
import { NoPlanFoundError, ValidationError } from '../errors.ts';
import type { Material } from '../types.ts';

/** The 400's detail when the LP relaxation proved that no plan exists: which proof, in a caller's words. */
export const INFEASIBLE_PROOF =
  'the finite stock and offcuts cannot cover the demand: proven by the linear relaxation (no plan, even one that may cut fractions of bars, covers every part from this supply)';

/** A group named as the request layer names it (docs/api.md, "Material groups"). */
export function groupName(material: Material): string {
  return material === null ? 'untagged material' : `material ${JSON.stringify(material)}`;
}

/** 400 with a proof that the group has no plan; else 422: a longer time limit may find one. */
export function noPlan(
  material: Material,
  proven: boolean,
  budgetMs: number,
): ValidationError | NoPlanFoundError {
  return proven
    ? ValidationError.of(groupName(material), INFEASIBLE_PROOF)
    : noPlanFound(groupName(material), budgetMs);
}

/**
 * The 422 of finite supply when the search neither found a plan nor proved there is none: not the
 * caller's input, so not a 400, and a longer time limit may find one.
 */
export function noPlanFound(group: string, budgetMs: number): NoPlanFoundError {
  const seconds = Math.round(budgetMs) / 1000;
  return new NoPlanFoundError(
    `${group}: no plan that fits the finite stock and offcuts was found in the time limit of ${seconds} s, and none was proven impossible; send a longer timeLimit (capped by your tier's budget), or more stock`,
  );
}
