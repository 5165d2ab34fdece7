/**
 * LP engine wrappers: one that runs a named solve through a caller's function, and one that counts solves
 * (the benchmark's budget of work).
 */
import type { LpBasis, LpEngine, LpSolution, MasterLp } from './engine.ts';

/**
 * The engine with every master's `solve` replaced by `solve(master)`, where `master` is the engine's own
 * (the rest passes through): the one seam tests and the same-plans check use to count or break solves.
 */
export function withSolve(engine: LpEngine, name: string, solve: (master: MasterLp) => LpSolution): LpEngine {
  return {
    name,
    createMaster(rows, options) {
      const master = engine.createMaster(rows, options);
      return {
        get columnCount() {
          return master.columnCount;
        },
        addColumn: (cost, r, coefs, upper) => master.addColumn(cost, r, coefs, upper),
        addRow: (lower, upper, cols, coefs) => master.addRow(lower, upper, cols, coefs),
        setColumnBounds: (c, lower, upper) => master.setColumnBounds(c, lower, upper),
        setRowBounds: (r, lower, upper) => master.setRowBounds(r, lower, upper),
        ...(master.deleteColumns
          ? { deleteColumns: (cols: readonly number[]) => master.deleteColumns?.(cols) }
          : {}),
        ...(master.setDualTolerance ? { setDualTolerance: (t: number) => master.setDualTolerance?.(t) } : {}),
        ...(master.setBasis ? { setBasis: (b: LpBasis) => master.setBasis?.(b) ?? false } : {}),
        ...(master.lastIterations ? { lastIterations: () => master.lastIterations?.() ?? 0 } : {}),
        solve: () => solve(master),
        dispose: () => master.dispose(),
      };
    },
  };
}

/**
 * An engine that counts the master solves of every master it creates: the unit of work that tests and the
 * same-plans check budget the search in (unlike clock reads, it does not move when code moves).
 */
export function countingEngine(engine: LpEngine): { readonly engine: LpEngine; solves(): number } {
  let solves = 0;
  return {
    solves: () => solves,
    engine: withSolve(engine, engine.name, (master) => {
      solves++;
      return master.solve();
    }),
  };
}
