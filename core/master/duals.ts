/**
 * The covering master's duals: Wentges smoothing towards the stability centre, and the duals of the arc
 * rows bounded at a node, each clamped to the sign its active bound allows (so the Lagrangian bound stays
 * valid), with Σ bound·dual for the bound.
 */
import type { ActiveArc, Residual } from './port.ts';

/** `smoothing`·centre + (1 − `smoothing`)·duals over the first `m` (item) duals; the duals when no centre. */
export function smooth(
  center: Float64Array | null,
  smoothing: number,
  m: number,
  duals: Float64Array,
): Float64Array {
  const c = center ?? duals;
  const out = new Float64Array(m);
  const a = smoothing;
  for (let i = 0; i < m; i++) out[i] = a * (c[i] ?? 0) + (1 - a) * (duals[i] ?? 0);
  return out;
}

/** The arc rows of `residual` that the master has (`arcRows`: key → row), with their duals. */
export function activeArcs(
  residual: Residual,
  arcRows: ReadonlyMap<string, number>,
  masterDuals: Float64Array,
): { list: ActiveArc[]; rhs: number } {
  const list: ActiveArc[] = [];
  let rhs = 0;
  for (const [key, b] of residual.arcs ?? []) {
    const row = arcRows.get(key);
    if (row === undefined) continue;
    const d = masterDuals[row] ?? 0;
    let sigma = d;
    if (!Number.isFinite(b.lo)) sigma = Math.min(0, sigma);
    if (!Number.isFinite(b.hi)) sigma = Math.max(0, sigma);
    list.push({ key, dual: d, sigma: sigma === 0 ? 0 : sigma });
    if (sigma === 0) continue;
    rhs += sigma > 0 ? b.lo * sigma : b.hi * sigma;
  }
  return { list, rhs };
}
