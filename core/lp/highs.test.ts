import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../test/support/solver.ts';

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

describe('createHighsEngine with a compiled module', () => {
  const wasmApi = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<object> } })
    .WebAssembly;

  it('instantiates the module it is given and solves on it', async () => {
    const { readFile } = await import('node:fs/promises');
    const { createRequire } = await import('node:module');
    const bytes = await readFile(createRequire(import.meta.url).resolve('highs/runtime'));
    const { createHighsEngine } = await import('./highs.ts');
    const lp = await createHighsEngine({ module: wasmApi.compile(bytes) });
    const master = lp.createMaster([{ lower: 4, upper: Number.POSITIVE_INFINITY }]);
    master.addColumn(1, [0], [2]);
    const solution = master.solve();
    master.dispose();
    expect(solution.status).toBe('optimal');
    expect(solution.objective).toBeCloseTo(2, 9);
  });

  it('rejects when the module cannot be instantiated, instead of leaving the loader waiting', async () => {
    // A module importing a function HiGHS's loader does not provide.
    const foreign = await wasmApi.compile(
      Uint8Array.from([
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x02, 0x07, 0x01,
        0x01, 0x6d, 0x01, 0x66, 0x00, 0x00,
      ]),
    );
    const { createHighsEngine } = await import('./highs.ts');
    await expect(createHighsEngine({ module: foreign })).rejects.toThrow();
  });
});
