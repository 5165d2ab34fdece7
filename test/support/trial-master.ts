import type { CgOutcome, CoveringMaster, PatternColumn, Residual } from '../../core/master/index.ts';

/** What a scripted strong-branching trial child does: stays at the floor (10), is lifted (LP 10.5, bound below 11), is pruned. */
export type TrialScript = 'floor' | 'lifted' | 'pruned';

/**
 * A master answering each solve of the trial children by `outcomeOf(child, index)`, where `child` is the
 * arc bounded last and its side (`a-`, `a+`) and `index` counts the solves from 0; records every solve's child.
 */
export function trialMaster(outcomeOf: (child: string, index: number) => TrialScript): {
  master: CoveringMaster<PatternColumn>;
  tried: string[];
} {
  let residual: Residual | null = null;
  const tried: string[] = [];
  const master = {
    setResidual(r: Residual) {
      residual = r;
    },
    solve(): CgOutcome {
      const last = [...(residual?.arcs ?? new Map()).entries()].at(-1);
      const child = last ? `${last[0]}${last[1].lo > 0 ? '+' : '-'}` : '';
      tried.push(child);
      const s = outcomeOf(child, tried.length - 1);
      const [lpValue, bound, status] =
        s === 'floor'
          ? [10, 10, 'optimal']
          : s === 'lifted'
            ? [10.5, 9.9, 'stopped']
            : [10.5, 10.5, 'optimal'];
      return { status, lpValue, bound, x: new Float64Array(0), artificial: 0, iterations: 1 } as CgOutcome;
    },
  } as unknown as CoveringMaster<PatternColumn>;
  return { master, tried };
}
