/**
 * `npm run bench -- --hard`: every AI and ANI instance of ../shared/instances (or `--sample N` a class),
 * at `--limit S` seconds a job, one worker process per core, each technique of `--ablate a,b` also
 * switched off on its own in the same run (each opt-in technique of `--on c,d` switched on), and with `--baseline <git-ref>` the same instances solved by a
 * checkout of that ref, interleaved. Writes the per-class report (default bench/results/hard.md) with the
 * command that made it, the work counts (pricing rounds, branch nodes, perfect-packing operations) and the
 * comparison against the baseline; any false proof or bound above a known optimum fails the run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { TECHNIQUES } from '../core/model/index.ts';
import { baselineCheckout, gitDescribe, ROOT } from './baseline-checkout.ts';
import { falseBound, falseProof } from './claims.ts';
import {
  chooseClasses,
  classRows,
  classTable,
  comparisonRows,
  comparisonTable,
  HARD_SETS,
  type HardSettings,
  hardTasks,
  medianRuns,
  sampleClasses,
  variantsOf,
  workTable,
} from './hard.ts';
import { INSTANCES_DIR, loadSet } from './instances.ts';
import { type Outcome, runTasks } from './solver-bench.ts';

export interface HardOptions extends HardSettings {
  readonly out: string;
  readonly command: string;
}

/** A worker's discarded first solve (its first task, cut to this limit) warms its process up. */
const WARM_UP_MS = 3_000;

/** The label of the baseline's rows. */
const BASELINE = 'baseline';

/** Runs the hard instances and writes the report; resolves to the number of false claims. */
export async function runHard(o: HardOptions): Promise<number> {
  const variants = variantsOf(o.ablate, TECHNIQUES, o.on);
  const baseDir = o.baseline === null ? null : baselineCheckout(o.baseline);
  const baseline = baseDir === null ? null : { label: BASELINE, off: [], checkout: baseDir };
  const instances = HARD_SETS.flatMap((set) =>
    loadSet(set, INSTANCES_DIR).map((inst) => ({ set, name: inst.file, inst })),
  );
  const chosen = [...chooseClasses(sampleClasses(instances, o.perClass), o.classes).values()].flat();
  // Variants (and the baseline) take turns instance by instance; repeats come round after round.
  const tasks = hardTasks(chosen, variants, baseline, o.repeat, o.limitMs);
  const provenOpt = new Map(
    tasks.filter((t) => t.proven && t.opt !== null).map((t) => [`${t.set}/${t.name}`, t.opt ?? 0]),
  );
  const wrong = (r: Outcome): boolean => {
    const opt = provenOpt.get(`${r.set}/${r.name}`) ?? null;
    return falseProof(r, opt) || falseBound(r, opt);
  };
  const workers = Math.max(1, Math.min(o.workers, cpus().length));
  process.stderr.write(
    `bench --hard: ${chosen.length} instances × ${variants.length} variants${o.repeat > 1 ? ` × ${o.repeat} runs` : ''} on ${workers} workers, ${o.limitMs / 1000} s a job\n`,
  );
  const load0 = loadavg()[0] ?? 0;
  const started = performance.now();
  const runs = await runTasks(
    tasks,
    workers,
    (r, done) => {
      const flag = r.error ? 'ERROR' : wrong(r) ? 'FALSE' : r.optimal ? 'opt' : 'open';
      process.stderr.write(
        `[${done}/${tasks.length}] ${r.variant} ${r.name} ${flag} ${r.value}/${r.bound}/${r.opt ?? '-'} ${r.ms.toFixed(0)} ms${r.cpuMs === undefined ? '' : ` (CPU ${r.cpuMs.toFixed(0)})`}\n`,
      );
    },
    (first) => ({ ...first, limitMs: Math.min(first.limitMs, WARM_UP_MS) }),
  );
  // A false claim in any run fails the run, even where the kept (median) run of the instance is right
  // (the class table counts the kept runs' only, never more than these).
  const falseClaims = runs.filter(wrong).length;
  const outcomes = medianRuns(runs);
  const wallS = (performance.now() - started) / 1000;
  const load1 = loadavg()[0] ?? 0;
  const labels = [...variants.map((v) => v.label), ...(baseline ? [BASELINE] : [])];
  const rows = classRows(outcomes, labels, provenOpt, o.withinMs);
  const lines = [
    '# Benchmark report: AI and ANI',
    '',
    `Command: \`${o.command}\` (${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${workers} workers on ${cpus().length} cores, ${wallS.toFixed(0)} s wall, load average ${load0.toFixed(1)} at the start and ${load1.toFixed(1)} at the end).`,
    '',
    `This checkout: ${gitDescribe(ROOT)}.${baseDir === null ? '' : ` Baseline (\`${o.baseline}\`): ${gitDescribe(baseDir)}, solving the same instances in the same run, interleaved with this checkout's.`}`,
    '',
    `${o.perClass === null ? 'Every instance' : `${o.perClass} instances a class (evenly spread by file index)`}, ${o.limitMs / 1000} s a job, each solved on one core through parse → solve → verify${o.repeat > 1 ? `, ${o.repeat} times (the tables keep the run of median CPU time; the per-solve table gives the runs' range)` : ''}. Times include instances stopped by the limit; the limit is on wall time. CPU time is the solving process's (user and system), which a busy machine moves less than wall time. A proof of another value or a bound above a known optimum counts as a false claim and fails the run.`,
    '',
    ...classTable(rows, o.withinMs),
    '',
    'Work counts (pricing rounds, branch nodes, perfect-packing operations) do not move with the load of a shared machine as times do; medians over the instances that report them (`—`: a checkout that does not).',
    '',
  ];
  if (baseline) {
    lines.push(
      `## Against the baseline`,
      '',
      `Each variant of this checkout against the baseline on the same instances: time ratio < 1 means faster here.`,
      '',
      ...comparisonTable(comparisonRows(outcomes, labels, BASELINE), BASELINE),
      '',
    );
  }
  lines.push(
    '<details><summary>Every solve with its work counts</summary>',
    '',
    ...workTable(outcomes, labels),
    '',
    '</details>',
    '',
  );
  const failed = outcomes.filter((r) => wrong(r) || r.error !== null || !r.optimal);
  if (failed.length > 0) {
    lines.push('<details><summary>Instances not proven, in error or with a false claim</summary>', '');
    lines.push(
      '| variant | instance | plan | bound | known optimum | ms | note |',
      '|---|---|---:|---:|---:|---:|---|',
    );
    for (const r of failed.sort(
      (a, b) => (a.variant ?? '').localeCompare(b.variant ?? '') || a.name.localeCompare(b.name),
    ))
      lines.push(
        `| ${r.variant} | ${r.name} | ${r.value ?? '—'} | ${r.bound ?? '—'} | ${r.opt ?? '—'} | ${r.ms.toFixed(0)} | ${wrong(r) ? 'FALSE CLAIM' : (r.error ?? '')} |`,
      );
    lines.push('', '</details>', '');
  }
  await mkdir(dirname(o.out), { recursive: true });
  await writeFile(o.out, `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return falseClaims;
}
