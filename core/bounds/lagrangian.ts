/** One kind of bar in the Lagrangian subproblem: bars in [lo, hi], cost c each, best pattern value v. */
export interface BoundTerm {
  readonly lo: number;
  readonly hi: number;
  readonly c: number;
  readonly v: number;
}

/**
 * The Lagrangian (Farley) bound of column generation:
 *   max over t ≥ 0 of  t·rhs + Σ over terms of  min over x ∈ [lo, hi] of (c − t·v)·x,
 * where `rhs` = Σ dᵢπᵢ (+ the usage and arc rows' bound·dual) and vₛ is the exact best pattern value of a
 * source under the duals (or an upper bound on it). Scaling the duals by t keeps them dual feasible, so
 * the bound holds for any float duals. The function is concave and piecewise linear in t: its maximum is at
 * a breakpoint c/v (or t = 0, or t = 1, the LP's own scaling).
 */
export function lagrangianBound(rhs: number, terms: readonly BoundTerm[]): number {
  const at = (t: number): number => {
    let lb = t * rhs;
    for (const term of terms) {
      if (term.hi <= 0) continue;
      const coef = term.c - t * term.v;
      if (coef >= 0) lb += term.lo * coef;
      else if (Number.isFinite(term.hi)) lb += term.hi * coef;
      else return Number.NEGATIVE_INFINITY;
    }
    return lb;
  };
  const candidates = new Set<number>([0, 1]);
  for (const term of terms) if (term.v > 0 && term.hi > 0) candidates.add(term.c / term.v);
  let best = 0;
  for (const t of candidates) if (Number.isFinite(t) && t >= 0) best = Math.max(best, at(t));
  return best;
}
