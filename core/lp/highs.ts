/**
 * HiGHS (wasm) behind the LP engine port: a persistent master LP whose rows and columns are added and
 * bounded in place, and the test for a run that failed.
 */
import type { Highs } from 'highs';
import * as highsModule from 'highs';
import type { BasisStatus, LpBasis, LpEngine, LpSolution, MasterLp, RowBounds } from './engine.ts';

// The package ships ESM code but CommonJS-typed declarations: find the loader at run time either way.
type Loader = (settings?: LoaderSettings) => Promise<Highs>;

/** The part of the emscripten module settings used here: instantiate a module compiled by the caller. */
interface LoaderSettings {
  instantiateWasm(imports: object, done: (instance: object, module: HighsWasmModule) => void): object;
}

/**
 * HiGHS's wasm compiled: a `WebAssembly.Module` of `highs.wasm` (opaque here: the project's TypeScript
 * library has no WebAssembly types, and core runs wherever the JS API exists).
 */
export type HighsWasmModule = object;

const wasmApi = (
  globalThis as unknown as {
    WebAssembly: { instantiate(module: HighsWasmModule, imports: object): Promise<object> };
  }
).WebAssembly;
const loaded: unknown = highsModule;
const highsLoader: Loader = findLoader(loaded);

function findLoader(mod: unknown): Loader {
  const d = (mod as { default?: unknown }).default;
  if (typeof d === 'function') return d as Loader;
  const dd = (d as { default?: unknown } | undefined)?.default;
  if (typeof dd === 'function') return dd as Loader;
  throw new Error('highs: loader not found');
}

/**
 * Whether `e` is HiGHS's native run failure (a `HighsError` of operation `run`, status -1: the simplex gave
 * up on this LP, the model is intact), which a caller may treat as an unsolved LP; any other error is a bug.
 */
export function isRunFailure(e: unknown): boolean {
  if (!(e instanceof Error) || e.name !== 'HighsError') return false;
  const { operation, status } = e as Error & { operation?: unknown; status?: unknown };
  return operation === 'run' && status === -1;
}

const OPTIMAL = 7;
const DUAL_SIMPLEX = 1;
const PRIMAL_SIMPLEX = 4;
const INFEASIBLE = 8;
/** HiGHS's basis codes (`highs.constants.basisStatus`): lower 0, basic 1, upper 2. */
const BASIS_CODE: Record<BasisStatus, 0 | 1 | 2> = { lower: 0, basic: 1, upper: 2 };

export interface HighsEngineOptions {
  /**
   * HiGHS's wasm (`highs.wasm`), compiled by the caller, e.g. started early so the compile overlaps other
   * work; by default the package's loader reads and compiles it.
   */
  readonly module?: HighsWasmModule | Promise<HighsWasmModule>;
}

/**
 * HiGHS (MIT, wasm) with a persistent model: adding a column and re-solving warm-starts from the last
 * basis, which is what column generation does hundreds of times.
 */
export async function createHighsEngine(options: HighsEngineOptions = {}): Promise<LpEngine> {
  const given = options.module;
  if (given === undefined) return highsEngine(await highsLoader());
  // The loader takes the instance through a callback and has no way to fail: a failed instantiation
  // rejects here instead of leaving the loader waiting.
  let failed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  const loading = highsLoader({
    instantiateWasm: (imports, done) => {
      Promise.resolve(given)
        .then(async (module) => done(await wasmApi.instantiate(module, imports), module))
        .catch(failed);
      return {};
    },
  });
  return highsEngine(await Promise.race([loading, failure]));
}

function highsEngine(highs: Highs): LpEngine {
  return {
    name: `HiGHS ${highs.version.string}`,
    createMaster: (rows, options) => new HighsMaster(highs, rows, options?.primalAfterColumns ?? false),
  };
}

class HighsMaster implements MasterLp {
  private readonly model;
  private columns = 0;
  private rows = 0;
  private readonly inf: number;
  /** Whether a bound or row changed since the last solve (else only columns were added). */
  private boundsMoved = true;
  private strategy: number = DUAL_SIMPLEX;

  private readonly primalAfterColumns: boolean;

  constructor(highs: Highs, rows: readonly RowBounds[], primalAfterColumns: boolean) {
    this.primalAfterColumns = primalAfterColumns;
    this.inf = highs.infinity;
    this.model = highs.createModel();
    this.model.options.set({ output_flag: false, presolve: 'off' });
    for (const r of rows)
      this.model.addRow(this.clamp(r.lower), this.clamp(r.upper), { indices: [], values: [] });
    this.rows = rows.length;
  }

  get columnCount(): number {
    return this.columns;
  }

  private clamp(v: number): number {
    if (v === Number.POSITIVE_INFINITY) return this.inf;
    if (v === Number.NEGATIVE_INFINITY) return -this.inf;
    return v;
  }

  addColumn(
    cost: number,
    rows: readonly number[],
    coefs: readonly number[],
    upper = Number.POSITIVE_INFINITY,
  ): number {
    this.model.addCol(cost, 0, this.clamp(upper), { indices: rows, values: coefs });
    return this.columns++;
  }

  addRow(lower: number, upper: number, columns: readonly number[], coefs: readonly number[]): number {
    this.boundsMoved = true;
    this.model.addRow(this.clamp(lower), this.clamp(upper), { indices: columns, values: coefs });
    return this.rows++;
  }

  setColumnBounds(column: number, lower: number, upper: number): void {
    this.boundsMoved = true;
    this.model.changeColBounds(column, this.clamp(lower), this.clamp(upper));
  }

  setRowBounds(row: number, lower: number, upper: number): void {
    this.boundsMoved = true;
    this.model.changeRowBounds(row, this.clamp(lower), this.clamp(upper));
  }

  deleteColumns(columns: readonly number[]): void {
    if (columns.length === 0) return;
    // Only non-basic columns are deleted (the pool's rule): the basis stays valid and warm.
    this.model.deleteCols({ kind: 'set', indices: columns });
    this.columns -= columns.length;
  }

  setDualTolerance(tolerance: number): void {
    this.model.options.set({ dual_feasibility_tolerance: tolerance });
  }

  setBasis(basis: LpBasis): boolean {
    if (basis.columns.length !== this.columns || basis.rows.length !== this.rows) return false;
    try {
      this.model.setBasis({
        colStatus: basis.columns.map((s) => BASIS_CODE[s]),
        rowStatus: basis.rows.map((s) => BASIS_CODE[s]),
      });
      return true;
    } catch {
      // A rejected basis (wrong count of basic variables): start from the logical basis, as before.
      this.model.setBasis();
      return false;
    }
  }

  lastIterations(): number {
    return Number(this.model.info.get('simplex_iteration_count'));
  }

  solve(): LpSolution {
    // Columns added to an optimal basis leave it primal feasible: primal simplex goes on from there. New
    // bounds or rows (a branch, a dive's residual, an arc row) leave it dual feasible: dual simplex.
    const want = this.boundsMoved || !this.primalAfterColumns ? DUAL_SIMPLEX : PRIMAL_SIMPLEX;
    if (want !== this.strategy) {
      this.model.options.set({ simplex_strategy: want });
      this.strategy = want;
    }
    this.boundsMoved = false;
    let run = this.model.run();
    if (run.modelStatus !== OPTIMAL && run.modelStatus !== INFEASIBLE) {
      // Warm-started simplex can end in numerical trouble ("unknown") after bounds change under it
      // (seen when branching followed a root whose substitution columns were switched off): the same
      // model solved again without the old basis and factorisation is fine.
      this.model.clearSolver();
      run = this.model.run();
    }
    const status =
      run.modelStatus === OPTIMAL ? 'optimal' : run.modelStatus === INFEASIBLE ? 'infeasible' : 'failed';
    if (status !== 'optimal')
      return { status, objective: Number.NaN, x: new Float64Array(0), duals: new Float64Array(0) };
    const sol = this.model.getSolution();
    return {
      status,
      objective: this.model.getObjectiveValue(),
      x: sol.colValue,
      duals: sol.rowDual,
      reducedCosts: sol.colDual,
    };
  }

  dispose(): void {
    this.model.dispose();
  }
}
