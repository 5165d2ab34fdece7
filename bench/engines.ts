/**
 * HiGHS (persistent, warm-started) against glpk.js (rebuilt per solve) on the same root column generation:
 * the same job, seeds and pricing, so the difference is the LP engine. Reports time and the LP value each
 * reached (they must agree).
 */
import { join } from 'node:path';
import { budgetOf } from '../core/budget.ts';
import { createGlpkEngine } from '../core/lp/glpk.ts';
import { createHighsEngine, type LpEngine } from '../core/lp/index.ts';
import { buildJobs } from '../core/model/index.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { ColumnGeneration } from '../core/square/search/index.ts';
import { INSTANCES_DIR, parseInstance } from './instances.ts';

const FILES = [
  'falkenauer_u/Falkenauer_u250_00.txt',
  'falkenauer_t/Falkenauer_t249_00.txt',
  'schwerin_1/Schwerin1_BPP1.txt',
  'waescher/Waescher_TEST0005.txt',
  'hard28/Hard28_BPP13.txt',
  'monaci_vsbpp/prob_100_1.txt',
];

const clock = { now: () => Date.now(), monotonic: () => performance.now() };

function rootLp(
  engine: LpEngine,
  body: Record<string, unknown>,
): { ms: number; lp: number; iterations: number } {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const [job] = buildJobs(parsed.value);
  if (!job) throw new Error('no job');
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const hi = Float64Array.from(job.sources, (s) => s.supply);
  const cg = new ColumnGeneration(job, engine, { demand, lo: new Float64Array(hi.length), hi, usage: 0 });
  job.items.forEach((it, i) => {
    const s = job.sources[0];
    if (!s) return;
    const counts = new Int32Array(job.items.length);
    counts[i] = Math.max(1, Math.min(it.demand, Math.floor(s.capacity / it.weight)));
    cg.addColumn(0, counts);
  });
  const t0 = performance.now();
  const out = cg.solve(budgetOf(clock, 120_000));
  const ms = performance.now() - t0;
  cg.dispose();
  return { ms, lp: out.lpValue, iterations: out.iterations };
}

/** Markdown lines: one row per instance, then the total ratio. */
export async function compareEngines(files = FILES): Promise<string[]> {
  const highs = await createHighsEngine();
  const glpk = await createGlpkEngine();
  const lines = [
    `Root column generation to LP optimality, ${highs.name} vs ${glpk.name} (same pricing, same seeds).`,
    '',
    '| instance | HiGHS ms | glpk.js ms | ratio | LP (HiGHS) | LP (glpk.js) |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  let th = 0;
  let tg = 0;
  for (const file of files) {
    const body = parseInstance(join(INSTANCES_DIR, file)).body;
    const h = rootLp(highs, body);
    const g = rootLp(glpk, body);
    th += h.ms;
    tg += g.ms;
    lines.push(
      `| ${file} | ${h.ms.toFixed(0)} | ${g.ms.toFixed(0)} | ${(g.ms / h.ms).toFixed(1)}× | ${h.lp.toFixed(4)} | ${g.lp.toFixed(4)} |`,
    );
  }
  lines.push(
    '',
    `Total: HiGHS ${th.toFixed(0)} ms, glpk.js ${tg.toFixed(0)} ms (${(tg / th).toFixed(1)}× slower).`,
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await compareEngines()).join('\n')}\n`);
}
