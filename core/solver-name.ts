/**
 * What `GET /v1/health` reports as the solver, in a module of its own so the health function's bundle does
 * not pull in the solver. Keep the LP engine's version in step with `createLpEngine`.
 */
export const SOLVER_NAME =
  'cutplan column generation + diving; LP: a dense simplex for small masters + HiGHS 1.15 (wasm)';
