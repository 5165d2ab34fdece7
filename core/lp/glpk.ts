/**
 * glpk.js behind the LP engine port: the benchmark's baseline engine, imported directly so it never enters
 * the optimise bundle.
 */
import GLPK from 'glpk.js/node';
import type { LpEngine, LpSolution, MasterLp, RowBounds } from './engine.ts';

type Glpk = Awaited<ReturnType<typeof GLPK>>;

/** glpk.js (GPL-3.0, wasm): no persistent model, so the master is rebuilt on every solve. */
export async function createGlpkEngine(): Promise<LpEngine> {
  const glpk = await GLPK();
  return { name: `GLPK ${glpk.version}`, createMaster: (rows) => new GlpkMaster(glpk, rows) };
}

interface Column {
  cost: number;
  rows: number[];
  coefs: number[];
  lower: number;
  upper: number;
}

class GlpkMaster implements MasterLp {
  private readonly rows: RowBounds[];
  private readonly cols: Column[] = [];

  private readonly glpk: Glpk;

  constructor(glpk: Glpk, rows: readonly RowBounds[]) {
    this.glpk = glpk;
    this.rows = rows.map((r) => ({ ...r }));
  }

  get columnCount(): number {
    return this.cols.length;
  }

  addColumn(
    cost: number,
    rows: readonly number[],
    coefs: readonly number[],
    upper = Number.POSITIVE_INFINITY,
  ): number {
    this.cols.push({ cost, rows: [...rows], coefs: [...coefs], lower: 0, upper });
    return this.cols.length - 1;
  }

  addRow(lower: number, upper: number, columns: readonly number[], coefs: readonly number[]): number {
    this.rows.push({ lower, upper });
    const row = this.rows.length - 1;
    columns.forEach((j, k) => {
      const c = this.cols[j];
      if (c) {
        c.rows = [...c.rows, row];
        c.coefs = [...c.coefs, coefs[k] ?? 0];
      }
    });
    return row;
  }

  setColumnBounds(column: number, lower: number, upper: number): void {
    const c = this.cols[column];
    if (c) {
      c.lower = lower;
      c.upper = upper;
    }
  }

  setRowBounds(row: number, lower: number, upper: number): void {
    this.rows[row] = { lower, upper };
  }

  private bounds(lower: number, upper: number): { type: number; lb: number; ub: number } {
    const g = this.glpk;
    const hasL = Number.isFinite(lower);
    const hasU = Number.isFinite(upper);
    if (hasL && hasU)
      return lower === upper
        ? { type: g.GLP_FX, lb: lower, ub: upper }
        : { type: g.GLP_DB, lb: lower, ub: upper };
    if (hasL) return { type: g.GLP_LO, lb: lower, ub: 0 };
    if (hasU) return { type: g.GLP_UP, lb: 0, ub: upper };
    return { type: g.GLP_FR, lb: 0, ub: 0 };
  }

  solve(): LpSolution {
    const byRow: { name: string; coef: number }[][] = this.rows.map(() => []);
    this.cols.forEach((c, j) => {
      c.rows.forEach((r, k) => {
        byRow[r]?.push({ name: `x${j}`, coef: c.coefs[k] ?? 0 });
      });
    });
    const result = this.glpk.solve(
      {
        name: 'master',
        objective: {
          direction: this.glpk.GLP_MIN,
          name: 'obj',
          vars: this.cols.map((c, j) => ({ name: `x${j}`, coef: c.cost })),
        },
        subjectTo: this.rows.map((r, i) => ({
          name: `r${i}`,
          vars: byRow[i] ?? [],
          bnds: this.bounds(r.lower, r.upper),
        })),
        bounds: this.cols.map((c, j) => ({ name: `x${j}`, ...this.bounds(c.lower, c.upper) })),
      },
      { msglev: this.glpk.GLP_MSG_OFF, presol: false },
    );
    const st = result.result.status;
    if (st !== this.glpk.GLP_OPT) {
      const status = st === this.glpk.GLP_NOFEAS ? 'infeasible' : 'failed';
      return { status, objective: Number.NaN, x: new Float64Array(0), duals: new Float64Array(0) };
    }
    const x = new Float64Array(this.cols.length);
    for (let j = 0; j < x.length; j++) x[j] = result.result.vars[`x${j}`] ?? 0;
    const duals = new Float64Array(this.rows.length);
    for (let i = 0; i < duals.length; i++) duals[i] = result.result.dual?.[`r${i}`] ?? 0;
    return { status: 'optimal', objective: result.result.z, x, duals };
  }

  dispose(): void {
    this.cols.length = 0;
  }
}
