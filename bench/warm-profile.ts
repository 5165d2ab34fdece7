/**
 * Where a slow job's time goes inside the solver: the warm bench's slowest practical jobs solved again in this
 * process (parse → solve → verify, as the server's worker does), under V8's sampling profiler, after a
 * warm-up solve of each. Every sample is counted once by the stage of the search it ran in (the frame right
 * below `solveGroup`, or the step of `optimise` outside it) and once by the code it ran (the file of the
 * leaf frame: knapsack pricing, HiGHS, …), so both tables sum to the sampled time of the solve (the
 * profiler's own calls and idle time left out).
 */
import { Session } from 'node:inspector/promises';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { practicalJob } from '../test/fixtures/practical.ts';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The code a sample ran, by the leaf frame's file (first match wins). */
const AREAS: readonly (readonly [string, RegExp])[] = [
  ['knapsack pricing', /core\/pricing\/knapsack/],
  ['arc pricing', /core\/pricing\//],
  ['LP (dense simplex)', /core\/lp\/dense\//],
  ['LP (HiGHS wasm and its glue)', /wasm|highs|core\/lp\//],
  ['column generation (JS)', /core\/master\/|search\/master\//],
  ['dives and tree (JS)', /core\/tree\/|search\/tree\//],
  ['plans and incumbent', /core\/model\//],
  ['bounds', /core\/bounds\//],
  ['greedy and bar saver', /search\/heuristics\//],
  ['perfect packing', /search\/exact\//],
  ['setups stage', /setups\//],
  ['verify', /core\/verify\//],
  ['format and request', /core\//],
  ['garbage collection', /\(garbage collector\)$/],
];

/** The search's stages, by the function called right below `solveGroup`. */
const STAGES: Readonly<Record<string, string>> = {
  offerGreedyPlans: 'greedy',
  combinatorialBound: 'bounds',
  maxOffcutUsage: 'bounds',
  perfectPacker: 'perfect packing',
  runPacker: 'perfect packing',
  isFullBarJob: 'perfect packing',
  solveRoot: 'root column generation',
  provesInfeasible: 'root column generation',
  complete: 'first dive',
  dive: 'first dive',
  mixedSearch: 'tree (several kinds of bar)',
  oneBarSearch: 'tree (one kind of bar)',
};

export interface JobProfile {
  readonly seed: number;
  readonly ms: number;
  readonly stages: ReadonlyMap<string, number>;
  readonly areas: ReadonlyMap<string, number>;
}

/** The stage of a sample's stack (leaf first), or null for a sample that is not the solve's. */
function stageOf(stack: readonly string[]): string | null {
  if (stack[0] === '(garbage collector)') return 'garbage collection';
  const group = stack.indexOf('solveGroup');
  if (group === 0) return 'search (its own code)';
  if (group > 0) {
    const below = stack[group - 1] ?? '';
    return STAGES[below] ?? `search: ${below}`;
  }
  if (stack.includes('refineGroup')) return 'setups stage';
  if (stack.includes('verifyPlan')) return 'verify';
  if (stack.includes('optimise')) return 'format and other';
  if (stack.includes('parseOptimiseBody')) return 'parse';
  return null;
}

/** Pure: a profile's time (ms) by stage and by area (see the module's comment). */
export function attribute(profile: Profile): { stages: Map<string, number>; areas: Map<string, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stages = new Map<string, number>();
  const areas = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(id);
    if (!leaf) return;
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      stack.push(byId.get(at)?.callFrame.functionName ?? '');
    const stage = stageOf(stack);
    // The profiler's own calls, idle time and the VM's unattributed time are not the solve's.
    if (stage === null) return;
    add(stages, stage, ms);
    const where = `${leaf.callFrame.url} ${leaf.callFrame.functionName}`;
    add(areas, AREAS.find(([, re]) => re.test(where.trim()))?.[0] ?? 'other (builtins, glue)', ms);
  });
  return { stages, areas };
}

/** Solves each seed once to warm up, then once under the profiler; resolves with each job's split. */
export async function profileJobs(seeds: readonly number[], budgetMs = 20_000): Promise<JobProfile[]> {
  const lp = await createLpEngine();
  const clock = { now: () => Date.now(), monotonic: () => performance.now() };
  const solve = async (seed: number) => {
    const parsed = parseOptimiseBody(practicalJob(seed), 'json');
    if (!parsed.ok) return;
    await optimise(parsed.value, { lp, clock, budgetMs, tier: 'public', poweredBy: 'bench' });
  };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  const out: JobProfile[] = [];
  try {
    for (const seed of seeds) {
      await solve(seed);
      await session.post('Profiler.start');
      const started = performance.now();
      await solve(seed);
      const ms = performance.now() - started;
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      out.push({ seed, ms, ...attribute(profile) });
    }
  } finally {
    await session.post('Profiler.disable');
    session.disconnect();
  }
  return out;
}

/** The report's tables: the stages and the areas, each a row per job and one for all of them. */
export function profileTables(jobs: readonly JobProfile[]): string[] {
  const table = (pick: (j: JobProfile) => ReadonlyMap<string, number>, title: string): string[] => {
    const totals = new Map<string, number>();
    for (const j of jobs) for (const [k, ms] of pick(j)) totals.set(k, (totals.get(k) ?? 0) + ms);
    const keys = [...totals]
      .sort((a, b) => b[1] - a[1])
      .filter(([, ms]) => ms > 0)
      .map(([k]) => k);
    const sum = [...totals.values()].reduce((a, b) => a + b, 0);
    const pct = (ms: number, of: number) => (of > 0 ? `${((100 * ms) / of).toFixed(0)} %` : '—');
    return [
      `| seed | profiled ms | ${keys.join(' | ')} |`,
      `|---:|---:|${keys.map(() => '---:').join('|')}|`,
      ...jobs.map((j) => {
        const m = pick(j);
        const of = [...m.values()].reduce((a, b) => a + b, 0);
        return `| ${j.seed} | ${j.ms.toFixed(0)} | ${keys.map((k) => pct(m.get(k) ?? 0, of)).join(' | ')} |`;
      }),
      `| all | ${jobs.reduce((a, j) => a + j.ms, 0).toFixed(0)} | ${keys.map((k) => pct(totals.get(k) ?? 0, sum)).join(' | ')} |`,
      '',
      title,
    ];
  };
  return [
    ...table(
      (j) => j.stages,
      'By stage of the search (the frame below `solveGroup`; the tree stages hold their own dives and branch and price).',
    ),
    '',
    ...table(
      (j) => j.areas,
      'By the code that ran (the sampled frame’s file): pricing is the knapsack and arc-flow pricing of column generation, LP the dense simplex (small masters) or the HiGHS simplex and its JavaScript glue.',
    ),
  ];
}
