/**
 * What a master LP solve costs on the seeded practical jobs, against its size (issue 41's warm path): is
 * the time of HiGHS in its simplex iterations or in a fixed cost per call (the wasm call, its JavaScript
 * glue, HiGHS's own set-up of a run)? Each job is solved once to warm up and once measured, every master
 * solve timed (the process's CPU time) with the master's column count; every `--probe`-th solve is
 * followed by a second solve of the unchanged model (nothing to iterate: the fixed cost of a call at that
 * size), timed apart and left out of the job's figures. A probe re-runs HiGHS on an optimal basis, so the
 * search after it may differ from production's (more solves in all); the figures are a measurement, not
 * a plan.
 *
 *   npx tsx bench/warm-lp.ts [--jobs 200] [--first-seed 1] [--budget-ms 20000] [--probe 5] [--sides]
 *
 * `--sides`: no probes; every job solved with technique `dense-lp` off (every master on HiGHS) and on
 * (small masters on the dense simplex), in turn, in one process, and the table per side, with the
 * masters the composite engine handed over to HiGHS and why.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type CompositeStats, type LpEngine, withSolve } from '../core/lp/index.ts';
import type { Technique } from '../core/model/index.ts';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { practicalJob } from '../test/fixtures/practical.ts';
import { quantile } from './warm.ts';

/** One timed solve: the master's columns, the solve's ms, and the ms of an unchanged re-solve (probes). */
export interface SolveTiming {
  readonly columns: number;
  readonly ms: number;
  readonly noopMs?: number;
}

/** Column-count classes of the table (lower ends). */
export const COLUMN_CLASSES = [0, 100, 200, 400, 800] as const;

/** A class's row: solves, mean ms a solve, mean ms of an unchanged re-solve, and that fixed cost's share. */
export interface ClassRow {
  readonly from: number;
  readonly solves: number;
  readonly meanMs: number;
  readonly probes: number;
  readonly noopMs: number;
  /** Mean unchanged re-solve over mean solve: the share of a solve's time that is the call's fixed cost. */
  readonly fixedShare: number;
}

/** The solves by column-count class (classes with no solve left out). */
export function byColumns(timings: readonly SolveTiming[]): ClassRow[] {
  const rows: ClassRow[] = [];
  COLUMN_CLASSES.forEach((from, k) => {
    const to = COLUMN_CLASSES[k + 1] ?? Number.POSITIVE_INFINITY;
    const inClass = timings.filter((t) => t.columns >= from && t.columns < to);
    if (inClass.length === 0) return;
    const probed = inClass.filter((t) => t.noopMs !== undefined);
    const meanMs = inClass.reduce((a, t) => a + t.ms, 0) / inClass.length;
    const noopMs = probed.length === 0 ? 0 : probed.reduce((a, t) => a + (t.noopMs ?? 0), 0) / probed.length;
    rows.push({
      from,
      solves: inClass.length,
      meanMs,
      probes: probed.length,
      noopMs,
      fixedShare: meanMs > 0 ? noopMs / meanMs : 0,
    });
  });
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '200' },
      'first-seed': { type: 'string', default: '1' },
      'budget-ms': { type: 'string', default: '20000' },
      probe: { type: 'string', default: '5' },
      sides: { type: 'boolean', default: false },
    },
  });
  // Probes time HiGHS calls: HiGHS alone there; `--sides` on production's composite engine.
  const base = await createLpEngine({ dense: values.sides });
  const first = Number(values['first-seed']);
  const seeds = Array.from({ length: Number(values.jobs) }, (_, k) => first + k);
  const budgetMs = Number(values['budget-ms']);
  if (!values.sides) {
    const probeEvery = Math.max(1, Number(values.probe));
    const side = await measure(base, seeds, budgetMs, probeEvery, undefined, [false, true]);
    console.log(
      [
        `Master LP solves of practical seeds ${first}–${first + seeds.length - 1} (every ${probeEvery}th followed by an unchanged re-solve):`,
        '',
        ...report(side),
      ].join('\n'),
    );
    return;
  }
  const off = new Set<Technique>(['dense-lp']);
  const runs = { highs: emptySide(), dense: emptySide() };
  for (const seed of seeds) await measure(base, [seed], budgetMs, 0, off, [false]);
  for (const seed of seeds) await measure(base, [seed], budgetMs, 0, undefined, [false]);
  const stats = (base as { stats?: CompositeStats }).stats;
  const before = stats ? structuredClone(stats) : undefined;
  for (const [k, seed] of seeds.entries()) {
    // Alternate which side goes first, so a change of load hits both alike.
    for (const dense of k % 2 === 0 ? [false, true] : [true, false]) {
      const one = await measure(base, [seed], budgetMs, 0, dense ? undefined : off, [true]);
      const side = dense ? runs.dense : runs.highs;
      side.jobs.push(...one.jobs);
      side.all.push(...one.all);
    }
  }
  const handed = Object.entries(stats?.handedOver ?? {})
    .map(([why, n]) => `${why} ${n - (before?.handedOver[why] ?? 0)}`)
    .concat(
      stats
        ? [
            `warm basis taken ${stats.warm - (before?.warm ?? 0)}, refused ${stats.refused - (before?.refused ?? 0)}`,
          ]
        : [],
    )
    .join(', ');
  console.log(
    [
      `Master LP solves of practical seeds ${first}–${first + seeds.length - 1}, technique \`dense-lp\` off (HiGHS) and on:`,
      '',
      '**HiGHS** (`dense-lp` off):',
      '',
      ...report(runs.highs),
      '',
      '**Dense simplex up to its row limit** (`dense-lp` on):',
      '',
      ...report(runs.dense),
      '',
      `Dense masters created: ${(stats?.dense ?? 0) - (before?.dense ?? 0)}, dense solves ${(stats?.solves ?? 0) - (before?.solves ?? 0)}; handed over to HiGHS: ${handed || 'none'}.`,
      '',
      'Slowest jobs (HiGHS side), CPU ms HiGHS → dense:',
      ...slowest(runs.highs.jobs, runs.dense.jobs, 10),
    ].join('\n'),
  );
}

/** One job's figures: CPU ms (probes left out), master-solve ms and count. */
interface JobTiming {
  readonly seed: number;
  readonly cpuMs: number;
  readonly lpMs: number;
  readonly solves: number;
}

interface Side {
  readonly jobs: JobTiming[];
  readonly all: SolveTiming[];
}

function emptySide(): Side {
  return { jobs: [], all: [] };
}

/** Solves `seeds` (`passes`: false a warm-up, true measured), every master solve timed. */
async function measure(
  base: LpEngine,
  seeds: readonly number[],
  budgetMs: number,
  probeEvery: number,
  off: ReadonlySet<Technique> | undefined,
  passes: readonly boolean[],
): Promise<Side> {
  const clock = { now: () => Date.now(), monotonic: () => performance.now() };
  let timings: SolveTiming[] = [];
  let count = 0;
  const engine = withSolve(base, base.name, (master) => {
    const started = cpuMs();
    const out = master.solve();
    const ms = cpuMs() - started;
    if (probeEvery <= 0 || ++count % probeEvery !== 0 || out.status !== 'optimal') {
      timings.push({ columns: master.columnCount, ms });
      return out;
    }
    const again = cpuMs();
    master.solve();
    timings.push({ columns: master.columnCount, ms, noopMs: cpuMs() - again });
    return out;
  });
  const side = emptySide();
  for (const measured of passes)
    for (const seed of seeds) {
      const parsed = parseOptimiseBody(practicalJob(seed), 'json');
      if (!parsed.ok) continue;
      timings = [];
      const started = cpuMs();
      await optimise(parsed.value, {
        lp: engine,
        clock,
        budgetMs,
        tier: 'public',
        poweredBy: 'bench',
        ...(off ? { off } : {}),
      });
      const cpu = cpuMs() - started;
      if (!measured) continue;
      side.jobs.push({
        seed,
        cpuMs: cpu - sumNoop(timings),
        lpMs: timings.reduce((a, t) => a + t.ms, 0),
        solves: timings.length,
      });
      side.all.push(...timings);
    }
  return side;
}

/** A side's table by column class and its p95 line. */
function report(side: Side): string[] {
  const { jobs, all } = side;
  const cpu = jobs.map((j) => j.cpuMs);
  const p95 = quantile(cpu, 0.95);
  const p90 = quantile(cpu, 0.9);
  const slow = jobs.filter((j) => j.cpuMs >= p95 * 0.5);
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  return [
    '| columns | solves | mean ms a solve | probes | mean ms unchanged | fixed share |',
    '|---|---:|---:|---:|---:|---:|',
    ...byColumns(all).map(
      (r) =>
        `| ${r.from}+ | ${r.solves} | ${r.meanMs.toFixed(3)} | ${r.probes} | ${r.noopMs.toFixed(3)} | ${(100 * r.fixedShare).toFixed(0)} % |`,
    ),
    '',
    `Jobs: ${jobs.length}; CPU a job p95 ${p95.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms, sum ${sum(cpu).toFixed(0)} ms; master solves ${all.length}, ${sum(all.map((t) => t.ms)).toFixed(0)} ms (probes left out). The ${slow.length} jobs of at least half the p95: CPU ${sum(slow.map((j) => j.cpuMs)).toFixed(0)} ms, of it master solves ${sum(slow.map((j) => j.lpMs)).toFixed(0)} ms over ${sum(slow.map((j) => j.solves))} solves.`,
  ];
}

/** The `n` slowest jobs of side `a`, with their CPU ms on side `b`. */
function slowest(a: readonly JobTiming[], b: readonly JobTiming[], n: number): string[] {
  return [...a]
    .sort((x, y) => y.cpuMs - x.cpuMs || x.seed - y.seed)
    .slice(0, n)
    .map((j) => {
      const o = b.find((k) => k.seed === j.seed);
      return `- seed ${j.seed}: ${j.cpuMs.toFixed(0)} → ${o ? o.cpuMs.toFixed(0) : '?'} ms (${j.solves} → ${o?.solves ?? '?'} solves; LP ${j.lpMs.toFixed(0)} → ${o ? o.lpMs.toFixed(0) : '?'} ms)`;
    });
}

/** The process's CPU time in ms (user and system): timings the machine's load stretches far less than wall time. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function sumNoop(timings: readonly SolveTiming[]): number {
  return timings.reduce((a, t) => a + (t.noopMs ?? 0), 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
