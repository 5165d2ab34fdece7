/**
 * When each seeded practical job found its answer and when it proved it (issue 41's warm path): LP solves
 * (a count the machine's load does not move) to the answer, to the first plan of the answer's value, and
 * to the bound's final value. A job whose bound was final long before its plan spent the difference
 * hunting for a plan that meets the bound (a primal heuristic's work); one whose plan came first, proving
 * it (a bound's or the tree's).
 *
 *   npx tsx bench/warm-found.ts [--jobs 200] [--first-seed 1] [--budget-ms 20000] [--top 20]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { countingEngine } from '../core/lp/index.ts';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { practicalJob } from '../test/fixtures/practical.ts';

/** One job's LP solves: in all, at the first plan of the answer's value, at the bound's final value. */
export interface FoundRun {
  readonly seed: number;
  readonly solves: number;
  readonly planAt: number;
  readonly boundAt: number;
  readonly optimal: boolean;
}

/**
 * Where the solves of the jobs went: those after the bound was final and before the plan came (the hunt
 * for a plan at the bound) and those after the plan came (the proof), summed over the jobs, with the
 * number of jobs whose plan came after their bound.
 */
export function splitSolves(runs: readonly FoundRun[]): {
  solves: number;
  hunt: number;
  proof: number;
  planLast: number;
} {
  let solves = 0;
  let hunt = 0;
  let proof = 0;
  let planLast = 0;
  for (const r of runs) {
    solves += r.solves;
    if (r.planAt > r.boundAt) {
      planLast++;
      hunt += r.planAt - r.boundAt;
    }
    proof += r.solves - Math.max(r.planAt, r.boundAt);
  }
  return { solves, hunt, proof, planLast };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '200' },
      'first-seed': { type: 'string', default: '1' },
      'budget-ms': { type: 'string', default: '20000' },
      top: { type: 'string', default: '20' },
    },
  });
  const base = await createLpEngine();
  const clock = { now: () => Date.now(), monotonic: () => performance.now() };
  const first = Number(values['first-seed']);
  const runs: FoundRun[] = [];
  for (let seed = first; seed < first + Number(values.jobs); seed++) {
    const parsed = parseOptimiseBody(practicalJob(seed), 'json');
    if (!parsed.ok) continue;
    const counting = countingEngine(base);
    let best: number | null = null;
    let bound: number | null = null;
    let planAt = 0;
    let boundAt = 0;
    const res = await optimise(parsed.value, {
      lp: counting.engine,
      clock,
      budgetMs: Number(values['budget-ms']),
      tier: 'public',
      poweredBy: 'bench',
      // Told synchronously whenever the incumbent or the bound improves.
      onProgress: (p) => {
        if (p.best !== best) {
          best = p.best;
          planAt = counting.solves();
        }
        if (p.bound !== bound) {
          bound = p.bound;
          boundAt = counting.solves();
        }
      },
    });
    runs.push({
      seed,
      solves: counting.solves(),
      planAt,
      boundAt,
      optimal: res.ok && res.value.plan.optimal,
    });
  }
  const s = splitSolves(runs);
  const slowest = [...runs]
    .sort((a, b) => b.solves - a.solves || a.seed - b.seed)
    .slice(0, Number(values.top));
  console.log(
    [
      `Practical seeds ${first}–${first + Number(values.jobs) - 1}, budget ${values['budget-ms']} ms: ${runs.length} jobs, ${s.solves} LP solves;`,
      `${s.hunt} between the bound's final value and the first plan of the answer's value (${s.planLast} jobs found their plan after their bound), ${s.proof} after both.`,
      '',
      '| seed | LP solves | plan at | bound at | proven |',
      '|---:|---:|---:|---:|---|',
      ...slowest.map(
        (r) => `| ${r.seed} | ${r.solves} | ${r.planAt} | ${r.boundAt} | ${r.optimal ? 'yes' : 'no'} |`,
      ),
    ].join('\n'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
