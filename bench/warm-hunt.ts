/**
 * Whether an exact packing finds the plans at the bound that the slow practical jobs hunt for (issue 41's
 * warm path): each job with several kinds of bar is solved (its proven optimum is the target), then the
 * exact packing within that cost (`packJobWithinCost`, bin completion with a waste budget) runs on its
 * whole demand with a budget of operations. A plan exists at the target, so `impossible` is a bug.
 *
 *   npx tsx bench/warm-hunt.ts [--jobs 200] [--first-seed 1] [--ops 200000] [--budget-ms 20000] [--top 15]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { budgetOf } from '../core/budget.ts';
import { countingEngine } from '../core/lp/index.ts';
import { buildJobs } from '../core/model/index.ts';
import { createLpEngine } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { packJobWithinCost, solveGroup } from '../core/square/search/index.ts';
import { practicalJob } from '../test/fixtures/practical.ts';

/** One job's hunt: the LP solves its search took, and what the exact packing at its optimum did. */
export interface HuntRun {
  readonly seed: number;
  readonly solves: number;
  /** The greedy plan already met the optimum (nothing to hunt). */
  readonly greedyOptimal: boolean;
  readonly status: 'packed' | 'impossible' | 'unknown';
  readonly ops: number;
  readonly ms: number;
}

/** Counts over the runs: jobs, those with something to hunt, found, given up, wrongly impossible. */
export function tallyHunts(runs: readonly HuntRun[]): {
  jobs: number;
  hunted: number;
  found: number;
  unknown: number;
  impossible: number;
} {
  const hunted = runs.filter((r) => !r.greedyOptimal);
  return {
    jobs: runs.length,
    hunted: hunted.length,
    found: hunted.filter((r) => r.status === 'packed').length,
    unknown: hunted.filter((r) => r.status === 'unknown').length,
    impossible: runs.filter((r) => r.status === 'impossible').length,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '200' },
      'first-seed': { type: 'string', default: '1' },
      ops: { type: 'string', default: '200000' },
      'budget-ms': { type: 'string', default: '20000' },
      top: { type: 'string', default: '15' },
    },
  });
  const base = await createLpEngine();
  const clock = { now: () => Date.now(), monotonic: () => performance.now() };
  const first = Number(values['first-seed']);
  const opLimit = Number(values.ops);
  const runs: HuntRun[] = [];
  for (let seed = first; seed < first + Number(values.jobs); seed++) {
    const parsed = parseOptimiseBody(practicalJob(seed), 'json');
    if (!parsed.ok) continue;
    for (const job of buildJobs(parsed.value)) {
      if (job.sources.length < 2) continue;
      const counting = countingEngine(base);
      const res = solveGroup(job, counting.engine, budgetOf(clock, Number(values['budget-ms'])));
      if (res.status !== 'optimal') continue;
      const demand = job.items.map((it) => it.demand);
      const supply = job.sources.map((s) => s.supply);
      const started = performance.now();
      const out = packJobWithinCost(job, demand, supply, res.plan.cost, opLimit);
      runs.push({
        seed,
        solves: counting.solves(),
        greedyOptimal: res.trace.greedyCost === res.plan.cost,
        status: out.status,
        ops: out.ops,
        ms: performance.now() - started,
      });
    }
  }
  const t = tallyHunts(runs);
  const slowest = [...runs]
    .sort((a, b) => b.solves - a.solves || a.seed - b.seed)
    .slice(0, Number(values.top));
  const found = runs.filter((r) => !r.greedyOptimal && r.status === 'packed');
  console.log(
    [
      `Practical seeds ${first}–${first + Number(values.jobs) - 1}, ${opLimit} operations a job: ${t.jobs} proven groups with several kinds of bar, ${t.hunted} whose greedy plan was above the optimum;`,
      `the exact packing at the optimum found ${t.found} of those, gave up on ${t.unknown}; impossible (a bug): ${t.impossible}.`,
      `Found: ${found.map((r) => `${r.seed} (${r.ops} ops, ${r.ms.toFixed(1)} ms, ${r.solves} LP solves)`).join(', ') || 'none'}.`,
      '',
      '| seed | LP solves | packing | ops | ms |',
      '|---:|---:|---|---:|---:|',
      ...slowest.map((r) => `| ${r.seed} | ${r.solves} | ${r.status} | ${r.ops} | ${r.ms.toFixed(1)} |`),
    ].join('\n'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
