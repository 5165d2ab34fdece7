/**
 * Warm-process timing of the seeded practical jobs through `optimise` (parse → solve → verify → format),
 * the figure the practical targets are stated in. One process, one LP engine, the jobs run `--passes`
 * times and the last pass is reported, so JIT warm-up does not count. Lists the jobs over 100 ms
 * (`!` = not proven optimal).
 *
 *   npx tsx bench/practical-timing.ts [--jobs 200] [--first-seed 1] [--budget-ms 5000] [--passes 2]
 *
 * The benchmark's practical set is seeds 1–200; `--first-seed 201` times jobs the solver was never tuned on.
 */
import { parseArgs } from 'node:util';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { practicalJob } from '../test/fixtures/practical.ts';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '200' },
    'first-seed': { type: 'string', default: '1' },
    'budget-ms': { type: 'string', default: '5000' },
    passes: { type: 'string', default: '2' },
  },
});
const clock = { now: () => Date.now(), monotonic: () => performance.now() };
const lp = await createLpEngine();
let rows: { seed: number; ms: number; proven: boolean }[] = [];
for (let pass = 0; pass < Number(values.passes); pass++) {
  rows = [];
  const first = Number(values['first-seed']);
  for (let seed = first; seed < first + Number(values.jobs); seed++) {
    const parsed = parseOptimiseBody(practicalJob(seed), 'json');
    if (!parsed.ok) continue;
    const t0 = performance.now();
    const res = await optimise(parsed.value, {
      lp,
      clock,
      budgetMs: Number(values['budget-ms']),
      tier: 'public',
      poweredBy: 'bench',
    });
    rows.push({ seed, ms: performance.now() - t0, proven: res.ok && res.value.plan.optimal });
  }
}
const t = rows.map((r) => r.ms).sort((a, b) => a - b);
const at = (q: number): string => (t[Math.min(t.length - 1, Math.floor(t.length * q))] ?? 0).toFixed(1);
console.log(`sum ${t.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
console.log(
  `jobs ${rows.length}, proven ${rows.filter((r) => r.proven).length}; ms median ${at(0.5)}, p90 ${at(0.9)}, p95 ${at(0.95)}, max ${at(1)}`,
);
console.log(
  'over 100 ms:',
  rows
    .filter((r) => r.ms > 100)
    .map((r) => `${r.seed}:${r.ms.toFixed(0)}${r.proven ? '' : '!'}`)
    .join(' '),
);
