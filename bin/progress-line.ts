/**
 * The status line `cutplan optimise` keeps on stderr while it solves, when stderr is a terminal: the time
 * spent of the budget, the best plan's value so far and the proven bound, rewritten in place (`\r`, then
 * clear to the end of the line) and wiped before the answer is printed. When stderr is a file or a pipe
 * nothing is written, so scripts see only the answer.
 */
import type { SolveProgress } from '../core/optimise.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

function figure(value: number | null, unit: string): string {
  if (value === null) return '…';
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
  if (unit === 'bars') return `${text} ${value === 1 ? 'bar' : 'bars'}`;
  if (unit === 'cost' || unit === 'mixed') return text;
  return `${text} ${unit}`;
}

/** One line of progress: `solving 3.2 s of 20 s · best 12 bars · bound 11 bars`. */
export function formatProgress(p: SolveProgress): string {
  const time = `solving ${seconds(Math.min(p.elapsedMs, p.budgetMs))} of ${seconds(p.budgetMs)}`;
  if (p.unit === 'mixed') return time;
  const what = p.unit === 'cost' ? 'cost ' : '';
  return `${time} · best ${what}${figure(p.best, p.unit)} · bound ${figure(p.bound, p.unit)}`;
}

export interface ProgressLine {
  /** The observer to pass to `optimise`; undefined when nothing is shown (stderr is no terminal). */
  readonly observe: ((p: SolveProgress) => void) | undefined;
  /** Wipes the line (before the answer or an error is printed). */
  done(): void;
}

/** A status line on `write` when `terminal`, else nothing at all. */
export function progressLine(write: (text: string) => void, terminal: boolean): ProgressLine {
  if (!terminal) return { observe: undefined, done: () => {} };
  let shown = '';
  return {
    observe: (p) => {
      const text = formatProgress(p);
      if (text === shown) return;
      shown = text;
      write(`\r${text}\x1b[K`);
    },
    done: () => {
      if (shown !== '') write('\r\x1b[K');
      shown = '';
    },
  };
}
