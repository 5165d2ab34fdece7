/**
 * A bounded soak run against `npm start`, loopback only:
 *
 *   npx tsx bench/soak.ts [--duration 40] [--workers 6] [--pause 6]
 *
 * It starts its own embedded DynamoDB (dynalite) in this process and `npm start` as a child pointed at
 * it (`DYNAMODB_ENDPOINT`), so it can stall the table in the middle of the run, as a DynamoDB that stops
 * answering. Workers send a mix of valid calls (public, from many addresses through `X-Forwarded-For`
 * with `TRUST_PROXY=1`; keyed; PDFs; health), invalid ones (bad JSON, missing fields, caps, bad keys,
 * unknown routes, wrong methods) and hostile ones (huge numbers, deep nesting, lone surrogates, long
 * query strings, angle cuts, byte-order marks), each with a 30 s client timeout, until the time is up.
 *
 * It reports, and exits non-zero unless all hold:
 * - no 5xx other than 503 `busy`, and no 503 outside the stall (plus the admission deadline);
 * - no hang (no call without an answer within 30 s, no connection error);
 * - the counters in the table equal the 200s of the counted routes it saw, and no slot is left held.
 */

import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { startEmbeddedDynamo } from '../functions/local/embedded-dynamo.ts';
import { systemClock } from '../functions/shared/clock.ts';
import {
  createDynamoStore,
  createKey,
  DEFAULT_ADMISSION_DEADLINE_MS,
} from '../functions/shared/limits/index.ts';
import { startServerProcess } from '../test/support/server-process.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '40' },
    workers: { type: 'string', default: '6' },
    pause: { type: 'string', default: '6' },
  },
});
const durationMs = Number(values.duration) * 1000;
const workers = Number(values.workers);
const pauseMs = Number(values.pause) * 1000;
if (!(durationMs > 0 && workers > 0 && pauseMs > 0 && pauseMs < durationMs / 2)) {
  throw new Error('--duration, --workers and --pause must be positive, the pause under half the run');
}
const CLIENT_TIMEOUT_MS = 30_000;
/** Slack after the stall for calls already waiting on their admission deadline to answer. */
const STALL_SLACK_MS = DEFAULT_ADMISSION_DEADLINE_MS + 1_500;

interface Call {
  readonly kind: string;
  readonly counted: boolean;
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

interface Outcome {
  readonly call: Call;
  readonly status: number | 'hang' | 'error';
  readonly code: string | undefined;
  readonly startMs: number;
  readonly endMs: number;
}

const VALID = '{"parts":"2400x4,1150x6,600x10","stock":6000,"kerf":3}';
let seed = 42;
/** A seeded generator, so a run can be repeated. */
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const ip = () => `10.77.${Math.floor(random() * 4)}.${1 + Math.floor(random() * 250)}`;
const json = { 'Content-Type': 'application/json' };

function nextCall(key: string): Call {
  const fwd = { 'X-Forwarded-For': ip() };
  const valid: Call[] = [
    {
      kind: 'public POST',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, ...fwd },
      body: VALID,
    },
    {
      kind: 'mitred POST',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, ...fwd },
      body: '{"parts":[{"length":460,"quantity":8,"leftAngle":45,"rightAngle":45}],"stock":2000,"angleCuts":{"enabled":true,"width":40,"axialSymmetry":"XYZ"}}',
    },
    {
      kind: 'public GET',
      counted: true,
      method: 'GET',
      path: '/v1/optimise?parts=500x4,300x2&stock=1000',
      headers: fwd,
    },
    {
      kind: 'keyed POST',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, 'X-API-Key': key },
      body: VALID,
    },
    {
      kind: 'keyed PDF',
      counted: true,
      method: 'POST',
      path: '/v1/optimise/pdf',
      headers: { ...json, 'X-API-Key': key },
      body: '{"parts":"800x3,450x5","stock":2400,"jobName":"Soak Ł ö"}',
    },
    { kind: 'health', counted: false, method: 'GET', path: '/v1/health', headers: fwd },
  ];
  const invalid: Call[] = [
    {
      kind: 'bad JSON',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, ...fwd },
      body: '{"parts":',
    },
    {
      kind: 'no parts',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, ...fwd },
      body: '{"stock":1000}',
    },
    {
      kind: 'part too long',
      counted: true,
      method: 'GET',
      path: '/v1/optimise?parts=1200x1&stock=1000',
      headers: fwd,
    },
    {
      kind: 'over the public cap',
      counted: true,
      method: 'GET',
      path: '/v1/optimise?parts=10x301&stock=1000',
      headers: fwd,
    },
    {
      kind: 'unknown key',
      counted: true,
      method: 'GET',
      path: '/v1/optimise?parts=500x2&stock=1000',
      headers: { 'X-API-Key': `cp_live_0123456789abcdef_${'A'.repeat(32)}` },
    },
    {
      kind: 'malformed key',
      counted: true,
      method: 'GET',
      path: '/v1/optimise?parts=500x2&stock=1000',
      headers: { 'X-API-Key': 'let-me-in' },
    },
    { kind: 'unknown route', counted: false, method: 'GET', path: '/v1/nothing', headers: fwd },
    { kind: 'wrong method', counted: false, method: 'DELETE', path: '/v1/optimise', headers: fwd },
  ];
  const hostile: Call[] = [
    {
      kind: 'huge numbers',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, ...fwd },
      body: '{"parts":[{"length":1e308,"quantity":9007199254740993}],"stock":1e309}',
    },
    {
      kind: 'deep nesting',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, ...fwd },
      body: `{"parts":${'['.repeat(2000)}${']'.repeat(2000)},"stock":1000}`,
    },
    {
      kind: 'lone surrogate',
      counted: true,
      method: 'POST',
      path: '/v1/optimise/pdf',
      headers: { ...json, ...fwd },
      body: '{"parts":"500x2","stock":1000,"jobName":"a\\ud800b"}',
    },
    {
      kind: 'long query',
      counted: true,
      method: 'GET',
      path: `/v1/optimise?parts=${'500x1,'.repeat(1200)}500x1&stock=1000`,
      headers: fwd,
    },
    {
      kind: 'misspelt angle',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, ...fwd },
      body: '{"parts":[{"length":500,"quantity":2,"angleLeft":45}],"stock":1000}',
    },
    {
      kind: 'two BOMs',
      counted: true,
      method: 'POST',
      path: '/v1/optimise',
      headers: { ...json, ...fwd },
      body: `\uFEFF\uFEFF${VALID}`,
    },
  ];
  const r = random();
  return pick(r < 0.6 ? valid : r < 0.85 ? invalid : hostile);
}

async function send(base: string, call: Call, t0: number): Promise<Outcome> {
  const startMs = performance.now() - t0;
  try {
    const res = await fetch(`${base}${call.path}`, {
      method: call.method,
      ...(call.headers === undefined ? {} : { headers: call.headers }),
      ...(call.body === undefined ? {} : { body: call.body }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await res.text();
    let code: string | undefined;
    if (res.status >= 400) {
      try {
        code = (JSON.parse(text) as { error?: string }).error;
      } catch {
        code = `(not JSON: ${text.slice(0, 40)})`;
      }
    }
    return { call, status: res.status, code, startMs, endMs: performance.now() - t0 };
  } catch (error) {
    const hang = error instanceof Error && error.name === 'TimeoutError';
    return {
      call,
      status: hang ? 'hang' : 'error',
      code: String(error),
      startMs,
      endMs: performance.now() - t0,
    };
  }
}

const dynamo = await startEmbeddedDynamo({ tableName: 'cutplan-soak' });
const server = await startServerProcess({
  // One solver thread per soak worker: the local pool answers 503 busy when every thread is taken, and
  // this run is about the table's stall, not about the pool's size.
  env: {
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: dynamo.tableName,
    TRUST_PROXY: '1',
    SOLVER_WORKERS: String(workers),
  },
});
let failed = false;
try {
  const store = createDynamoStore({ client: dynamo.client, tableName: dynamo.tableName });
  const created = await createKey(
    { store, clock: systemClock },
    { workspace: 'soak', tier: 'scale', origins: [], branding: null, expiresAtMs: null },
  );
  if (!created.ok) throw new Error(created.problem);
  const key = created.value.key;

  const outcomes: Outcome[] = [];
  const t0 = performance.now();
  const pauseAt = (durationMs - pauseMs) / 2;
  let pausedFrom = Number.NaN;
  let pausedTo = Number.NaN;
  const stall = (async () => {
    await new Promise((resolve) => setTimeout(resolve, pauseAt));
    pausedFrom = performance.now() - t0;
    dynamo.pause();
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    dynamo.resume();
    pausedTo = performance.now() - t0;
  })();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      // Bounded: each worker stops once the run's time is up (and every call has its own timeout).
      while (performance.now() - t0 < durationMs) outcomes.push(await send(server.url, nextCall(key), t0));
    }),
  );
  await stall;
  // Let compensations of calls refused during the stall land before reading the table.
  await new Promise((resolve) => setTimeout(resolve, 6_000));

  const items = [];
  let start: Record<string, never> | undefined;
  do {
    const page = await dynamo.client.send(
      new ScanCommand({ TableName: dynamo.tableName, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey as Record<string, never> | undefined;
  } while (start !== undefined);
  const counted = items
    .filter(
      (i) =>
        i.sk?.S?.startsWith('count#month@') || (i.pk?.S?.startsWith('use#') && i.sk?.S?.startsWith('count#')),
    )
    .reduce((sum, i) => sum + Number(i.used?.N ?? 0), 0);
  const hourCounted = items
    .filter((i) => i.sk?.S?.startsWith('count#month@'))
    .reduce(
      (sum, i) =>
        sum +
        Object.entries(i)
          .filter(([k]) => k.startsWith('used#'))
          .reduce((s, [, v]) => s + Number(v.N ?? 0), 0),
      0,
    );
  // Live leases left (an ended one, left by a release during the stall, is reaped by the next claim).
  const held = items
    .filter((i) => i.sk?.S === 'slots')
    .flatMap((i) =>
      Object.entries(i).filter(([k, v]) => k.startsWith('lease#') && Number(v.N ?? 0) > 0),
    ).length;

  const ok200 = outcomes.filter((o) => o.call.counted && o.status === 200).length;
  const duringStall = (o: Outcome) => o.endMs >= pausedFrom && o.startMs <= pausedTo + STALL_SLACK_MS;
  const fivexx = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500);
  const badFivexx = fivexx.filter((o) => !(o.status === 503 && o.code === 'busy' && duringStall(o)));
  const hangs = outcomes.filter((o) => o.status === 'hang' || o.status === 'error');
  const byKind = new Map<string, Map<string, number>>();
  for (const o of outcomes) {
    const m = byKind.get(o.call.kind) ?? new Map<string, number>();
    const label = o.code === undefined ? String(o.status) : `${o.status} ${o.code}`;
    m.set(label, (m.get(label) ?? 0) + 1);
    byKind.set(o.call.kind, m);
  }
  const lines = [
    `soak run: ${(durationMs / 1000).toFixed(0)} s, ${workers} workers, against npm start (pid ${server.child.pid}) on ${server.url}`,
    `machine:  ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, node ${process.version}`,
    `stall:    DynamoDB paused from ${(pausedFrom / 1000).toFixed(1)} s to ${(pausedTo / 1000).toFixed(1)} s`,
    `calls:    ${outcomes.length} in total`,
    ...[...byKind].map(
      ([kind, m]) => `  ${kind.padEnd(20)} ${[...m].map(([label, n]) => `${label}×${n}`).join(', ')}`,
    ),
    `5xx:      ${fivexx.length} (503 busy during the stall: ${fivexx.length - badFivexx.length}; any other: ${badFivexx.length})`,
    `hangs:    ${hangs.length} (no answer within ${CLIENT_TIMEOUT_MS / 1000} s, or a connection error)`,
    `counters: ${counted} calls counted in the table (hour attributes: ${hourCounted}), ${ok200} answered 200 on counted routes; live slot leases left: ${held}`,
  ];
  for (const o of badFivexx.slice(0, 5))
    lines.push(`  unexpected: ${o.call.kind} ${o.status} ${o.code} at ${(o.startMs / 1000).toFixed(1)} s`);
  for (const o of hangs.slice(0, 5)) lines.push(`  hang: ${o.call.kind} ${o.code}`);
  const publicOk = outcomes.filter(
    (o) => o.call.counted && o.status === 200 && !o.call.headers?.['X-API-Key'],
  ).length;
  const pass =
    badFivexx.length === 0 &&
    hangs.length === 0 &&
    counted === ok200 &&
    hourCounted === publicOk &&
    held === 0;
  lines.push(pass ? 'result:   PASS' : 'result:   FAIL');
  process.stdout.write(`${lines.join('\n')}\n`);
  failed = !pass;
} finally {
  await server.stop('SIGTERM');
  await dynamo.close();
}
process.exitCode = failed ? 1 : 0;
