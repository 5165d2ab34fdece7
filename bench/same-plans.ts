/**
 * Same plans: solves the benchmark's practical jobs and a spread of every classic instance set under a
 * budget of work (LP solves, counted by a wrapped engine; the clock never moves), and fingerprints what
 * the solver returns for each job (layouts, cost, bounds, `optimal`, the search trace). A change that
 * means to keep behaviour (a refactor) must reproduce the recorded fingerprints exactly.
 *
 *   npx tsx bench/same-plans.ts            # compare with bench/same-plans.json, exit 1 on a difference
 *   npx tsx bench/same-plans.ts --record   # rewrite it (only when behaviour is meant to change; then biome format it)
 *   npx tsx bench/same-plans.ts --only practical,hard28
 *
 * The work budget, not a clock, decides where a search stops, so moving code cannot move the stop.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { budgetOf, manualClock, workLimited } from '../core/budget.ts';
import { createLpEngine } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { countingEngine, type LpEngine } from '../core/solver/lp/index.ts';
import { buildJobs } from '../core/solver/model/index.ts';
import { solveGroup } from '../core/solver/solve-group.ts';
import { INSTANCES_DIR, loadSet } from './instances.ts';
import { practicalJob } from './practical.ts';
import { SETS } from './solver-bench.ts';

const { values } = parseArgs({
  options: {
    record: { type: 'boolean', default: false },
    only: { type: 'string' },
    file: { type: 'string', default: join(import.meta.dirname, 'same-plans.json') },
  },
});

/** LP solves one job may take; the search stops there (or earlier, at a proof). */
const LP_SOLVES = 600;
/**
 * ANI has no perfect packing: its search never ends, and the perfect-packing search takes ~5M ops a round.
 * GI's jobs have thousands of pieces and rounds of 10–50 ms.
 */
const LP_SOLVES_OF: Readonly<Record<string, number>> = { ani: 150, gi: 150 };
const PRACTICAL_JOBS = 200;
const PER_SET = 5;
/** Instances of more pieces are left out (the large AI/ANI ones take a minute each even so), except in
 * sets that have none this small (GI: its smallest are taken). */
const MAX_PIECES = 500;

interface Case {
  readonly name: string;
  readonly body: Record<string, unknown>;
  readonly lpSolves: number;
}

const pieces = (body: Record<string, unknown>): number =>
  (body.parts as { quantity: number }[]).reduce((a, p) => a + p.quantity, 0);

/** `PER_SET` instances of at most `MAX_PIECES` pieces, spread evenly over each set (all of a smaller set). */
function cases(): Case[] {
  const out: Case[] = [];
  for (let seed = 1; seed <= PRACTICAL_JOBS; seed++)
    out.push({ name: `practical/seed ${seed}`, body: practicalJob(seed), lpSolves: LP_SOLVES });
  for (const { set } of SETS) {
    const every = loadSet(set, INSTANCES_DIR);
    const small = every.filter((i) => pieces(i.body) <= MAX_PIECES);
    const all =
      small.length > 0 ? small : [...every].sort((a, b) => pieces(a.body) - pieces(b.body)).slice(0, PER_SET);
    const step = Math.max(1, Math.floor(all.length / PER_SET));
    for (let k = 0; k < Math.min(PER_SET, all.length); k++) {
      const inst = all[k * step];
      if (inst)
        out.push({
          name: `${set}/${inst.file.split('/').pop()}`,
          body: inst.body,
          lpSolves: LP_SOLVES_OF[set] ?? LP_SOLVES,
        });
    }
  }
  const only = values.only?.split(',');
  return only ? out.filter((c) => only.some((o) => c.name.startsWith(`${o}/`))) : out;
}

interface Print {
  readonly name: string;
  /** Per job: cost/bound/barsBound/optimal, readable. */
  readonly jobs: string[];
  readonly lpSolves: number;
  /** sha256 of every job's layouts and trace. */
  readonly hash: string;
}

function fingerprint(c: Case, base: LpEngine): Print {
  const parsed = parseOptimiseBody(c.body, 'json');
  if (!parsed.ok) return { name: c.name, jobs: [`refused: ${parsed.error.message}`], lpSolves: 0, hash: '' };
  const hash = createHash('sha256');
  const jobs: string[] = [];
  let lpSolves = 0;
  for (const job of buildJobs(parsed.value)) {
    const { engine, solves } = countingEngine(base);
    const budget = workLimited(budgetOf(manualClock(), 1e12), solves, c.lpSolves);
    const r = solveGroup(job, engine, budget);
    lpSolves += solves();
    const plan = r.plan;
    jobs.push(
      `${job.material ?? '-'}: cost ${plan?.cost ?? null} bound ${r.bound} bars≥${r.barsBound}` +
        `${r.optimal ? ' optimal' : ''}${r.infeasible ? ' infeasible' : ''} layouts ${plan?.layouts.length ?? 0}`,
    );
    hash.update(
      JSON.stringify({
        layouts: plan?.layouts.map((l) => [l.source, l.count, [...l.counts]]) ?? null,
        trace: r.trace,
      }),
    );
  }
  return { name: c.name, jobs, lpSolves, hash: hash.digest('hex').slice(0, 16) };
}

const engine = await createLpEngine();
const started = performance.now();
const prints: Print[] = [];
const msBySet = new Map<string, number>();
for (const c of cases()) {
  const t0 = performance.now();
  prints.push(fingerprint(c, engine));
  const ms = performance.now() - t0;
  const set = c.name.split('/')[0] ?? '';
  msBySet.set(set, (msBySet.get(set) ?? 0) + ms);
  if (ms > 2000) process.stderr.write(`  ${c.name}: ${(ms / 1000).toFixed(1)} s\n`);
}
const cpu = process.cpuUsage();
process.stderr.write(
  `${prints.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s\n`,
);
// Same work on every run (the budget is LP solves): the time is a fair comparison between two versions.
process.stderr.write(`ms by set: ${[...msBySet].map(([s, ms]) => `${s} ${ms.toFixed(0)}`).join(', ')}\n`);

if (values.record) {
  writeFileSync(values.file, `${JSON.stringify(prints, null, 2)}\n`);
  process.stderr.write(`recorded ${values.file}\n`);
} else {
  const recorded = new Map(
    (JSON.parse(readFileSync(values.file, 'utf8')) as Print[]).map((p) => [p.name, p]),
  );
  let differ = 0;
  for (const p of prints) {
    const want = recorded.get(p.name);
    if (!want) {
      process.stderr.write(`${p.name}: not recorded\n`);
      differ++;
    } else if (JSON.stringify(want) !== JSON.stringify(p)) {
      process.stderr.write(`${p.name}: differs\n  was ${JSON.stringify(want)}\n  now ${JSON.stringify(p)}\n`);
      differ++;
    }
  }
  process.stderr.write(differ === 0 ? 'same plans\n' : `${differ} of ${prints.length} differ\n`);
  process.exit(differ === 0 ? 0 : 1);
}
