/**
 * `npm run test:unit`: the pure tests of `core/` and the architecture test, aimed at under a minute
 * (CONTRIBUTING.md). Solver-heavy files, each several seconds of whole solves, are left to the full suite
 * (`npm test` runs every file, these included): the list below is the only place that says which.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/** The solver-heavy tests the full suite runs and the unit set leaves out. */
const HEAVY = [
  // Whole solves of instance sets, the same plan on every run, the anytime answers.
  'core/square/search/solver.test.ts',
  'core/square/search/determinism.test.ts',
  'core/square/search/anytime.test.ts',
  // Random jobs through the whole square search, and the search under failing LP engines.
  'core/square/search/solver.property.test.ts',
  'core/square/search/engine-faults.test.ts',
  'core/square/search/heuristics/bar-saver.test.ts',
  // The setups stage over random jobs and the published example's dives.
  'core/square/setups/setups.test.ts',
  'core/square/setups/stage.property.test.ts',
  'core/square/setups/heuristics/dive.test.ts',
  'core/angle/search/pricing.test.ts',
  // Whole requests solved with and without a progress observer (the angle job's alone is a second or two).
  'core/plan/progress.test.ts',
];

// The lists replace the base's (a merge would add them to its own); the base's projects split the whole
// suite, this set is one.
const { projects: _projects, ...shared } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...shared,
    include: ['core/**/*.test.ts', 'test/architecture.test.ts'],
    exclude: ['**/node_modules/**', ...HEAVY],
    // One module graph per worker, not per file: the pure tests share no state, and loading core/ again
    // for each file was a third of the run (the full suite's `core` project does the same).
    isolate: false,
  },
});
