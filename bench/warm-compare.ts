/**
 * Another checkout's solver against this one over the seeded practical jobs, in one process (issue 41's
 * warm path), for changes that have no ablation switch because they change no answer (a faster branch and
 * bound visiting the same nodes): each job is solved by both, in turn, `--passes` times (which first
 * alternating), and a job's CPU time on each side is the median of its passes. The report gives, per side,
 * the LP solves to the answer, the CPU per job, and the jobs whose objective or proof differ.
 *
 *   npx tsx bench/warm-compare.ts --base /path/to/checkout [--jobs 200] [--first-seed 1] [--passes 3]
 *
 * The base checkout needs its dependencies (`npm ci`, or a `node_modules` link to this one's).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type CoreModules, type SideRun, solveSide, summarise } from './warm-ablate.ts';

type Solve = (seed: number) => Promise<SideRun | null>;

/** The median run by CPU of a job's passes (its solves and answer are the same on every pass). */
export function medianRun(runs: readonly SideRun[]): SideRun | null {
  if (runs.length === 0) return null;
  const sorted = [...runs].sort((a, b) => a.cpuMs - b.cpuMs);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

/** A solver of the checkout at `root`: its own modules, its own LP engine, counted. */
async function solverOf(root: string, budgetMs: number): Promise<Solve> {
  const url = (path: string) => pathToFileURL(resolve(root, path)).href;
  const { createLpEngine, optimise } = await import(url('core/optimise.ts'));
  const { parseOptimiseBody } = await import(url('core/request/index.ts'));
  const { countingEngine } = await import(url('core/lp/index.ts'));
  const base = await createLpEngine();
  const core = { optimise, parseOptimiseBody, countingEngine } as CoreModules;
  return (seed) => solveSide(core, base, seed, budgetMs);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      jobs: { type: 'string', default: '200' },
      'first-seed': { type: 'string', default: '1' },
      passes: { type: 'string', default: '3' },
      'budget-ms': { type: 'string', default: '20000' },
    },
  });
  if (!values.base) throw new Error('--base: the checkout to compare against');
  const budget = Number(values['budget-ms']);
  const sides = [await solverOf(values.base, budget), await solverOf('.', budget)] as const;
  const first = Number(values['first-seed']);
  const seeds = Array.from({ length: Number(values.jobs) }, (_, k) => first + k);
  const passes = Math.max(1, Number(values.passes));
  for (const seed of seeds) for (const solve of sides) await solve(seed);
  const runs: [SideRun[], SideRun[]] = [[], []];
  const differ: string[] = [];
  for (const [k, seed] of seeds.entries()) {
    const got: [SideRun[], SideRun[]] = [[], []];
    for (let p = 0; p < passes; p++) {
      // Alternate which side goes first, so a change of load hits both alike.
      const order = (k + p) % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
      for (const side of order) {
        const r = await sides[side](seed);
        if (r) got[side].push(r);
      }
    }
    const [a, b] = [medianRun(got[0]), medianRun(got[1])];
    if (!a || !b) continue;
    runs[0].push(a);
    runs[1].push(b);
    if (a.best !== b.best || a.optimal !== b.optimal)
      differ.push(`${seed} (${a.best}${a.optimal ? '' : '?'} → ${b.best}${b.optimal ? '' : '?'})`);
  }
  const row = (label: string, side: readonly SideRun[]) => {
    const s = summarise(side);
    return `| ${label} | ${s.solves} | ${s.solvesP95} | ${s.cpuMs.toFixed(0)} | ${s.cpuP50.toFixed(1)} | ${s.cpuP95.toFixed(1)} | ${s.cpuMax.toFixed(0)} | ${s.proven}/${side.length} |`;
  };
  console.log(
    [
      `Base \`${values.base}\` and this checkout, practical seeds ${first}–${first + seeds.length - 1}, median of ${passes} passes, budget ${budget} ms:`,
      '',
      '| side | LP solves | p95 solves a job | CPU ms | p50 CPU ms a job | p95 CPU ms a job | max CPU ms | proven |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      row('base', runs[0]),
      row('this', runs[1]),
      '',
      `Objective or proof differ: ${differ.length === 0 ? 'none' : differ.join(', ')}.`,
    ].join('\n'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
