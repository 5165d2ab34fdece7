/**
 * A technique of the search off and on over the seeded practical jobs, in one process (issue 41's warm
 * path): each job is solved with the technique switched off and on in turn (after a warm-up pass), and
 * the report gives, per side, the LP solves to the answer (a count the machine's load does not move), the
 * CPU time per job, and the jobs whose objective or proof differ.
 *
 *   npx tsx bench/warm-ablate.ts --off round-up [--jobs 200] [--first-seed 1] [--budget-ms 20000] [--moved 10]
 *   npx tsx bench/warm-ablate.ts --dense-dual --off dense-dual [--dense-columns 1000]
 *   npx tsx bench/warm-ablate.ts --on pool-small [--first-seed 201]
 *
 * `--on NAME` measures an opt-in technique (`OPT_IN_TECHNIQUES`, off in production): the "off" side is
 * production, the "on" side switches it on.
 *
 * Every side solves on production's engine (`createLpEngine()`, the composite one): `--off dense-lp`
 * puts every master of the off side on HiGHS.
 *
 * `--moved N` also lists the N jobs whose LP solves rose most with the technique on and the N that fell
 * most, and the LP solves over the jobs proven on both sides (a job stopped by the budget solves as many
 * LPs as the time allows, which the machine's load moves).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { countingEngine, type LpEngine } from '../core/lp/index.ts';
import { type Ablation, isOptInTechnique, isTechnique, type OptIn } from '../core/model/index.ts';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { practicalJob } from '../test/fixtures/practical.ts';
import { quantile } from './warm.ts';

/** One job's answer on one side. */
export interface SideRun {
  readonly solves: number;
  readonly cpuMs: number;
  /** The objective value of the answer (in the request's terms) and whether it is proven. */
  readonly best: number | null;
  readonly optimal: boolean;
}

/** Sums and quantiles of one side over the jobs (nearest rank, as the warm bench). */
export function summarise(runs: readonly SideRun[]): {
  solves: number;
  solvesP95: number;
  cpuMs: number;
  cpuP50: number;
  cpuP95: number;
  cpuMax: number;
  proven: number;
} {
  return {
    solves: runs.reduce((a, r) => a + r.solves, 0),
    solvesP95: quantile(
      runs.map((r) => r.solves),
      0.95,
    ),
    cpuMs: runs.reduce((a, r) => a + r.cpuMs, 0),
    cpuP50: quantile(
      runs.map((r) => r.cpuMs),
      0.5,
    ),
    cpuP95: quantile(
      runs.map((r) => r.cpuMs),
      0.95,
    ),
    cpuMax: runs.reduce((a, r) => Math.max(a, r.cpuMs), 0),
    proven: runs.filter((r) => r.optimal).length,
  };
}

/** What a side's solve needs of a checkout's core (another checkout's own modules, for warm-compare). */
export interface CoreModules {
  readonly optimise: typeof optimise;
  readonly parseOptimiseBody: typeof parseOptimiseBody;
  readonly countingEngine: typeof countingEngine;
}

/**
 * One practical job solved through `core` on its own counted view of `base`: its LP solves, CPU ms and
 * answer (null when the job does not parse). `switches.off` switches techniques off, `switches.on` opt-in
 * ones on.
 */
export async function solveSide(
  core: CoreModules,
  base: LpEngine,
  seed: number,
  budgetMs: number,
  switches: { readonly off?: Ablation; readonly on?: OptIn } = {},
): Promise<SideRun | null> {
  const parsed = core.parseOptimiseBody(practicalJob(seed), 'json');
  if (!parsed.ok) return null;
  const counting = core.countingEngine(base);
  let best: number | null = null;
  const started = process.cpuUsage();
  const res = await core.optimise(parsed.value, {
    lp: counting.engine,
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    budgetMs,
    tier: 'public',
    poweredBy: 'bench',
    ...(switches.off ? { off: switches.off } : {}),
    ...(switches.on ? { on: switches.on } : {}),
    onProgress: (p) => {
      best = p.best;
    },
  });
  const cpu = process.cpuUsage(started);
  return {
    solves: counting.solves(),
    cpuMs: (cpu.user + cpu.system) / 1000,
    best,
    optimal: res.ok && res.value.plan.optimal,
  };
}

/** One job's LP solves off and on. */
export interface Moved {
  readonly seed: number;
  readonly off: SideRun;
  readonly on: SideRun;
}

/**
 * The `n` jobs whose LP solves rose most with the technique on, and the `n` that fell most (ties by
 * seed), and the solves of the jobs proven on both sides, off and on.
 */
export function movedJobs(
  jobs: readonly Moved[],
  n: number,
): { rose: Moved[]; fell: Moved[]; proven: { off: number; on: number; jobs: number } } {
  const delta = (j: Moved): number => j.on.solves - j.off.solves;
  const rose = jobs
    .filter((j) => delta(j) > 0)
    .sort((a, b) => delta(b) - delta(a) || a.seed - b.seed)
    .slice(0, n);
  const fell = jobs
    .filter((j) => delta(j) < 0)
    .sort((a, b) => delta(a) - delta(b) || a.seed - b.seed)
    .slice(0, n);
  const both = jobs.filter((j) => j.off.optimal && j.on.optimal);
  const proven = {
    off: both.reduce((a, j) => a + j.off.solves, 0),
    on: both.reduce((a, j) => a + j.on.solves, 0),
    jobs: both.length,
  };
  return { rose, fell, proven };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      off: { type: 'string' },
      on: { type: 'string' },
      jobs: { type: 'string', default: '200' },
      'first-seed': { type: 'string', default: '1' },
      'budget-ms': { type: 'string', default: '20000' },
      moved: { type: 'string', default: '0' },
      'dense-dual': { type: 'boolean', default: false },
      'dense-columns': { type: 'string' },
    },
  });
  const name = values.on ?? values.off ?? '';
  // `--off NAME`: production against NAME off; `--on NAME`: production against the opt-in NAME on.
  let ablated: { readonly off?: Ablation; readonly on?: OptIn };
  let plain: { readonly off?: Ablation; readonly on?: OptIn } = {};
  if (values.on !== undefined) {
    if (!isOptInTechnique(name)) throw new Error(`--on: not an opt-in technique: ${name}`);
    ablated = {};
    plain = { on: new Set([name]) };
  } else {
    if (!isTechnique(name)) throw new Error(`--off: not a technique: ${name}`);
    ablated = { off: new Set([name]) };
  }
  // Production's engine (the composite one), which `--off dense-lp` needs and every other switch runs on;
  // `--dense-dual` opts into the dual simplex (so `--off dense-dual` measures it), `--dense-columns N`
  // moves the dense column limit of the masters that run it (the off side keeps production's).
  const base = await createLpEngine({
    denseDual: values['dense-dual'],
    ...(values['dense-columns'] ? { denseColumns: Number(values['dense-columns']) } : {}),
  });
  const first = Number(values['first-seed']);
  const seeds = Array.from({ length: Number(values.jobs) }, (_, k) => first + k);
  const core = { optimise, parseOptimiseBody, countingEngine };
  const budgetMs = Number(values['budget-ms']);
  const solve = (seed: number, ablate: boolean): Promise<SideRun | null> =>
    solveSide(core, base, seed, budgetMs, ablate ? ablated : plain);
  for (const seed of seeds) {
    await solve(seed, true);
    await solve(seed, false);
  }
  const offRuns: SideRun[] = [];
  const onRuns: SideRun[] = [];
  const differ: string[] = [];
  const pairs: Moved[] = [];
  for (const [k, seed] of seeds.entries()) {
    // Alternate which side goes first, so a change of load hits both alike.
    let withOff: SideRun | null;
    let withOn: SideRun | null;
    if (k % 2 === 0) {
      withOff = await solve(seed, true);
      withOn = await solve(seed, false);
    } else {
      withOn = await solve(seed, false);
      withOff = await solve(seed, true);
    }
    if (!withOff || !withOn) continue;
    offRuns.push(withOff);
    onRuns.push(withOn);
    pairs.push({ seed, off: withOff, on: withOn });
    if (withOff.best !== withOn.best || withOff.optimal !== withOn.optimal)
      differ.push(
        `${seed} (${withOff.best}${withOff.optimal ? '' : '?'} → ${withOn.best}${withOn.optimal ? '' : '?'})`,
      );
  }
  const row = (label: string, runs: readonly SideRun[]) => {
    const s = summarise(runs);
    return `| ${label} | ${s.solves} | ${s.solvesP95} | ${s.cpuMs.toFixed(0)} | ${s.cpuP50.toFixed(1)} | ${s.cpuP95.toFixed(1)} | ${s.cpuMax.toFixed(0)} | ${s.proven}/${runs.length} |`;
  };
  console.log(
    [
      `Technique \`${name}\` off and on, practical seeds ${first}–${first + seeds.length - 1}, budget ${values['budget-ms']} ms:`,
      '',
      '| side | LP solves | p95 solves a job | CPU ms | p50 CPU ms a job | p95 CPU ms a job | max CPU ms | proven |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      row('off', offRuns),
      row('on', onRuns),
      '',
      `Objective or proof differ: ${differ.length === 0 ? 'none' : differ.join(', ')}.`,
    ].join('\n'),
  );
  const n = Number(values.moved);
  if (n > 0) {
    const m = movedJobs(pairs, n);
    const fmt = (j: Moved) =>
      `${j.seed} (${j.off.solves} → ${j.on.solves} solves, ${j.off.cpuMs.toFixed(0)} → ${j.on.cpuMs.toFixed(0)} ms)`;
    console.log(
      [
        '',
        `Proven on both sides (${m.proven.jobs} jobs): LP solves ${m.proven.off} → ${m.proven.on}.`,
        `Most solves added: ${m.rose.map(fmt).join(', ') || 'none'}.`,
        `Most solves saved: ${m.fell.map(fmt).join(', ') || 'none'}.`,
      ].join('\n'),
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
