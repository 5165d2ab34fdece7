/**
 * The dense simplex's model: rows with bounds (each with a logical variable `r_i = a_i·x`), sparse columns
 * with costs and bounds, and each variable's value. Variables are named by ids: a column `j ≥ 0` is id
 * `j`, row `i`'s logical is id `−i − 1`, so that adding or deleting columns never renames a logical.
 */

export class LpModel {
  /** Rows. */
  m = 0;
  readonly rowLo: number[] = [];
  readonly rowUp: number[] = [];
  /** Logical values (meaningful while the logical is non-basic). */
  readonly rowVal: number[] = [];
  /** Columns. */
  n = 0;
  readonly cost: number[] = [];
  readonly colLo: number[] = [];
  readonly colUp: number[] = [];
  /** Column values (meaningful while the column is non-basic). */
  readonly colVal: number[] = [];
  readonly colIdx: Int32Array[] = [];
  readonly colCoef: Float64Array[] = [];

  lower(id: number): number {
    return id >= 0 ? (this.colLo[id] ?? 0) : (this.rowLo[-id - 1] ?? 0);
  }

  upper(id: number): number {
    return id >= 0 ? (this.colUp[id] ?? 0) : (this.rowUp[-id - 1] ?? 0);
  }

  value(id: number): number {
    return id >= 0 ? (this.colVal[id] ?? 0) : (this.rowVal[-id - 1] ?? 0);
  }

  setValue(id: number, v: number): void {
    if (id >= 0) this.colVal[id] = v;
    else this.rowVal[-id - 1] = v;
  }

  costOf(id: number): number {
    return id >= 0 ? (this.cost[id] ?? 0) : 0;
  }

  addRowBounds(lower: number, upper: number): number {
    this.rowLo.push(lower);
    this.rowUp.push(upper);
    this.rowVal.push(snap(0, lower, upper));
    return this.m++;
  }

  addColumn(cost: number, rows: readonly number[], coefs: readonly number[], upper: number): number {
    this.cost.push(cost);
    this.colLo.push(0);
    this.colUp.push(upper);
    this.colVal.push(snap(0, 0, upper));
    this.colIdx.push(Int32Array.from(rows));
    this.colCoef.push(Float64Array.from(coefs));
    return this.n++;
  }

  /** Appends row `row`'s coefficient to column `j`. */
  appendEntry(j: number, row: number, coef: number): void {
    const idx = this.colIdx[j];
    const val = this.colCoef[j];
    if (!idx || !val) return;
    const ni = new Int32Array(idx.length + 1);
    ni.set(idx);
    ni[idx.length] = row;
    const nv = new Float64Array(val.length + 1);
    nv.set(val);
    nv[val.length] = coef;
    this.colIdx[j] = ni;
    this.colCoef[j] = nv;
  }

  /** Removes the given columns (strictly increasing indices); later columns move down. */
  deleteColumns(columns: readonly number[]): void {
    const gone = new Set(columns);
    let w = 0;
    for (let j = 0; j < this.n; j++) {
      if (gone.has(j)) continue;
      this.cost[w] = this.cost[j] ?? 0;
      this.colLo[w] = this.colLo[j] ?? 0;
      this.colUp[w] = this.colUp[j] ?? 0;
      this.colVal[w] = this.colVal[j] ?? 0;
      this.colIdx[w] = this.colIdx[j] ?? new Int32Array(0);
      this.colCoef[w] = this.colCoef[j] ?? new Float64Array(0);
      w++;
    }
    for (const a of [this.cost, this.colLo, this.colUp, this.colVal]) a.length = w;
    this.colIdx.length = w;
    this.colCoef.length = w;
    this.n = w;
  }
}

/**
 * Where a non-basic variable at `v` goes when its bounds become `[lower, upper]`: onto the bound it sat at,
 * else clamped into the range (a value strictly inside stays: the simplex prices it both ways).
 */
export function snap(v: number, lower: number, upper: number): number {
  if (v < lower) return lower;
  if (v > upper) return upper;
  return v;
}

/** The value a non-basic variable at `v` with old bounds `[ol, ou]` takes under new bounds `[nl, nu]`. */
export function moveBound(v: number, ol: number, ou: number, nl: number, nu: number): number {
  if (v === ol && Number.isFinite(nl)) return nl;
  if (v === ou && Number.isFinite(nu)) return nu;
  return snap(v, nl, nu);
}
