/**
 * Work counts of AI/ANI solves, for ablations on a loaded machine: each named instance is solved by
 * `solveGroup` on a budget of master LP solves (counted; the clock never moves), everything on and then
 * with each variant's techniques off, and the search trace's counts are printed: pricing rounds, branch
 * nodes, nodes given tight rounds. A load can stretch the wall time but not these counts.
 *
 *   npx tsx bench/work-counts.ts ani 201_2500_NR_13.txt,402_10000_NR_0.txt 3000 tight-bound,packer-share
 *   (a variant may switch several off: `tight-bound+packer-share`; `on:NAME[+NAME]` switches opt-ins on)
 */
import { budgetOf, manualClock, workLimited } from '../core/budget.ts';
import { countingEngine } from '../core/lp/index.ts';
import {
  buildJobs,
  isOptInTechnique,
  isTechnique,
  type OptInTechnique,
  type Technique,
} from '../core/model/index.ts';
import { createLpEngine } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { solveGroup } from '../core/square/search/index.ts';
import { INSTANCES_DIR, loadSet } from './instances.ts';

const [set = 'ani', files = '', solvesArg = '3000', variantsArg = ''] = process.argv.slice(2);
const solves = Number(solvesArg);
if (!files || !Number.isInteger(solves) || solves <= 0)
  throw new Error('usage: work-counts.ts <set> <file,file> <master solves> [technique[+technique],…]');
const variants = ['', ...variantsArg.split(',').filter(Boolean)].map((v) => {
  // `on:NAME[+NAME]`: opt-in techniques switched on instead.
  if (v.startsWith('on:')) {
    const on = v.slice(3).split('+');
    for (const t of on) if (!isOptInTechnique(t)) throw new Error(`unknown opt-in technique '${t}'`);
    return { label: `${v.slice(3)} on`, off: new Set<Technique>(), on: new Set(on as OptInTechnique[]) };
  }
  const off = v ? v.split('+') : [];
  for (const t of off) if (!isTechnique(t)) throw new Error(`unknown technique '${t}'`);
  return {
    label: v ? `${v} off` : 'all on',
    off: new Set(off as Technique[]),
    on: new Set<OptInTechnique>(),
  };
});
const mops = (ops: number | undefined): string => (ops === undefined ? '-' : (ops / 1e6).toFixed(0));
/** Arcs fixed by `rc-fixing`, of those on some bar within the waste limit when it first ran. */
const fixed = (t: {
  fixedArcs?: number;
  fixingArcs?: number;
  nodeFixings?: number;
  nodeFixedArcs?: number;
}): string => {
  const root =
    t.fixedArcs === undefined
      ? '-'
      : `${t.fixedArcs}/${t.fixingArcs ?? 0} (${((100 * t.fixedArcs) / Math.max(1, t.fixingArcs ?? 0)).toFixed(1)} %)`;
  // Node-level fixing (technique `node-fixing`): fixings run at nodes, and the arcs they fixed in all.
  return t.nodeFixings === undefined ? root : `${root}; nodes ${t.nodeFixedArcs ?? 0} in ${t.nodeFixings}`;
};
const base = await createLpEngine();
const all = loadSet(set, INSTANCES_DIR);
process.stdout.write(
  'instance\tvariant\tstatus\tcost/bound/known\trounds\tnodes\ttight nodes\tfixed arcs\tpacker Mops (root)\twall s\tCPU s\n',
);
for (const file of files.split(',')) {
  const inst = all.find((i) => i.file.endsWith(`/${file}`) || i.file === file);
  if (!inst) throw new Error(`no instance ${file} in ${set}`);
  const parsed = parseOptimiseBody(inst.body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const [job] = buildJobs(parsed.value);
  if (!job) throw new Error(`no job in ${file}`);
  for (const v of variants) {
    const { engine, solves: used } = countingEngine(base);
    const budget = workLimited(budgetOf(manualClock(), 1e12), used, solves);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = solveGroup(job, engine, budget, undefined, v.off, v.on);
    const c = process.cpuUsage(c0);
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    const cpu = ((c.user + c.system) / 1e6).toFixed(1);
    const t = r.trace;
    process.stdout.write(
      `${inst.file}\t${v.label}\t${r.status}\t${r.plan?.cost ?? '-'}/${r.bound}/${inst.opt ?? '-'}\t${t.cgIterations}\t${t.branchNodes}\t${t.tightNodes ?? 0}\t${fixed(t)}\t${mops(r.packer?.ops)} (${mops(r.packer?.rootOps)})\t${s}\t${cpu}\n`,
    );
  }
}
