import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/support/solver.ts';

/** A covering master as column generation grows it: columns added in batches, row bounds moved between. */
const growingMaster = fc.record({
  demand: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 6 }),
  steps: fc.array(
    fc.record({
      columns: fc.array(
        fc.record({
          cost: fc.integer({ min: 1, max: 9 }),
          coefs: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      // Sometimes a branch: one row's lower bound moves.
      move: fc.option(fc.record({ row: fc.nat(5), lower: fc.integer({ min: 0, max: 8 }) })),
    }),
    { minLength: 1, maxLength: 8 },
  ),
});

describe('HiGHS master', () => {
  it('solves to the same optimum with primal re-solves after added columns as with dual simplex only', async () => {
    const engine = await testEngine();
    let primalSolves = 0;
    await fc.assert(
      fc.asyncProperty(growingMaster, async ({ demand, steps }) => {
        const rows = demand.map((d) => ({ lower: d, upper: Number.POSITIVE_INFINITY }));
        const masters = [false, true].map((primalAfterColumns) =>
          engine.createMaster(rows, { primalAfterColumns }),
        );
        try {
          for (const master of masters) {
            // Artificial columns keep every master feasible, as in column generation.
            for (let i = 0; i < demand.length; i++) master.addColumn(1000, [i], [1]);
          }
          for (const step of steps) {
            for (const master of masters) {
              if (step.move && step.move.row < demand.length)
                master.setRowBounds(step.move.row, step.move.lower, Number.POSITIVE_INFINITY);
              for (const col of step.columns) {
                const idx = demand.map((_, i) => i).filter((i) => (col.coefs[i] ?? 0) > 0);
                master.addColumn(
                  col.cost,
                  idx,
                  idx.map((i) => col.coefs[i] ?? 0),
                );
              }
            }
            const [dual, primal] = masters.map((m) => m.solve());
            if (!step.move) primalSolves++;
            expect(primal?.status).toBe(dual?.status);
            expect(primal?.objective).toBeCloseTo(dual?.objective ?? Number.NaN, 6);
          }
        } finally {
          for (const master of masters) master.dispose();
        }
      }),
      { seed: 21, numRuns: 60 },
    );
    expect(primalSolves).toBeGreaterThan(25);
  });
});
