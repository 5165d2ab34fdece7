/**
 * `npm run bench -- --warm`: the warm path. Starts the local server (`npm start`, the production composition:
 * admission over the embedded DynamoDB, a solver worker thread, parse → solve → verify → JSON) of this
 * checkout and of a baseline checkout, warms both, then sends the seeded practical jobs one at a time,
 * each to both servers in turn (which goes first alternates job by job and round by round, so a load change
 * on a shared machine hits both alike), and reports the latency each caller saw: median, p90, p95, p99 and
 * max per side, the ratios, and the slowest jobs with where their time went (the `Server-Timing` header of
 * this checkout; the request log line's fields for a baseline that has no header).
 *
 *   npm run bench -- --warm [--jobs 200] [--rounds 3] [--baseline <git-ref> | --baseline-dir DIR]
 *     [--first-seed 1] [--skip-profile] [--out FILE]
 *
 * `--baseline <ref>` makes a detached worktree of that commit in the temporary directory
 * (`cutplan-warm-base-<commit>`, reused while it lasts) and runs `npm ci` in it; `--baseline-dir` takes a
 * checkout with its node_modules installed. Without either, only this checkout is measured. A job's time
 * is the median of its rounds (after one warm-up round not counted); the quantiles are over the jobs.
 * Then the 10 slowest are solved again in this process under the sampling profiler (bench/warm-profile.ts,
 * unless `--skip-profile`): where inside the search their time went.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { practicalJob } from '../test/fixtures/practical.ts';
import { type ServerProcess, startServerProcess } from '../test/support/server-process.ts';
import { baselineCheckout, gitDescribe } from './baseline-checkout.ts';

export interface WarmOptions {
  readonly jobs: number;
  readonly firstSeed: number;
  /** Measured rounds (each sends every job to each side once), after one warm-up round. */
  readonly rounds: number;
  /** A git ref to compare against (a worktree is made for it), or null. */
  readonly baseline: string | null;
  /** A checkout to compare against (node_modules installed), or null; takes the place of `baseline`. */
  readonly baselineDir: string | null;
  readonly out: string;
  readonly command: string;
  /** Whether to profile the slowest jobs in process afterwards (bench/warm-profile.ts). */
  readonly profile: boolean;
}

/** One answer as the caller saw it, with the server's own account of its time. */
interface Sample {
  readonly ms: number;
  /** CPU time the server process spent on the call (all its threads), or null where /proc cannot say. */
  readonly cpuMs: number | null;
  readonly status: number;
  /** `Server-Timing` entries (ms by name), or the log line's figures for a server without the header. */
  readonly split: Readonly<Record<string, number>>;
  readonly bars: number | null;
  readonly cost: number | null;
  readonly optimal: boolean | null;
}

interface Side {
  readonly label: string;
  readonly server: ServerProcess;
  /** Request log lines seen so far on the server's stdout, by request id. */
  readonly logged: Map<string, Record<string, unknown>>;
}

const ROOT = join(import.meta.dirname, '..');
/** Local only: the public tier's hourly and monthly caps would stop a run of a few hundred calls. */
const OVERRIDES = { public: { rateLimit: 1_000_000, monthlyCap: 1_000_000 } };

/** Pure: the q-quantile (nearest rank) of `values`. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** Pure: a `Server-Timing` header's entries, ms by name (entries without `dur` are left out). */
export function parseServerTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.split(';').map((p) => p.trim());
    const dur = params.find((p) => p.startsWith('dur='));
    if (name && dur !== undefined) out[name] = Number(dur.slice(4));
  }
  return out;
}

/** What a practical job is made of, for the report's job mix and the slowest jobs' rows. */
export interface JobShape {
  readonly lines: number;
  readonly pieces: number;
  readonly stocks: number;
  readonly priced: boolean;
  readonly finiteSupply: boolean;
  readonly offcuts: number;
  readonly materials: number;
  readonly kerf: number;
  readonly unit: string;
  readonly method: string;
}

/** Pure: the shape of a practical job's body (test/fixtures/practical.ts). */
export function shapeOf(body: Record<string, unknown>): JobShape {
  const parts = (body.parts as { quantity: number; material?: string }[] | undefined) ?? [];
  const stocks = (body.stocks as { price: number | null; quantity: number | null }[] | undefined) ?? [];
  const offcuts = (body.offcuts as unknown[] | undefined) ?? [];
  return {
    lines: parts.length,
    pieces: parts.reduce((a, p) => a + p.quantity, 0),
    stocks: stocks.length,
    priced: stocks.some((s) => s.price !== null),
    finiteSupply: stocks.some((s) => s.quantity !== null),
    offcuts: offcuts.length,
    materials: new Set(parts.map((p) => p.material ?? '')).size,
    kerf: Number(body.kerf ?? 0),
    unit: String(body.unit ?? 'mm'),
    method: String(body.method ?? 'balanced'),
  };
}

async function startSide(label: string, checkout: string | undefined): Promise<Side> {
  const server = await startServerProcess({
    env: { TIER_OVERRIDES: JSON.stringify(OVERRIDES), SOLVER_WORKERS: '1' },
    ...(checkout === undefined ? {} : { checkout }),
  });
  const logged = new Map<string, Record<string, unknown>>();
  let pending = '';
  server.child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const record = JSON.parse(line) as Record<string, unknown>;
        if (record.message === 'request' && typeof record.requestId === 'string')
          logged.set(record.requestId, record);
      } catch {
        // Not a log line of ours.
      }
    }
  });
  return { label, server, logged };
}

/**
 * CPU time of every thread of process `pid` so far, in ns (Linux: the first field of each task's
 * `schedstat`), or null elsewhere. Unlike wall time it hardly moves with the machine's load, which on a
 * shared machine is most of what a wall-clock figure varies by.
 */
export function processCpuNs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // A thread that ended between the listing and the read.
      }
    }
    return ns;
  } catch {
    return null;
  }
}

async function send(side: Side, body: string): Promise<Sample> {
  const pid = side.server.child.pid;
  const cpu0 = processCpuNs(pid);
  const sent = performance.now();
  const res = await fetch(`${side.server.url}/v1/optimise`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  const text = await res.text();
  const ms = performance.now() - sent;
  const cpu1 = processCpuNs(pid);
  const cpuMs = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / 1e6;
  let split = parseServerTiming(res.headers.get('server-timing'));
  if (Object.keys(split).length === 0) {
    // A server without the header: its request log line (written before the answer leaves) says as much.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const line = side.logged.get(res.headers.get('x-request-id') ?? '');
    if (line)
      split = {
        admit: Number(line.admissionMs ?? Number.NaN),
        search: Number(line.solveMs ?? Number.NaN),
        total: Number(line.durationMs ?? Number.NaN),
      };
  }
  const json = res.status === 200 ? (JSON.parse(text) as Record<string, Record<string, unknown>>) : null;
  return {
    ms,
    cpuMs,
    status: res.status,
    split,
    bars: (json?.plan?.stockBarsUsed as number | undefined) ?? null,
    cost: (json?.stats?.totalCost as number | null | undefined) ?? null,
    optimal: (json?.plan?.optimal as boolean | undefined) ?? null,
  };
}

const median = (xs: readonly number[]): number => quantile(xs, 0.5);
const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '—');

/** Runs the warm bench and writes its report; resolves with the report's lines. */
export async function runWarm(options: WarmOptions): Promise<string[]> {
  const seeds = Array.from({ length: options.jobs }, (_, k) => options.firstSeed + k);
  const bodies = new Map(seeds.map((s) => [s, practicalJob(s)]));
  const baseDir =
    options.baselineDir ?? (options.baseline === null ? null : baselineCheckout(options.baseline));
  const loadBefore = loadavg();
  const sides: Side[] = [await startSide('this', undefined)];
  if (baseDir !== null) sides.push(await startSide('baseline', baseDir));
  const samples = sides.map(() => new Map<number, Sample[]>());
  const started = performance.now();
  try {
    for (let round = 0; round <= options.rounds; round++) {
      for (const [k, seed] of seeds.entries()) {
        const body = JSON.stringify(bodies.get(seed));
        const order = sides.map((_, i) => i);
        if ((k + round) % 2 === 1) order.reverse();
        for (const i of order) {
          const side = sides[i] as Side;
          const sample = await send(side, body);
          if (sample.status !== 200 && sample.status !== 400 && sample.status !== 422)
            throw new Error(`${side.label} answered seed ${seed} with ${sample.status}`);
          // Round 0 warms both servers (JIT, HiGHS, the limits table's first writes) and is not counted.
          if (round > 0) samples[i]?.set(seed, [...(samples[i]?.get(seed) ?? []), sample]);
        }
      }
      process.stderr.write(`warm: round ${round}${round === 0 ? ' (warm-up)' : ''} done\n`);
    }
  } finally {
    for (const side of sides) await side.server.stop('SIGTERM');
  }
  const wallS = (performance.now() - started) / 1000;
  const loadAfter = loadavg();

  // Per side and job: the median of its rounds (the sample nearest that median carries the split).
  const perJob = samples.map(
    (bySeed) =>
      new Map(
        [...bySeed].map(([seed, list]) => {
          const m = median(list.map((s) => s.ms));
          const nearest = [...list].sort((a, b) => Math.abs(a.ms - m) - Math.abs(b.ms - m))[0] as Sample;
          const cpu = list.every((s) => s.cpuMs !== null) ? median(list.map((s) => s.cpuMs ?? 0)) : null;
          return [seed, { ...nearest, ms: m, cpuMs: cpu }] as const;
        }),
      ),
  );
  const times = perJob.map((m) => [...m.values()].map((s) => s.ms));
  const mine = perJob[0] as Map<number, Sample>;
  const theirs = perJob[1];

  const lines: string[] = ['# Warm path: practical jobs on a warm local server', ''];
  lines.push(
    `Command: \`${options.command}\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, ${wallS.toFixed(0)} s wall).`,
    '',
    `Machine load (1, 5, 15 min) before ${loadBefore.map((x) => x.toFixed(2)).join(', ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(', ')}.`,
    '',
    `This checkout: ${gitDescribe(ROOT)}.${baseDir === null ? ' No baseline.' : ` Baseline: ${gitDescribe(baseDir)} (${baseDir}).`}`,
    '',
    `Each server is \`npm start\` of its checkout (one solver worker thread, the embedded DynamoDB, the public tier with its hourly and monthly caps raised by \`TIER_OVERRIDES\`). Seeds ${seeds[0]}–${seeds.at(-1)} of \`test/fixtures/practical.ts\`, one request at a time over a kept-alive connection, each job to both servers in turn (which first alternating), ${options.rounds} measured round${options.rounds === 1 ? '' : 's'} after one warm-up round; a job's time is the median of its rounds, as the caller saw it (request sent → whole body read).`,
    '',
  );
  lines.push(...jobMix(seeds.map((s) => bodies.get(s) as Record<string, unknown>)), '');
  lines.push('## Latency (ms)', '');
  lines.push(
    '| side | jobs | median | p90 | p95 | p99 | max | statuses |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  );
  const qs = [0.5, 0.9, 0.95, 0.99, 1];
  for (const [i, side] of sides.entries()) {
    const t = times[i] ?? [];
    const statuses = new Map<number, number>();
    for (const s of perJob[i]?.values() ?? []) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    lines.push(
      `| ${side.label} | ${t.length} | ${qs.map((q) => f1(quantile(t, q))).join(' | ')} | ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')} |`,
    );
  }
  if (theirs) {
    const a = times[0] ?? [];
    const b = times[1] ?? [];
    lines.push(
      `| ratio this / baseline | | ${qs.map((q) => (quantile(a, q) / quantile(b, q)).toFixed(2)).join(' | ')} | |`,
    );
  }
  const cpuTimes = perJob.map((m) => [...m.values()].flatMap((s) => (s.cpuMs === null ? [] : [s.cpuMs])));
  if (cpuTimes.every((c, i) => c.length === (times[i]?.length ?? 0) && c.length > 0)) {
    lines.push(
      '',
      'The same calls in CPU time of the server process (all its threads: HTTP, the limits table, the solver worker), ms; it moves far less than wall time with the load of a shared machine:',
      '',
      '| side | median | p90 | p95 | p99 | max | sum |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...sides.map(
        (side, i) =>
          `| ${side.label} | ${qs.map((q) => f1(quantile(cpuTimes[i] ?? [], q))).join(' | ')} | ${f1((cpuTimes[i] ?? []).reduce((x, y) => x + y, 0))} |`,
      ),
    );
    if (theirs) {
      const [a, b] = [cpuTimes[0] ?? [], cpuTimes[1] ?? []];
      const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
      lines.push(
        `| ratio this / baseline | ${qs.map((q) => (quantile(a, q) / quantile(b, q)).toFixed(2)).join(' | ')} | ${(sum(a) / sum(b)).toFixed(2)} |`,
      );
    }
  }
  if (theirs) {
    const differ = [...mine].filter(([seed, s]) => {
      const o = theirs.get(seed);
      return o !== undefined && (o.status !== s.status || o.bars !== s.bars || o.cost !== s.cost);
    });
    const unproven = [...mine.values()].filter((s) => s.optimal === false).length;
    lines.push(
      '',
      `Plans: ${differ.length} job${differ.length === 1 ? '' : 's'} where this checkout's status, bars or cost differ from the baseline's${differ.length > 0 ? ` (seeds ${differ.map(([s]) => s).join(', ')})` : ''}; ${unproven} answered without a proof of optimality here.`,
    );
  }
  lines.push('', '## The 10 slowest jobs (this checkout)', '');
  lines.push(
    'Split from the `Server-Timing` header (ms): parse, admit (the limits table), search (the solver with formatting), verify, serialise (JSON), release (the limits table); `net` is what the caller waited beyond the handler’s `total` (the worker-thread hop, HTTP, the local server).',
    '',
    '| seed | lines | pieces | stocks | priced | offcuts | method | ms | parse | admit | search | verify | serialise | release | net | baseline ms | CPU ms | baseline CPU ms |',
    '|---:|---:|---:|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  const slowest = [...mine].sort((x, y) => y[1].ms - x[1].ms).slice(0, 10);
  for (const [seed, s] of slowest) {
    const shape = shapeOf(bodies.get(seed) as Record<string, unknown>);
    const sp = s.split;
    const net = s.ms - (sp.total ?? Number.NaN);
    lines.push(
      `| ${seed} | ${shape.lines} | ${shape.pieces} | ${shape.stocks} | ${shape.priced ? 'yes' : 'no'} | ${shape.offcuts} | ${shape.method} | ${f1(s.ms)} | ${['parse', 'admit', 'search', 'verify', 'serialise', 'release'].map((n) => f1(sp[n] ?? Number.NaN)).join(' | ')} | ${f1(net)} | ${f1(theirs?.get(seed)?.ms ?? Number.NaN)} | ${f1(s.cpuMs ?? Number.NaN)} | ${f1(theirs?.get(seed)?.cpuMs ?? Number.NaN)} |`,
    );
  }
  const all = [...mine.values()];
  const share = (name: string): string => {
    const sum = all.reduce((a, s) => a + (s.split[name] ?? 0), 0);
    const total = all.reduce((a, s) => a + s.ms, 0);
    return `${name} ${((100 * sum) / total).toFixed(1)} %`;
  };
  lines.push(
    '',
    `Over all ${all.length} jobs, shares of the caller's time: ${['parse', 'admit', 'search', 'verify', 'serialise', 'release'].map(share).join(', ')}.`,
    '',
  );
  if (options.profile) {
    // Inside `search`: the same jobs solved again in this process under the sampling profiler.
    process.stderr.write('warm: profiling the slowest jobs in process\n');
    const { profileJobs, profileTables } = await import('./warm-profile.ts');
    lines.push(
      '## Inside the search of the slowest jobs',
      '',
      'The same 10 jobs solved in this process (after one warm-up solve each) under V8’s sampling profiler; shares of each job’s profiled time.',
      '',
      ...profileTables(await profileJobs(slowest.map(([seed]) => seed))),
      '',
    );
  }
  await mkdir(dirname(options.out), { recursive: true });
  await writeFile(options.out, `${lines.join('\n')}\n`);
  return lines;
}

/** The job mix of the seeds: lines, pieces, stocks, prices, kerf, units, materials, offcuts, methods. */
function jobMix(bodies: readonly Record<string, unknown>[]): string[] {
  const shapes = bodies.map(shapeOf);
  const n = shapes.length;
  const count = (p: (s: JobShape) => boolean): number => shapes.filter(p).length;
  const tally = (key: (s: JobShape) => string): string =>
    [...shapes.reduce((m, s) => m.set(key(s), (m.get(key(s)) ?? 0) + 1), new Map<string, number>())]
      .sort((a, b) => b[1] - a[1])
      .map(([k, c]) => `${k} ${c}`)
      .join(', ');
  const lines = shapes.map((s) => s.lines);
  const pieces = shapes.map((s) => s.pieces);
  return [
    '## Job mix',
    '',
    `- ${n} jobs; part lines ${Math.min(...lines)}–${Math.max(...lines)} (median ${median(lines)}), pieces ${Math.min(...pieces)}–${Math.max(...pieces)} (median ${median(pieces)});`,
    `- stock entries per job: ${tally((s) => String(s.stocks))}; priced stocks in ${count((s) => s.priced)} jobs, several priced stock lengths in ${count((s) => s.priced && s.stocks > 1)}; finite supply in ${count((s) => s.finiteSupply)};`,
    `- owned offcuts in ${count((s) => s.offcuts > 0)} jobs; two material groups in ${count((s) => s.materials > 1)}; units: ${tally((s) => s.unit)};`,
    `- kerf: ${tally((s) => `${s.kerf} ${s.unit}`)};`,
    `- methods: ${tally((s) => s.method)}; square cuts only (the practical generator has no mitres; angle jobs are the angle section's).`,
  ];
}
