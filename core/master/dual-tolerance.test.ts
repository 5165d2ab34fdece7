import { describe, expect, it } from 'vitest';
import { testEngine } from '../../test/support/solver.ts';
import { budgetOf, manualClock } from '../budget.ts';
import type { LpEngine } from '../lp/index.ts';
import { DualTolerance } from './dual-tolerance.ts';
import type { CgOutcome, CgStop } from './outcome.ts';
import { LP_DUAL_TOLERANCE, TIGHT_DUAL_TOLERANCE, TIGHT_TOLERANCE } from './tuning.ts';

/** HiGHS with every master's tolerance settings recorded on their way through. */
function recording(engine: LpEngine, set: number[]): LpEngine {
  return {
    name: engine.name,
    createMaster(rows, options) {
      const m = engine.createMaster(rows, options);
      return Object.assign(Object.create(m), {
        addColumn: m.addColumn.bind(m),
        solve: m.solve.bind(m),
        setDualTolerance: (t: number) => {
          set.push(t);
          m.setDualTolerance?.(t);
        },
      });
    },
  };
}

describe('DualTolerance', () => {
  const budget = budgetOf(manualClock(), 1e9);
  it.each([
    { stop: { cutoff: 199, tolerance: TIGHT_TOLERANCE } as CgStop, tight: true },
    { stop: { cutoff: 5, floor: 3, tolerance: 1e-7, rounds: 3 } as CgStop, tight: true },
    { stop: { tolerance: TIGHT_TOLERANCE, rounds: 30 } as CgStop, tight: false },
    { stop: {} as CgStop, tight: false },
    { stop: { cutoff: 199 } as CgStop, tight: false },
    { stop: { cutoff: 199, tolerance: 1e-6 } as CgStop, tight: false },
  ])(
    'solves at tight duals only while a node against the incumbent prices tighter than the default: %o',
    async ({ stop, tight }) => {
      const set: number[] = [];
      const duals = new DualTolerance();
      const lp = duals.wrap(recording(await testEngine(), set)).createMaster([{ lower: 2, upper: Infinity }]);
      lp.addColumn(1, [0], [1]);
      expect(lp.solve().objective).toBeCloseTo(2, 9);
      expect(set).toEqual([]);
      const inside = duals.during(stop, budget, () => {
        const sol = lp.solve();
        return {
          status: 'optimal',
          lpValue: sol.objective,
          bound: sol.objective,
          x: sol.x,
          artificial: 0,
          iterations: 1,
        } as CgOutcome;
      });
      expect(inside.lpValue).toBeCloseTo(2, 9);
      // Back at the engine's default for the solves that follow.
      lp.solve();
      expect(set).toEqual(tight ? [TIGHT_DUAL_TOLERANCE, LP_DUAL_TOLERANCE] : []);
    },
  );
});
