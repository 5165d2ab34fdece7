/**
 * Same plans: solves the benchmark's practical jobs and a spread of every classic instance set under a
 * budget of work (LP solves, counted by a wrapped engine; the clock never moves), and fingerprints what
 * the solver returns for each job (layouts, cost, bounds, `optimal`, the search trace). A change that
 * means to keep behaviour (a refactor) must reproduce the recorded fingerprints exactly.
 *
 * Whole requests too, through the entry point the API uses (parse → solve → setups stage → format →
 * verify) on a clock that reads the LP solves so far (a `budgetMs` is a number of solves): the
 * benchmark's angle set with its own method and with `fewest_setups` (`angle/…`), practical jobs under
 * `fewest_setups` (`fewest_setups/…`) and under `bundle` with the bundle benchmark's sizes (`bundle/…`).
 * Their fingerprint is the response's layouts (pieces in cut order, turns and angles), cost, bounds,
 * setups and their bound, and full-bundle bars.
 *
 *   npx tsx bench/same-plans.ts            # compare with bench/same-plans.json, exit 1 on a difference
 *   npx tsx bench/same-plans.ts --record   # rewrite it (only when behaviour is meant to change; then biome format it)
 *   npx tsx bench/same-plans.ts --only practical,hard28
 *   npx tsx bench/same-plans.ts --only angle --record-only angle   # re-record the angle entries alone
 *   npx tsx bench/same-plans.ts --observe  # whole requests with a progress observer: the same plans
 *
 * The work budget, not a clock, decides where a search stops, so moving code cannot move the stop.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { budgetOf, manualClock, workLimited } from '../core/budget.ts';
import { countingEngine, type LpEngine } from '../core/lp/index.ts';
import { buildJobs } from '../core/model/index.ts';
import { createLpEngine, optimise, type SolveProgress } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { solveGroup } from '../core/square/search/index.ts';
import type { OptimiseResponse } from '../core/types.ts';
import { angleJobs } from '../test/fixtures/angle-jobs.ts';
import { practicalJob } from '../test/fixtures/practical.ts';
import { bundleJobs } from './bundle.ts';
import { INSTANCES_DIR, loadSet } from './instances.ts';
import { SETS } from './solver-bench.ts';

const { values } = parseArgs({
  options: {
    record: { type: 'boolean', default: false },
    /** With --record: rewrite only the entries of these sets, keep every other entry as recorded. */
    'record-only': { type: 'string' },
    only: { type: 'string' },
    file: { type: 'string', default: join(import.meta.dirname, 'same-plans.json') },
    /** Solve the whole requests with a progress observer, which must change nothing. */
    observe: { type: 'boolean', default: false },
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
/** Whole requests: LP solves for the request (its groups share them as the API's budget in ms). */
const REQUEST_LP_SOLVES = 1000;
const SETUPS_JOBS = 40;
const BUNDLE_JOBS = 20;

interface Case {
  readonly name: string;
  readonly body: Record<string, unknown>;
  readonly lpSolves: number;
  /** `group`: every material group through the solver's group search; `request`: the whole request. */
  readonly via?: 'group' | 'request';
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
  for (const job of angleJobs()) {
    out.push({ name: `angle/${job.name}`, body: job.body, lpSolves: REQUEST_LP_SOLVES, via: 'request' });
    out.push({
      name: `angle/${job.name} fewest_setups`,
      body: { ...job.body, method: 'fewest_setups' },
      lpSolves: REQUEST_LP_SOLVES,
      via: 'request',
    });
  }
  for (let seed = 1; seed <= SETUPS_JOBS; seed++)
    out.push({
      name: `fewest_setups/seed ${seed}`,
      body: { ...practicalJob(seed), method: 'fewest_setups' },
      lpSolves: REQUEST_LP_SOLVES,
      via: 'request',
    });
  for (let seed = 1; seed <= BUNDLE_JOBS; seed++) {
    const bodies = bundleJobs(seed);
    bodies.forEach((body, k) => {
      out.push({
        name: `bundle/seed ${seed}${bodies.length > 1 ? ` request ${k + 1}` : ''}`,
        body,
        lpSolves: REQUEST_LP_SOLVES,
        via: 'request',
      });
    });
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

function fingerprint(c: Case, base: LpEngine): Promise<Print> | Print {
  if (c.via === 'request') return fingerprintRequest(c, base);
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
        `${r.status === 'optimal' ? ' optimal' : ''}${r.status === 'infeasible' ? ' infeasible' : ''} layouts ${plan?.layouts.length ?? 0}`,
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

/** With `--observe`: the observer was told something, and its last call gives the answer's figures. */
function observed(name: string, heard: readonly SolveProgress[], answer: OptimiseResponse): void {
  const last = heard.at(-1);
  const expected =
    last?.unit === 'bars'
      ? { best: answer.plan.stockBarsUsed, bound: answer.plan.stockBarsLowerBound }
      : last?.unit === 'cost'
        ? { best: answer.stats.totalCost, bound: answer.costLowerBound }
        : null;
  const wrong =
    last === undefined ||
    (expected !== null && (last.best !== expected.best || last.bound !== expected.bound));
  if (wrong)
    process.stderr.write(
      `${name}: progress ended ${JSON.stringify(last)}, the answer ${JSON.stringify(expected)}\n`,
    );
}

const scaled = (x: number | null | undefined): string => (x === null || x === undefined ? '-' : String(x));

/** A whole request through `optimise` on a clock that reads the LP solves so far. */
async function fingerprintRequest(c: Case, base: LpEngine): Promise<Print> {
  const parsed = parseOptimiseBody(c.body, 'json');
  if (!parsed.ok) return { name: c.name, jobs: [`refused: ${parsed.error.message}`], lpSolves: 0, hash: '' };
  const { engine, solves } = countingEngine(base);
  const clock = { now: () => solves(), monotonic: () => solves() };
  const heard: SolveProgress[] = [];
  const r = await optimise(parsed.value, {
    lp: engine,
    clock,
    budgetMs: c.lpSolves,
    tier: 'public',
    poweredBy: 'same-plans',
    ...(values.observe ? { onProgress: (p: SolveProgress) => heard.push(p) } : {}),
  });
  if (values.observe && r.ok) observed(c.name, heard, r.value);
  if (!r.ok) return { name: c.name, jobs: [`refused: ${r.error.message}`], lpSolves: solves(), hash: '' };
  const { plan, stats } = r.value;
  const setups =
    stats.setups === undefined
      ? ''
      : ` setups ${stats.setups}${stats.setupsLowerBound === undefined ? '' : `≥${stats.setupsLowerBound}`}`;
  const bundles = stats.fullBundleBars === undefined ? '' : ` full bundle bars ${stats.fullBundleBars}`;
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify(
      plan.combinations.map(({ usedComb: u, count }) => [
        u.source,
        u.sourceIndex,
        count,
        u.parts.map((p) => [
          p.part,
          p.length,
          p.orientation ?? null,
          p.leftAngle ?? null,
          p.rightAngle ?? null,
        ]),
      ]),
    ),
  );
  return {
    name: c.name,
    jobs: [
      `cost ${scaled(stats.totalCost)} bound ${scaled(r.value.costLowerBound)} bars ${plan.stockBarsUsed}` +
        `≥${plan.stockBarsLowerBound}${plan.optimal ? ' optimal' : ''} layouts ${stats.layoutCount}${setups}${bundles}`,
    ],
    lpSolves: solves(),
    hash: hash.digest('hex').slice(0, 16),
  };
}

const engine = await createLpEngine();
const started = performance.now();
const prints: Print[] = [];
const msBySet = new Map<string, number>();
for (const c of cases()) {
  const t0 = performance.now();
  prints.push(await fingerprint(c, engine));
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
  const sets = values['record-only']?.split(',');
  // Every other entry stays as recorded, in its place; the re-recorded sets' entries follow in case order.
  const kept = sets
    ? (JSON.parse(readFileSync(values.file, 'utf8')) as Print[]).filter(
        (p) => !sets.some((o) => p.name.startsWith(`${o}/`)),
      )
    : [];
  const merged = [...kept, ...prints.filter((p) => !sets || sets.some((o) => p.name.startsWith(`${o}/`)))];
  writeFileSync(values.file, `${JSON.stringify(merged, null, 2)}\n`);
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
