/**
 * The angle-cut benchmark: fifty seeded window and door frames, stair stringers, roof trusses and railings
 * over every symmetry, kerfs, trims, offcuts, one to three stock lengths, priced and unpriced
 * (test/fixtures/angle-jobs.ts; `--jobs 20` takes the first twenty, the set before issue 31). Each job goes
 * through parse → solve → verify; per job the plan's value in its measure (money when every stock is
 * priced, else bars with one stock length, else stock length bought), its bound, the gap, proven or not,
 * the time, and the bars of the same parts laid square (angles dropped, tip-to-tip lengths, each gap the
 * widest blade any cut takes: a plan the saw can cut without nesting).
 *
 * No false proof: every job's claims are checked against the other runs' plans and, for small jobs, an
 * exhaustive search (bench/angle-check.ts, independent of core); any refuted claim, unverified plan or
 * failed solve makes the run exit 1. `--baseline <dir>` solves every job with that checkout's core too,
 * alternating job by job (which goes first alternates as well), and reports both side by side.
 *
 *   node bench/angles.ts [--budget-ms 5000] [--jobs 20|50] [--only frames,trusses] [--baseline DIR]
 *     [--repeat N] [--recheck-ms N] [--exhaustive-max 12] [--out FILE]
 *
 * Part of `npm run bench` (the "Angle cuts" section).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Clock } from '../core/budget.ts';
import type { LpEngine } from '../core/lp/index.ts';
import { optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import type { OptimiseResponse } from '../core/types.ts';
import { type AngleJob, allAngleJobs, angleJobs } from '../test/fixtures/angle-jobs.ts';
import { checkClaims, checkJobOf, exhaustiveOptimum, pieceCount, type RunClaim } from './angle-check.ts';
import { type AngleOutcome, type AngleRun, angleReport, findingsOf, median } from './angle-report.ts';
import { type Core, loadCore, type Solved } from './angle-solve.ts';

type Body = Record<string, unknown>;

export interface AngleBenchOptions {
  /** Wall-clock budget per solve (default 5000, the API's). */
  readonly budgetMs?: number;
  /** 20: the set before issue 31; 50 (default): all. */
  readonly jobs?: 20 | 50;
  /** Families or job names to keep (a name matches by prefix). */
  readonly only?: readonly string[];
  /** Another checkout's root: its core solves every job too, alternating with this one. */
  readonly baseline?: string;
  /** A baseline core already loaded (tests plant a lying one); takes the place of `baseline`. */
  readonly baselineCore?: Core;
  /** Solves per job and core (default 1): the time is their median, every plan is checked. */
  readonly repeat?: number;
  /** Also solve every job with this longer budget; its plan joins the check. */
  readonly recheckMs?: number;
  /** Jobs of at most this many pieces are also settled by exhaustive search (default 12). */
  readonly exhaustiveMax?: number;
  /** The clock (tests: a step clock; default wall clock). */
  readonly clock?: Clock;
  readonly progress?: (line: string) => void;
}

const clock = { now: () => Date.now(), monotonic: () => performance.now() };

/** One body through parse → solve → verify (bench/angle-setups.ts uses it too). */
export async function solve(
  lp: LpEngine,
  body: Body,
  budgetMs: number,
): Promise<{ r: OptimiseResponse | null; ms: number; error: string | null }> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) return { r: null, ms: 0, error: parsed.error.message };
  const t0 = performance.now();
  const out = await optimise(parsed.value, { lp, clock, budgetMs, tier: 'bench', poweredBy: 'bench' });
  const ms = performance.now() - t0;
  return out.ok ? { r: out.value, ms, error: null } : { r: null, ms, error: out.error.message };
}

/**
 * The same parts laid square, honestly: no nesting, and every gap as wide as the widest angled cut takes
 * (K / sin a, rounded up to 0.1), so the square plan is one the real saw can cut.
 */
export function squareBodyOf(body: Body): Body {
  const { angleCuts: _cuts, ...rest } = body;
  const kerf = Number(body.kerf ?? 0);
  let widest = kerf;
  for (const p of body.parts as Body[])
    for (const a of [p.leftAngle, p.rightAngle])
      if (typeof a === 'number')
        widest = Math.max(widest, Math.ceil((kerf / Math.sin((a * Math.PI) / 180)) * 10) / 10);
  return {
    ...rest,
    kerf: widest,
    parts: (body.parts as Body[]).map(({ leftAngle: _l, rightAngle: _r, ...p }) => p),
  };
}

/** The jobs a run takes. */
export function selectJobs(jobs: 20 | 50 = 50, only?: readonly string[]): AngleJob[] {
  const all = jobs === 20 ? angleJobs() : allAngleJobs();
  return only && only.length > 0
    ? all.filter((j) => only.some((o) => j.family === o || j.name.startsWith(o)))
    : all;
}

const runOf = (s: Solved): AngleRun => ({
  value: s.value,
  bound: s.bound,
  optimal: s.r?.plan.optimal ?? false,
  verified: s.r?.plan.verified ?? false,
  bars: s.r?.plan.stockBarsUsed ?? null,
  ms: s.ms,
  error: s.error,
});

const claimOf = (run: string, r: AngleRun): RunClaim => ({
  run,
  value: r.value,
  bound: r.error === null ? r.bound : null,
  optimal: r.optimal,
  verified: r.error === null ? r.verified : null,
});

/** Solves the jobs (and the same parts laid square), checks every claim, and returns one outcome a job. */
export async function benchAngles(options: AngleBenchOptions = {}): Promise<AngleOutcome[]> {
  const budgetMs = options.budgetMs ?? 5000;
  const first = new Set(angleJobs().map((j) => j.name));
  const ours = await loadCore();
  const base: Core | null =
    options.baselineCore ?? (options.baseline ? await loadCore(options.baseline) : null);
  const outcomes: AngleOutcome[] = [];
  const jobs = selectJobs(options.jobs, options.only);
  for (const [j, job] of jobs.entries()) {
    // Alternate which core goes first, so a drift in the machine's load falls on both alike.
    const reps = Math.max(1, options.repeat ?? 1);
    const mine: AngleRun[] = [];
    const theirs: AngleRun[] = [];
    for (let k = 0; k < reps; k++)
      for (const core of (j + k) % 2 === 0 || !base ? [ours, base] : [base, ours]) {
        if (!core) continue;
        const r = runOf(await core.solve(job.body, budgetMs, options.clock));
        (core === ours ? mine : theirs).push(r);
      }
    // The first repetition's plan, the median time; every repetition's plan is checked.
    const timed = (rs: AngleRun[]): AngleRun | null =>
      rs[0] ? { ...rs[0], ms: median(rs.map((r) => r.ms)) } : null;
    const run = timed(mine);
    const baseline = timed(theirs);
    if (!run) throw new Error('unreachable');
    const square = await ours.solve(squareBodyOf(job.body), budgetMs, options.clock);
    // The baseline solves it too: the same work warms both cores alike (else this one's square solver,
    // which the angle search also calls, runs hotter), and its plan joins the check.
    const baseSquare = base ? await base.solve(squareBodyOf(job.body), budgetMs, options.clock) : null;
    const claims: RunClaim[] = [
      ...mine.map((r, k) => claimOf(k === 0 ? 'plan' : `plan, repetition ${k + 1}`, r)),
      ...theirs.map((r, k) => claimOf(k === 0 ? 'baseline' : `baseline, repetition ${k + 1}`, r)),
    ];
    // The square-laid plan is a plan for the angle job too; its own proof is about the square job.
    claims.push({ run: 'laid square', value: square.value, bound: null, optimal: false, verified: null });
    if (baseSquare)
      claims.push({
        run: 'baseline laid square',
        value: baseSquare.value,
        bound: null,
        optimal: false,
        verified: null,
      });
    if (options.recheckMs)
      claims.push(
        claimOf('longer budget', runOf(await ours.solve(job.body, options.recheckMs, options.clock))),
      );
    const small = pieceCount(job.body) <= (options.exhaustiveMax ?? 12);
    const exhaustive = small ? exhaustiveOptimum(checkJobOf(job.body)) : undefined;
    const findings = checkClaims(claims, exhaustive ?? null);
    for (const [who, rs] of [
      ['plan', mine],
      ['baseline', theirs],
    ] as const)
      for (const r of rs)
        if (r.error) findings.push({ run: who, kind: 'no plan', detail: `no verified plan: ${r.error}` });
    outcomes.push({
      name: job.name,
      family: job.family,
      symmetry: String((job.body.angleCuts as Body).axialSymmetry),
      measure: square.measure,
      first20: first.has(job.name),
      run,
      baseline,
      squareBars: square.r?.plan.stockBarsUsed ?? null,
      squareValue: square.value,
      ...(exhaustive === undefined ? {} : { exhaustive }),
      findings,
    });
    options.progress?.(
      `[${j + 1}/${jobs.length}] ${job.name} ${run.optimal ? 'proven' : 'gap'} ${run.value}/${run.bound} ${run.ms.toFixed(0)} ms${baseline ? `; baseline ${baseline.optimal ? 'proven' : 'gap'} ${baseline.value}/${baseline.bound} ${baseline.ms.toFixed(0)} ms` : ''}${findings.length ? ` ${findings.length} FINDINGS` : ''}`,
    );
  }
  return outcomes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'budget-ms': { type: 'string', default: '5000' },
      jobs: { type: 'string', default: '50' },
      only: { type: 'string' },
      baseline: { type: 'string' },
      'recheck-ms': { type: 'string' },
      repeat: { type: 'string', default: '1' },
      'exhaustive-max': { type: 'string', default: '12' },
      out: { type: 'string' },
    },
  });
  if (values.jobs !== '20' && values.jobs !== '50') throw new Error('--jobs is 20 or 50');
  const started = performance.now();
  const outcomes = await benchAngles({
    budgetMs: Number(values['budget-ms']),
    jobs: values.jobs === '20' ? 20 : 50,
    ...(values.only ? { only: values.only.split(',') } : {}),
    ...(values.baseline ? { baseline: values.baseline } : {}),
    ...(values['recheck-ms'] ? { recheckMs: Number(values['recheck-ms']) } : {}),
    exhaustiveMax: Number(values['exhaustive-max']),
    repeat: Number(values.repeat),
    progress: (line) => {
      process.stderr.write(`${line}\n`);
    },
  });
  const command = `node bench/angles.ts ${process.argv.slice(2).join(' ')}`.trim();
  const text = [
    `Command: \`${command}\` (${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, ${((performance.now() - started) / 1000).toFixed(0)} s wall).`,
    '',
    ...angleReport(outcomes),
  ].join('\n');
  if (values.out) writeFileSync(values.out, `${text}\n`);
  process.stdout.write(`${text}\n`);
  if (findingsOf(outcomes) > 0) process.exitCode = 1;
}
