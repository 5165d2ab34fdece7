/**
 * The solver benchmark: every instance set of ../shared/instances plus seeded practical jobs, through the
 * same parse → solve → verify path as the API. One worker process per core takes instances from a shared
 * list; each instance is solved on one core with its own time limit.
 */
import { fork } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { OptInTechnique, Technique } from '../core/model/index.ts';
import { type createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { practicalJob } from '../test/fixtures/practical.ts';
import { INSTANCES_DIR, type Instance, loadSet } from './instances.ts';

export interface Task {
  readonly set: string;
  readonly name: string;
  readonly body: Record<string, unknown>;
  readonly objective: 'bins' | 'cost' | 'practical';
  readonly opt: number | null;
  readonly proven: boolean;
  readonly limitMs: number;
  /** Techniques of the search switched off (ablations, `--hard --ablate`); none when absent. */
  readonly off?: readonly Technique[];
  /** Opt-in techniques of the search switched on (`--hard --on`); none when absent. */
  readonly on?: readonly OptInTechnique[];
  /** The ablation variant's label in the report (`--hard`). */
  readonly variant?: string;
  /** The checkout whose worker solves it (`--hard --baseline`); this one when absent. */
  readonly checkout?: string;
}

/** What a solve's search did, summed over its square groups (`--hard`): counts no load can move. */
export interface Work {
  /** Pricing rounds (master LP solves of column generation), root and tree. */
  readonly rounds: number;
  readonly branchNodes: number;
  readonly diveNodes: number;
  /** Perfect-packing operations in all, and until the root's column generation ended; 0 where none ran. */
  readonly packerOps: number;
  readonly packerRootOps: number;
}

export interface Outcome {
  readonly set: string;
  readonly name: string;
  readonly ms: number;
  /** The worker process's CPU time (user and system) over the solve: steadier than `ms` on a loaded machine. */
  readonly cpuMs?: number;
  readonly value: number | null;
  readonly bound: number | null;
  readonly optimal: boolean;
  readonly opt: number | null;
  readonly ffd: number | null;
  readonly rssMb: number;
  readonly error: string | null;
  readonly variant?: string;
  /** Absent from a checkout that does not report it (a baseline older than the counts). */
  readonly work?: Work;
}

/** Instance sets and the share of each that the default (sampled) run takes. */
export const SETS: readonly { set: string; sample: number; limitMs: number }[] = [
  { set: 'falkenauer_u', sample: 1, limitMs: 20_000 },
  { set: 'falkenauer_t', sample: 1, limitMs: 20_000 },
  { set: 'scholl_1', sample: 1, limitMs: 20_000 },
  { set: 'scholl_2', sample: 1, limitMs: 20_000 },
  { set: 'scholl_3', sample: 1, limitMs: 20_000 },
  { set: 'schwerin_1', sample: 1, limitMs: 20_000 },
  { set: 'schwerin_2', sample: 1, limitMs: 20_000 },
  { set: 'waescher', sample: 1, limitMs: 20_000 },
  { set: 'random', sample: 1, limitMs: 20_000 },
  { set: 'hard28', sample: 1, limitMs: 20_000 },
  { set: 'cutgen1_examples', sample: 1, limitMs: 20_000 },
  { set: 'vpsolver_examples', sample: 1, limitMs: 20_000 },
  { set: 'monaci_vsbpp', sample: 1, limitMs: 20_000 },
  { set: 'ai', sample: 0.1, limitMs: 20_000 },
  { set: 'ani', sample: 0.1, limitMs: 60_000 },
  { set: 'gi', sample: 0.1, limitMs: 20_000 },
];

/** Every k-th instance (deterministic), so a sample spreads over sizes and classes. */
export function sample<T>(list: readonly T[], share: number): T[] {
  if (share >= 1) return [...list];
  const step = Math.max(1, Math.round(1 / share));
  return list.filter((_, i) => i % step === 0);
}

export function instanceTasks(sets: readonly string[], full: boolean, limitScale = 1): Task[] {
  return SETS.filter((s) => sets.includes(s.set)).flatMap((s) =>
    sample(loadSet(s.set, INSTANCES_DIR), full ? 1 : s.sample).map(
      (inst: Instance): Task => ({
        set: s.set,
        name: inst.file,
        body: inst.body,
        objective: inst.objective,
        opt: inst.opt,
        proven: inst.proven,
        limitMs: Math.round(s.limitMs * limitScale),
      }),
    ),
  );
}

export function practicalTasks(count: number, limitMs = 20_000): Task[] {
  return Array.from({ length: count }, (_, k) => ({
    set: 'practical',
    name: `seed ${k + 1}`,
    body: practicalJob(k + 1),
    objective: 'practical' as const,
    opt: null,
    proven: false,
    limitMs,
  }));
}

/** First-fit decreasing on the longest stock, piece by piece: what most cut-list tools ship. */
export function firstFitDecreasing(body: Record<string, unknown>): number | null {
  if (body.stocks !== undefined) return null;
  const parts = body.parts as { length: number; quantity: number }[] | undefined;
  const stocks = (body.stocks as { length: number }[] | undefined) ?? [];
  const stockLength = (body.stockLength as number | undefined) ?? Math.max(...stocks.map((s) => s.length));
  if (!parts || !Number.isFinite(stockLength) || body.kerf || body.offcuts) return null;
  const pieces = parts
    .flatMap((p) => Array.from({ length: p.quantity }, () => p.length))
    .sort((a, b) => b - a);
  const free: number[] = [];
  for (const p of pieces) {
    const k = free.findIndex((f) => f >= p);
    if (k >= 0) free[k] = (free[k] ?? 0) - p;
    else free.push(stockLength - p);
  }
  return free.length;
}

/** The techniques `task` switches off and the opt-in ones it switches on, as `optimise` takes them. */
export function switchesOf(task: Pick<Task, 'off' | 'on'>): {
  off?: ReadonlySet<Technique>;
  on?: ReadonlySet<OptInTechnique>;
} {
  return {
    ...(task.off && task.off.length > 0 ? { off: new Set(task.off) } : {}),
    ...(task.on && task.on.length > 0 ? { on: new Set(task.on) } : {}),
  };
}

/** Runs one task in this process. */
export async function runTask(task: Task, lp: Awaited<ReturnType<typeof createLpEngine>>): Promise<Outcome> {
  const clock = { now: () => Date.now(), monotonic: () => performance.now() };
  const base = {
    set: task.set,
    name: task.name,
    opt: task.opt,
    ffd: firstFitDecreasing(task.body),
    ...(task.variant !== undefined ? { variant: task.variant } : {}),
  };
  const parsed = parseOptimiseBody(task.body, 'json');
  if (!parsed.ok)
    return {
      ...base,
      ms: 0,
      value: null,
      bound: null,
      optimal: false,
      rssMb: rss(),
      error: parsed.error.message,
    };
  let work: Work = { rounds: 0, branchNodes: 0, diveNodes: 0, packerOps: 0, packerRootOps: 0 };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const res = await optimise(parsed.value, {
    lp,
    clock,
    budgetMs: task.limitMs,
    tier: 'bench',
    poweredBy: 'bench',
    ...switchesOf(task),
    onGroupSearch: ({ trace, packer }) => {
      work = {
        rounds: work.rounds + trace.cgIterations,
        branchNodes: work.branchNodes + trace.branchNodes,
        diveNodes: work.diveNodes + trace.diveNodes,
        packerOps: work.packerOps + (packer?.ops ?? 0),
        packerRootOps: work.packerRootOps + (packer?.rootOps ?? 0),
      };
    },
  });
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  const cpuMs = (used.user + used.system) / 1000;
  if (!res.ok)
    return {
      ...base,
      ms,
      cpuMs,
      value: null,
      bound: null,
      optimal: false,
      rssMb: rss(),
      error: res.error.message,
      work,
    };
  const r = res.value;
  const priced = task.objective === 'cost';
  return {
    ...base,
    ms,
    cpuMs,
    value: priced ? r.stats.totalCost : r.plan.stockBarsUsed,
    bound: priced ? r.costLowerBound : r.plan.stockBarsLowerBound,
    optimal: r.plan.optimal,
    rssMb: rss(),
    error: null,
    work,
  };
}

function rss(): number {
  return Math.round(process.memoryUsage().rss / 1048576);
}

/**
 * Solves tasks in `workers` slots, each one task at a time in a child process of the task's checkout (its
 * `bench/solver-worker.ts`; this checkout's unless `task.checkout` names another), in list order; calls
 * `progress` after each. A slot keeps one child per checkout, so tasks of two checkouts interleaved in the
 * list take turns on the same core. With `warmUp`, each new child first solves `warmUp(its first task)`,
 * an outcome nobody sees, so no task is timed on a cold process.
 */
export async function runTasks(
  tasks: readonly Task[],
  workers: number,
  progress: (o: Outcome, done: number) => void,
  warmUp?: (first: Task) => Task,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const here = join(import.meta.dirname, '..');
  const n = Math.max(1, Math.min(workers, cpus().length, tasks.length));
  const slot = async (): Promise<void> => {
    const children = new Map<string, WorkerChild>();
    try {
      for (let task = tasks[next++]; task; task = tasks[next++]) {
        const checkout = task.checkout ?? here;
        let child = children.get(checkout);
        if (!child) {
          child = workerChild(checkout);
          children.set(checkout, child);
          // A new worker's first solve pays V8's compilation (a third more CPU on ANI 402); a discarded
          // solve first puts every task's figures on a warm process.
          if (warmUp) await child.solve(warmUp(task));
        }
        const o = await child.solve(task);
        outcomes.push(o);
        progress(o, outcomes.length);
      }
    } finally {
      await Promise.all([...children.values()].map((c) => c.close()));
    }
  };
  await Promise.all(Array.from({ length: n }, slot));
  return outcomes;
}

interface WorkerChild {
  solve(task: Task): Promise<Outcome>;
  close(): Promise<void>;
}

/** A worker process of `checkout` that solves one task at a time. */
function workerChild(checkout: string): WorkerChild {
  const child = fork(join(checkout, 'bench', 'solver-worker.ts'), [], {
    // The parent's flags (a loader such as `--import tsx` on a Node without type stripping) carry over.
    execArgv: [...process.execArgv, '--max-old-space-size=2048'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let pending: { resolve: (o: Outcome) => void; reject: (e: Error) => void } | null = null;
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code;
      pending?.reject(new Error(`worker of ${checkout} exited ${code}`));
      resolve();
    }),
  );
  child.on('message', (o: Outcome) => {
    const p = pending;
    pending = null;
    p?.resolve(o);
  });
  return {
    solve: (task) =>
      new Promise<Outcome>((resolve, reject) => {
        if (exited !== undefined) return reject(new Error(`worker of ${checkout} exited ${exited}`));
        pending = { resolve, reject };
        child.send(task);
      }),
    close: async () => {
      if (exited === undefined && child.connected) child.disconnect();
      await exit;
      if (exited !== 0 && exited !== null) throw new Error(`worker of ${checkout} exited ${exited}`);
    },
  };
}
