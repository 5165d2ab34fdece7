/**
 * The explicit inverse of a small basis, kept dense: a master of ~40 rows has a 40×40 basis, where a dense
 * inverse costs m² flops an update and no sparse bookkeeping. Row `p` of the inverse belongs to basis
 * position `p` (so `x_B = B⁻¹·b` reads row `p` for the `p`-th basic variable).
 */

/** Smallest pivot the factorisation accepts, relative to the largest entry of its column. */
const SINGULAR = 1e-11;

/** A dense basis inverse with Gauss–Jordan factorisation and product-form-free (explicit) updates. */
export class DenseInverse {
  /** Rows (and columns) of the basis. */
  m = 0;
  /** The inverse, row-major, `m × m`. */
  inv = new Float64Array(0);
  /** Updates since the last factorisation. */
  updates = 0;
  private work = new Float64Array(0);

  /**
   * Factorises the basis whose column `p` is written into `out` (length m, zeroed) by `column(p, out)`.
   * Gauss–Jordan with partial pivoting on `[B | I]`. Returns false when the basis is (numerically) singular.
   */
  factor(m: number, column: (p: number, out: Float64Array) => void): boolean {
    this.m = m;
    const w = 2 * m;
    if (this.work.length < m * w) this.work = new Float64Array(m * w);
    const a = this.work;
    a.fill(0, 0, m * w);
    const col = new Float64Array(m);
    for (let p = 0; p < m; p++) {
      col.fill(0);
      column(p, col);
      for (let i = 0; i < m; i++) a[i * w + p] = col[i] ?? 0;
      a[p * w + m + p] = 1;
    }
    for (let c = 0; c < m; c++) {
      let best = c;
      let big = 0;
      let scale = 0;
      for (let r = c; r < m; r++) {
        const v = Math.abs(a[r * w + c] ?? 0);
        if (v > big) {
          big = v;
          best = r;
        }
      }
      for (let r = 0; r < m; r++) scale = Math.max(scale, Math.abs(a[r * w + c] ?? 0));
      if (big <= SINGULAR * Math.max(1, scale)) return false;
      if (best !== c) {
        for (let k = 0; k < w; k++) {
          const t = a[c * w + k] ?? 0;
          a[c * w + k] = a[best * w + k] ?? 0;
          a[best * w + k] = t;
        }
      }
      const piv = 1 / (a[c * w + c] ?? 1);
      for (let k = c; k < w; k++) a[c * w + k] = (a[c * w + k] ?? 0) * piv;
      for (let r = 0; r < m; r++) {
        if (r === c) continue;
        const f = a[r * w + c] ?? 0;
        if (f === 0) continue;
        for (let k = c; k < w; k++) a[r * w + k] = (a[r * w + k] ?? 0) - f * (a[c * w + k] ?? 0);
      }
    }
    if (this.inv.length < m * m) this.inv = new Float64Array(m * m);
    const inv = this.inv;
    for (let p = 0; p < m; p++) for (let i = 0; i < m; i++) inv[p * m + i] = a[p * w + m + i] ?? 0;
    this.updates = 0;
    return true;
  }

  /**
   * The basis after position `r` is replaced by the column whose FTRAN is `alpha` (`B⁻¹·a_q`): row `r` is
   * divided by the pivot and eliminated from the others (m² flops).
   */
  pivot(r: number, alpha: Float64Array): void {
    const { m, inv } = this;
    const base = r * m;
    const piv = 1 / (alpha[r] ?? 1);
    for (let i = 0; i < m; i++) inv[base + i] = (inv[base + i] ?? 0) * piv;
    for (let p = 0; p < m; p++) {
      if (p === r) continue;
      const f = alpha[p] ?? 0;
      if (f === 0) continue;
      const row = p * m;
      for (let i = 0; i < m; i++) inv[row + i] = (inv[row + i] ?? 0) - f * (inv[base + i] ?? 0);
    }
    this.updates++;
  }
}
