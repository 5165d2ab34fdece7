/**
 * What the page shows while a direct solve runs: the time since Solve against the solve's budget. The
 * page sends no `timeLimit`, so the budget is the automatic one (the solver stops sooner once its plan is
 * proven); the answer's `meta.timeLimit` is the budget the server applied.
 */
import { AUTOMATIC_BUDGET_SECONDS } from '../../functions/shared/solve-budget.ts';

/** The budget of the page's solves, in ms. */
export const PAGE_BUDGET_MS = AUTOMATIC_BUDGET_SECONDS * 1000;

/** `Solving… 1.2 s of 5 s`; past the budget (verifying, sending), `Solving… 5.3 s (finishing)`. */
export function solvingText(elapsedMs: number, budgetMs: number = PAGE_BUDGET_MS): string {
  const s = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
  const budget = `${Number((budgetMs / 1000).toFixed(1))} s`;
  return elapsedMs <= budgetMs
    ? `Solving… ${s(elapsedMs)} of ${budget}`
    : `Solving… ${s(elapsedMs)} (finishing)`;
}

/** The share of the budget spent, 0 to 1, for the progress bar. */
export function spentShare(elapsedMs: number, budgetMs: number = PAGE_BUDGET_MS): number {
  return budgetMs <= 0 ? 1 : Math.min(1, Math.max(0, elapsedMs / budgetMs));
}

/** A solve asking for more than this (seconds) runs as an async job when a key is stored. */
export const JOB_THRESHOLD_SECONDS = 10;

/**
 * Whether the page submits the solve as an async job (`POST /v1/jobs`) rather than holding a connection:
 * a key is stored (jobs belong to a workspace) and the time limit is more than a few seconds.
 */
export function runsAsJob(hasKey: boolean, timeLimit: unknown): boolean {
  return hasKey && typeof timeLimit === 'number' && timeLimit > JOB_THRESHOLD_SECONDS;
}

/** What a job's poll shows: its status, time against its budget, and the best plan and bound so far. */
export interface JobStatus {
  readonly status: string;
  readonly budgetSeconds?: number;
  readonly progress: {
    readonly elapsedMs: number;
    readonly budgetMs: number;
    readonly best: number | null;
    readonly bound: number | null;
    readonly unit: string;
  } | null;
}

/** `Job running… 12.0 s of 60 s · best 41 bars, bound 40`; `Job queued…` before a worker takes it. */
export function jobText(job: JobStatus): string {
  if (job.status === 'queued' || job.progress === null) return 'Job queued… waiting for a solver';
  const { elapsedMs, budgetMs, best, bound, unit } = job.progress;
  const figures =
    best === null
      ? ''
      : ` · best ${formatFigure(best)} ${unit}${bound === null ? '' : `, bound ${formatFigure(bound)}`}`;
  return `${solvingText(elapsedMs, budgetMs).replace('Solving…', 'Job running…')}${figures}`;
}

const formatFigure = (n: number): string => String(Number(n.toFixed(2)));
