/**
 * Runs a resumable search walk (a generator that pauses after each node: see `Diver.steps` and
 * `branchAndPriceSteps`) to its end and returns what it returns.
 */
export function runToEnd<T>(walk: Generator<void, T, void>): T {
  let step = walk.next();
  while (!step.done) step = walk.next();
  return step.value;
}
