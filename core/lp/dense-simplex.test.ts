import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compositeEngine, withoutDenseDual } from './composite.ts';
import { DenseMaster } from './dense/simplex.ts';
import type { LpEngine, LpSolution, MasterLp } from './engine.ts';
import { createHighsEngine } from './highs.ts';

let highs: Promise<LpEngine> | null = null;
function highsEngine(): Promise<LpEngine> {
  highs ??= createHighsEngine();
  return highs;
}

const ROWS = 6;
const INF = Number.POSITIVE_INFINITY;

/** One operation on a master, as column generation, branching and dives apply them. */
type Op =
  | { kind: 'column'; cost: number; coefs: number[]; upper: number }
  | { kind: 'rowBounds'; row: number; lower: number; upper: number }
  | { kind: 'hold'; column: number; zero: boolean }
  | { kind: 'row'; lower: number; upper: number; every: number }
  | { kind: 'solve' };

const column = fc.record({
  kind: fc.constant('column' as const),
  cost: fc.integer({ min: 1, max: 9 }),
  coefs: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: ROWS, maxLength: ROWS }),
  upper: fc.constantFrom(INF, INF, INF, 2),
});
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: column },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rowBounds' as const),
      row: fc.nat(ROWS - 1),
      lower: fc.integer({ min: 0, max: 8 }),
      upper: fc.constantFrom(INF, INF, 6, 10),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('hold' as const), column: fc.nat(40), zero: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('row' as const),
      lower: fc.constantFrom(Number.NEGATIVE_INFINITY, 0, 1, 3),
      upper: fc.constantFrom(INF, 2, 5),
      every: fc.integer({ min: 2, max: 4 }),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'solve' as const }) },
);

/** A covering LP: ≥ rows of demand, optionally with artificial columns that keep it feasible. */
const lp = fc.record({
  demand: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: ROWS, maxLength: ROWS }),
  artificial: fc.boolean(),
  ops: fc.array(op, { minLength: 3, maxLength: 30 }),
});

/** Applies `o` to every master; returns the masters' solutions on a solve. */
function apply(masters: MasterLp[], o: Op, columns: number): LpSolution[] | null {
  for (const m of masters) {
    if (o.kind === 'column') {
      const idx = o.coefs.flatMap((c, i) => (c > 0 ? [i] : []));
      m.addColumn(
        o.cost,
        idx,
        idx.map((i) => o.coefs[i] ?? 0),
        o.upper,
      );
    } else if (o.kind === 'rowBounds' && o.row < ROWS) {
      m.setRowBounds(o.row, Math.min(o.lower, o.upper), o.upper);
    } else if (o.kind === 'hold' && o.column < columns) {
      m.setColumnBounds(o.column, 0, o.zero ? 0 : INF);
    } else if (o.kind === 'row') {
      const cols = Array.from({ length: columns }, (_, j) => j).filter((j) => j % o.every === 0);
      m.addRow(
        Math.min(o.lower, o.upper),
        o.upper,
        cols,
        cols.map(() => 1),
      );
    }
  }
  return o.kind === 'solve' ? masters.map((m) => m.solve()) : null;
}

/** Dual feasibility and complementarity of a minimisation's solution, within `tol`. */
function checkDuals(master: DenseMaster, sol: LpSolution, tol = 1e-6): void {
  const md = master.model;
  const act = new Float64Array(md.m);
  for (let j = 0; j < md.n; j++) {
    const x = sol.x[j] ?? 0;
    const d = sol.reducedCosts?.[j] ?? 0;
    (md.colIdx[j] ?? []).forEach((r, k) => {
      act[r] = (act[r] ?? 0) + (md.colCoef[j]?.[k] ?? 0) * x;
    });
    let dj = md.cost[j] ?? 0;
    (md.colIdx[j] ?? []).forEach((r, k) => {
      dj -= (sol.duals[r] ?? 0) * (md.colCoef[j]?.[k] ?? 0);
    });
    expect(d).toBeCloseTo(dj, 6);
    // Reduced cost < 0 only at the upper bound, > 0 only at the lower.
    if (d < -tol) expect(x).toBeCloseTo(md.colUp[j] ?? 0, 6);
    if (d > tol) expect(x).toBeCloseTo(md.colLo[j] ?? 0, 6);
  }
  for (let i = 0; i < md.m; i++) {
    const y = sol.duals[i] ?? 0;
    expect(act[i] ?? 0).toBeGreaterThanOrEqual((md.rowLo[i] ?? 0) - tol);
    expect(act[i] ?? 0).toBeLessThanOrEqual((md.rowUp[i] ?? 0) + tol);
    // A ≥ row's dual is ≥ 0 and nonzero only where the row binds; a ≤ row's dual is ≤ 0.
    if (y > tol) expect(act[i] ?? 0).toBeCloseTo(md.rowLo[i] ?? 0, 6);
    if (y < -tol) expect(act[i] ?? 0).toBeCloseTo(md.rowUp[i] ?? 0, 6);
  }
}

function build(engine: LpEngine | null, demand: number[], artificial: boolean): MasterLp {
  const rows = demand.map((d) => ({ lower: d, upper: INF }));
  const m = engine ? engine.createMaster(rows) : new DenseMaster(rows);
  if (artificial) for (let i = 0; i < ROWS; i++) m.addColumn(1000, [i], [1]);
  return m;
}

describe('dense simplex', () => {
  it.each([
    { rule: 'Dantzig and Harris, Bland after stalls', stallLimit: 40, dual: false },
    // Bland's rule from the first step: its exact ratio test meets basic values a hair below zero.
    { rule: "Bland's rule throughout", stallLimit: 0, dual: false },
    // Re-solves after bounds move or rows are added start with the dual simplex (technique `dense-dual`).
    { rule: 'dual simplex first, Bland after stalls', stallLimit: 40, dual: true },
    { rule: 'dual simplex first, smallest index throughout', stallLimit: 0, dual: true },
  ])(
    'matches HiGHS, warm, on random covering LPs grown, bounded and cut ($rule)',
    async ({ stallLimit, dual }) => {
      const engine = await highsEngine();
      let solves = 0;
      let infeasible = 0;
      let dualIterations = 0;
      let totalIterations = 0;
      let primalIterations = 0;
      await fc.assert(
        fc.asyncProperty(lp, async ({ demand, artificial, ops }) => {
          const dense = build(null, demand, artificial) as DenseMaster;
          dense.stallLimit = stallLimit;
          dense.dual = dual;
          const reference = build(engine, demand, artificial);
          // The same master on the primal simplex alone, for the count of pivots.
          const twin = build(null, demand, artificial) as DenseMaster;
          twin.stallLimit = stallLimit;
          let columns = dense.columnCount;
          try {
            for (const o of [...ops, { kind: 'solve' as const }]) {
              const out = apply([dense, reference, twin], o, columns);
              columns = dense.columnCount;
              if (!out) continue;
              const [a, b] = out;
              solves++;
              expect(dense.failure).toBeNull();
              // HiGHS fails on a model without columns; nothing to compare there.
              if (b?.status === 'failed' && dense.columnCount === 0) continue;
              expect(a?.status).toBe(b?.status);
              if (a?.status === 'infeasible') infeasible++;
              if (a?.status !== 'optimal') continue;
              expect(a.objective).toBeCloseTo(b?.objective ?? Number.NaN, 6);
              checkDuals(dense, a);
              // A cold solve of the same model agrees with the warm one.
              const cold = new DenseMaster(
                Array.from({ length: dense.model.m }, (_, i) => ({
                  lower: dense.model.rowLo[i] ?? 0,
                  upper: dense.model.rowUp[i] ?? 0,
                })),
              );
              for (let j = 0; j < dense.model.n; j++) {
                cold.addColumn(
                  dense.model.cost[j] ?? 0,
                  Array.from(dense.model.colIdx[j] ?? []),
                  Array.from(dense.model.colCoef[j] ?? []),
                  dense.model.colUp[j] ?? 0,
                );
              }
              expect(cold.solve().objective).toBeCloseTo(a.objective, 6);
            }
          } finally {
            dualIterations += dense.dualIterations;
            totalIterations += dense.iterations;
            primalIterations += twin.iterations;
            reference.dispose();
          }
        }),
        { seed: 41, numRuns: 300 },
      );
      expect(solves).toBeGreaterThan(800);
      expect(infeasible).toBeGreaterThan(20);
      // The dual simplex did the re-solves' work where it was on, and only there.
      // The dual simplex did the re-solves' work where it was on (and only there), in fewer pivots than
      // the primal's composite phase 1 took on the same masters (seed 41, Dantzig: 2,465 → 1,618).
      if (dual) {
        expect(dualIterations).toBeGreaterThan(solves / 2);
        expect(totalIterations).toBeLessThan(0.8 * primalIterations);
      } else expect(dualIterations).toBe(0);
    },
  );

  it('deletes non-basic columns and goes on warm', async () => {
    const engine = await highsEngine();
    const demand = [3, 4, 2, 5, 1, 2];
    const dense = build(null, demand, true) as DenseMaster;
    const reference = build(engine, demand, true);
    for (let j = 0; j < 12; j++) {
      const rows = [j % ROWS, (j + 2) % ROWS];
      for (const m of [dense, reference]) m.addColumn(2 + (j % 3), rows, [1, 2]);
    }
    dense.solve();
    reference.solve();
    const gone = Array.from({ length: dense.columnCount }, (_, j) => j).filter(
      (j) => j >= ROWS && !dense.isBasic(j) && j % 2 === 0,
    );
    expect(gone.length).toBeGreaterThan(0);
    for (const m of [dense, reference]) {
      m.deleteColumns?.(gone);
      m.addColumn(1, [0, 1, 3], [1, 1, 1]);
    }
    const [a, b] = [dense.solve(), reference.solve()];
    expect(dense.columnCount).toBe(reference.columnCount);
    expect(a.objective).toBeCloseTo(b.objective, 9);
    checkDuals(dense, a);
    reference.dispose();
  });
});

describe('composite engine', () => {
  it('hands a master that fails on the dense simplex to HiGHS, which answers it from then on', async () => {
    const base = await highsEngine();
    const composite = compositeEngine(base, { maxRows: 80, iterationCap: 0 });
    const demand = [3, 4, 2, 5, 1, 2];
    const [a, b] = [build(composite, demand, true), build(base, demand, true)];
    for (let j = 0; j < 10; j++)
      for (const m of [a, b]) m.addColumn(2 + (j % 3), [j % ROWS, (j + 1) % ROWS], [1, 1]);
    for (const m of [a, b]) m.setRowBounds(2, 4, INF);
    const [sa, sb] = [a.solve(), b.solve()];
    expect(composite.stats.handedOver.iterations).toBe(1);
    expect(sa.status).toBe('optimal');
    expect(sa.objective).toBeCloseTo(sb.objective, 9);
    // Later operations go to the HiGHS master.
    for (const m of [a, b]) m.addColumn(1, [0, 1, 2, 3], [1, 1, 1, 1]);
    expect(a.solve().objective).toBeCloseTo(b.solve().objective, 9);
    expect(composite.stats.handedOver.iterations).toBe(1);
    a.dispose();
    b.dispose();
  });

  it('keeps masters above the row limit, or made with dense off, on HiGHS', async () => {
    const composite = compositeEngine(await highsEngine(), { maxRows: 4 });
    composite.createMaster([1, 2, 3, 4, 5].map((d) => ({ lower: d, upper: INF }))).dispose();
    composite.createMaster([{ lower: 1, upper: INF }], { dense: false }).dispose();
    composite.createMaster([{ lower: 1, upper: INF }]).dispose();
    expect(composite.stats).toMatchObject({ dense: 1, highs: 2 });
  });

  it('hands a master over when its columns grow past the column limit, keeping the answer', async () => {
    const base = await highsEngine();
    const composite = compositeEngine(base, { maxRows: 80, maxColumns: 8 });
    const demand = [3, 4, 2, 5, 1, 2];
    const [a, b] = [build(composite, demand, true), build(base, demand, true)];
    for (let j = 0; j < 6; j++) {
      for (const m of [a, b]) m.addColumn(2 + (j % 3), [j % ROWS, (j + 1) % ROWS], [1, 1]);
      expect(a.solve().objective).toBeCloseTo(b.solve().objective, 9);
    }
    expect(composite.stats.handedOver.columns).toBe(1);
    expect(a.columnCount).toBe(b.columnCount);
    a.dispose();
    b.dispose();
  });

  it('hands over when rows grow past the limit and when infeasibility needs confirming', async () => {
    const composite = compositeEngine(await highsEngine(), { maxRows: 2 });
    const m = composite.createMaster([{ lower: 2, upper: INF }]);
    m.addColumn(1, [0], [1]);
    expect(m.solve().objective).toBeCloseTo(2, 9);
    m.addRow(0, 1, [0], [1]);
    expect(m.solve().status).toBe('infeasible');
    expect(composite.stats.handedOver.infeasible).toBe(1);
    m.addRow(0, INF, [0], [1]);
    expect(composite.stats.handedOver.rows ?? 0).toBe(0);
    m.dispose();
    const n = composite.createMaster([{ lower: 2, upper: INF }]);
    n.addColumn(1, [0], [1]);
    n.addRow(0, 5, [0], [1]);
    n.addRow(0, 5, [0], [1]);
    expect(composite.stats.handedOver.rows).toBe(1);
    expect(n.solve().objective).toBeCloseTo(2, 9);
    n.dispose();
  });

  it('hands its basis over warm: the same optimum, and HiGHS starts at it without iterating', async () => {
    const base = await highsEngine();
    let handed = 0;
    let coldIterations = 0;
    await fc.assert(
      fc.asyncProperty(lp, async ({ demand, ops }) => {
        // The column limit is the model's last column: the next one, priced out, goes over to HiGHS.
        const columns = ROWS + ops.filter((o) => o.kind === 'column').length;
        const [warm, cold] = [true, false].map((w) =>
          compositeEngine(base, { maxRows: 80, maxColumns: columns, warm: w }),
        );
        const masters = [warm, cold].map((e) => build(e ?? null, demand, true));
        let n = ROWS;
        for (const o of ops) {
          apply(masters, o, n);
          if (o.kind === 'column') n++;
        }
        const before = masters.map((m) => m.solve());
        if (before[0]?.status !== 'optimal' || Object.keys(warm?.stats.handedOver ?? {}).length > 0) {
          for (const m of masters) m.dispose();
          return;
        }
        for (const m of masters) m.addColumn(5000, [0, 1], [1, 1]);
        const [a, b] = masters.map((m) => m.solve());
        expect(warm?.stats).toMatchObject({ handedOver: { columns: 1 }, warm: 1, refused: 0 });
        expect(cold?.stats.warm).toBe(0);
        expect(a?.status).toBe('optimal');
        expect(a?.objective).toBeCloseTo(before[0]?.objective ?? Number.NaN, 7);
        expect(a?.objective).toBeCloseTo(b?.objective ?? Number.NaN, 7);
        // An optimal basis plus a column that prices out is optimal: HiGHS does not move.
        expect(masters[0]?.lastIterations?.()).toBe(0);
        coldIterations += masters[1]?.lastIterations?.() ?? 0;
        handed++;
        for (const m of masters) m.dispose();
      }),
      { seed: 187, numRuns: 150 },
    );
    // Most runs reach the hand-over, and the cold start did iterate where the warm one did not.
    expect(handed).toBeGreaterThan(50);
    expect(coldIterations).toBeGreaterThan(handed);
  });

  it('runs the dual simplex only when opted in and not switched off, with the same optima', async () => {
    const base = await highsEngine();
    const dual = compositeEngine(base, { maxRows: 80, dual: { on: true } });
    const sides = [
      { engine: dual, runs: true },
      // The `dense-dual` ablation: masters made through the view keep the primal simplex.
      { engine: withoutDenseDual(dual), runs: false },
      { engine: compositeEngine(base), runs: false },
    ];
    const demand = [3, 4, 2, 5, 1, 2];
    const masters = [...sides.map((s) => build(s.engine, demand, true)), build(base, demand, true)];
    for (let j = 0; j < 14; j++)
      for (const m of masters)
        m.addColumn(2 + (j % 3), [j % ROWS, (j + 1) % ROWS, (j + 3) % ROWS], [1, 1, 2]);
    for (const m of masters) m.solve();
    // The cold solve too: a covering LP's logical basis is dual feasible (costs ≥ 0), not primal feasible.
    const before = dual.stats.dualRuns;
    expect(before).toBe(1);
    // Bounds that a branch or a dive moves: the optimal basis stays dual feasible, not primal feasible.
    for (const [row, lower] of [
      [0, 6],
      [3, 9],
      [5, 4],
    ] as const) {
      for (const m of masters) m.setRowBounds(row, lower, INF);
      const out = masters.map((m) => m.solve());
      for (const o of out.slice(0, 3)) expect(o.objective).toBeCloseTo(out[3]?.objective ?? Number.NaN, 9);
    }
    expect(dual.stats.dualRuns - before).toBe(3);
    expect(dual.stats.dualIterations).toBeGreaterThan(0);
    expect(Object.keys(dual.stats.handedOver)).toEqual([]);
    for (const m of masters) m.dispose();
  });
});
