/** A budget that also ends after a number of deadline checks: work counted the same on any machine. */
import type { Budget } from '../../budget.ts';

/** A budget that also ends after `limit` deadline checks (of it or of any budget made from it). */
export function counted(parent: Budget, limit: number): Budget {
  const state = { checks: 0 };
  const wrap = (b: Budget): Budget => ({
    totalMs: b.totalMs,
    remainingMs: () => {
      state.checks++;
      return state.checks >= limit ? 0 : b.remainingMs();
    },
    expired: () => {
      state.checks++;
      return state.checks >= limit || b.expired();
    },
    elapsedMs: () => b.elapsedMs(),
    sub: (ms) => wrap(b.sub(ms)),
  });
  return wrap(parent);
}
