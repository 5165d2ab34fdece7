/**
 * A master LP profile of one instance: `solveGroup` on a budget of master solves, with every HiGHS solve
 * timed and the LP's columns counted (the share of a pricing round the LP takes, and how it grows).
 *
 *   npx tsx bench/master-profile.ts ani 600_20000_NR_16.txt 500 [technique,technique]
 */

import { budgetOf, manualClock, workLimited } from '../core/budget.ts';
import { countingEngine, withSolve } from '../core/lp/index.ts';
import { buildJobs, isTechnique, type Technique } from '../core/model/index.ts';
import { createLpEngine } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { solveGroup } from '../core/square/search/index.ts';
import { INSTANCES_DIR, loadSet } from './instances.ts';

const [set = 'ani', file = '', solvesArg = '500', offArg = ''] = process.argv.slice(2);
const off = new Set(offArg.split(',').filter(Boolean).filter(isTechnique) as Technique[]);
const base = await createLpEngine();
const inst = loadSet(set, INSTANCES_DIR).find((i) => i.file.endsWith(`/${file}`) || i.file === file);
if (!inst) throw new Error('no inst');
const parsed = parseOptimiseBody(inst.body, 'json');
if (!parsed.ok) throw new Error('parse');
const [job] = buildJobs(parsed.value);
if (!job) throw new Error('job');
let solveMs = 0;
let n = 0;
let colSum = 0;
let maxCols = 0;
const buckets: { cols: number; ms: number }[] = [];
const timed = withSolve(base, base.name, (m) => {
  const t = performance.now();
  const s = m.solve();
  const dt = performance.now() - t;
  solveMs += dt;
  n++;
  colSum += m.columnCount;
  maxCols = Math.max(maxCols, m.columnCount);
  buckets.push({ cols: m.columnCount, ms: dt });
  return s;
});
const { engine, solves } = countingEngine(timed);
const budget = workLimited(budgetOf(manualClock(), 1e12), solves, Number(solvesArg));
const t0 = performance.now();
const r = solveGroup(job, engine, budget, undefined, off);
const total = performance.now() - t0;
const t = r.trace;
console.log(
  `${file} off=[${[...off]}] status=${r.status} cost=${r.plan?.cost} bound=${r.bound} known=${inst.opt}`,
);
console.log(
  `phase=${t.phase} rootLp=${t.rootLp ?? '-'} packerMops=${((r.packer?.ops ?? 0) / 1e6).toFixed(0)} (root ${((r.packer?.rootOps ?? 0) / 1e6).toFixed(0)}) rounds=${t.cgIterations} nodes=${t.branchNodes} solves=${n} total=${(total / 1000).toFixed(1)}s solve=${(solveMs / 1000).toFixed(1)}s (${((100 * solveMs) / total).toFixed(0)}%) per-solve=${(solveMs / n).toFixed(2)}ms per-round-all=${(total / n).toFixed(2)}ms avgCols=${(colSum / n).toFixed(0)} maxCols=${maxCols} columns=${t.columns}`,
);
const q = Math.ceil(buckets.length / 5);
for (let i = 0; i < buckets.length; i += q) {
  const b = buckets.slice(i, i + q);
  console.log(
    `  solves ${i}-${i + b.length}: cols ${b[0]?.cols}-${b.at(-1)?.cols} ms/solve ${(b.reduce((a, x) => a + x.ms, 0) / b.length).toFixed(2)}`,
  );
}
