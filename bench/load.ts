/**
 * A bounded loopback load run against `npm start`:
 *
 *   npx tsx bench/load.ts [--duration 10] [--connections 10] [--warmup 2]
 *                         [--workers N] [--queue N] [--jobs small|mixed] [--min-ok 100]
 *
 * It starts the local server (`functions/local/server.ts`, the production composition) as a child
 * process on a free port with its embedded DynamoDB, issues a `scale` key with `cutplan keys create`
 * (which finds the server's table through its discovery file, as a developer's would), checks one answer,
 * then drives `POST /v1/optimise` with a small job through autocannon. Every request takes the whole
 * path: admission over DynamoDB (the per-minute counter and the slot claim in one step, the release after;
 * the key's record is cached in the container after its first call), parse, solve, verify, respond. It
 * also prints how many DynamoDB requests, in how many sequential steps, one admitted call makes.
 *
 * The scale tier allows 240 calls a minute and 8 concurrent solves, so a 10 s run at full speed would
 * measure mostly 429s and 503s. The server is therefore started with `TIER_OVERRIDES` (local only)
 * raising the scale tier's rate limit and its concurrency to at least the connection count; the
 * counting and leasing work is the same. Server, embedded DynamoDB and load generator share this
 * machine, so the figures are a floor for one container, not a capacity figure for the deployed API.
 * Before the run, `load-breakdown.ts` times the core alone and admission alone in this process.
 *
 * By default the server gets one solver worker per connection, so the run measures throughput, not
 * refusals. `--workers` sets `SOLVER_WORKERS` (e.g. 2 on two cores with 4 connections: more callers than
 * workers, as a team sharing one `npm start` would be) and `--queue` its `SOLVER_QUEUE`; autocannon's
 * connections send their next call the moment an answer comes, so a 503 is retried at once. `--jobs mixed`
 * alternates the small job with a medium one ({@link MEDIUM_JOB}). While the run goes, `/v1/health` is
 * called every 200 ms and its latency reported. The run fails (exit 1) when fewer than `--min-ok` percent
 * of the calls got 200, or on a connection error.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runKeys } from '../bin/keys.ts';
import { systemClock } from '../functions/shared/clock.ts';
import { type ServerProcess, startServerProcess } from '../test/support/server-process.ts';
import { measureBreakdown } from './load-breakdown.ts';

/** Three part lengths on 6 m bars with a 3 mm kerf: proven optimal (4 bars) in about a millisecond. */
export const LOAD_JOB = { parts: '2400x4,1150x6,600x10', stock: 6000, kerf: 3 } as const;

/** Ten part lengths, 170 pieces on 6 m bars: proven optimal (27 bars) in a few to tens of milliseconds. */
export const MEDIUM_JOB = {
  parts: '2950x7,2400x9,1830x12,1520x10,1150x14,980x16,760x20,600x18,450x24,330x30',
  stock: 6000,
  kerf: 3,
} as const;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    workers: { type: 'string' },
    queue: { type: 'string' },
    jobs: { type: 'string', default: 'small' },
    'min-ok': { type: 'string', default: '100' },
  },
});
const duration = positive(values.duration, 'duration');
const connections = positive(values.connections, 'connections');
const warmup = Number(values.warmup);
const workers = values.workers === undefined ? connections : positive(values.workers, 'workers');
const minOk = Number(values['min-ok']);
if (values.jobs !== 'small' && values.jobs !== 'mixed') throw new Error('--jobs must be small or mixed');
const jobs = values.jobs === 'mixed' ? [LOAD_JOB, MEDIUM_JOB] : [LOAD_JOB];

function show(cost: { requests: number; steps: number }): string {
  return `${cost.requests} requests in ${cost.steps} steps`;
}

function positive(text: string | undefined, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

async function issueScaleKey(server: ServerProcess): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await runKeys(['create', '--workspace', 'load-run', '--tier', 'scale'], {
    env: {},
    cwd: server.cwd,
    clock: systemClock,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  if (code !== 0) throw new Error(`cutplan keys create failed: ${stderr}`);
  return stdout.trim();
}

/** One call before the run: the job must come back verified, optimal and served by the scale tier. */
async function checkOneAnswer(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(LOAD_JOB) });
  const body = (await res.json()) as {
    plan?: { verified?: boolean; optimal?: boolean };
    meta?: { tier?: string };
  };
  if (res.status !== 200 || body.plan?.verified !== true || body.meta?.tier !== 'scale') {
    throw new Error(`unexpected answer before the run: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

const breakdown = await measureBreakdown(LOAD_JOB);
const overrides = { scale: { rateLimit: 1_000_000, concurrency: Math.max(8, connections) } };
const server = await startServerProcess({
  env: {
    TIER_OVERRIDES: JSON.stringify(overrides),
    SOLVER_WORKERS: String(workers),
    ...(values.queue === undefined ? {} : { SOLVER_QUEUE: values.queue }),
  },
});
try {
  const key = await issueScaleKey(server);
  const url = `${server.url}/v1/optimise`;
  const headers = { 'Content-Type': 'application/json', 'X-API-Key': key };
  await checkOneAnswer(url, headers);
  const request = {
    url,
    method: 'POST' as const,
    headers,
    requests: jobs.map((job) => ({ body: JSON.stringify(job) })),
    connections,
  };
  if (warmup > 0) {
    await autocannon({ ...request, duration: warmup });
    // autocannon stops on the clock and drops the calls still in flight; the server finishes them, holding
    // their solver workers and key slots for a moment. Without this pause the measured run began with up to
    // 168 503s (every worker busy) in a run of 2,972 calls.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const health = watchHealth(`${server.url}/v1/health`);
  const result = await autocannon({ ...request, duration });
  const healthMs = await health.stop();

  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count ?? 0}`)
    .join(', ');
  const ok = result.statusCodeStats?.['200']?.count ?? 0;
  const okPercent = result.requests.total > 0 ? (100 * ok) / result.requests.total : 0;
  const lines = [
    `load run: POST /v1/optimise ${jobs.map((j) => JSON.stringify(j)).join(' and ')}, scale-tier key, ${connections} connections, ${result.duration.toFixed(1)} s (after ${warmup} s warm-up)`,
    `server:   SOLVER_WORKERS=${workers}${values.queue === undefined ? '' : ` SOLVER_QUEUE=${values.queue}`}`,
    `machine:  ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, node ${process.version}`,
    `requests: ${result.requests.total} in total, ${result.requests.average.toFixed(1)} req/s on average (per-second min ${result.requests.min}, max ${result.requests.max})`,
    `latency:  p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `statuses: ${statuses || 'none'}; non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; 200: ${okPercent.toFixed(2)} %`,
    `health:   ${healthMs.length} calls during the run, p50 ${quantile(healthMs, 0.5).toFixed(1)} ms, p99 ${quantile(healthMs, 0.99).toFixed(1)} ms, max ${quantile(healthMs, 1).toFixed(1)} ms`,
    `in process, one call at a time: solve + verify ${breakdown.solveMs.toFixed(2)} ms; public admit + release over embedded DynamoDB ${breakdown.admitMs.toFixed(2)} ms`,
    `DynamoDB per admitted call (admit + release, counted by the client): keyed with a warm key ${show(breakdown.cost.keyedWarm)} (this run's calls); public ${show(breakdown.cost.public)}; a key's first call in a container ${show(breakdown.cost.keyedCold)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  const dir = join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ jobs, connections, workers, queue: values.queue ?? null, overrides, breakdown, healthMs, result }, null, 2)}\n`,
  );
  process.stdout.write(`full autocannon result: ${file}\n`);
  if (okPercent < minOk || result.errors > 0) process.exitCode = 1;
} finally {
  await server.stop('SIGTERM');
}

/** Calls `url` every 200 ms until stopped; resolves with each call's latency in ms. */
function watchHealth(url: string): { stop(): Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const sent = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`health answered ${res.status} during the run`);
      times.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times;
    },
  };
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
