/**
 * The latency an async job adds over a direct call, against a running local server (`npm start`) and a key:
 * rounds of the same small job over loopback, one after another (no concurrency): a direct keyed
 * `POST /v1/optimise`, then the same body as `POST /v1/jobs` polled with `GET /v1/jobs/{id}` until it is
 * `succeeded`. Polling runs every `pollMs` (default 25 ms) to measure the service, not the client's wait; a
 * client honouring `Retry-After` (2 s) sees its end up to 2 s later. Prints the medians, the difference
 * and the ratio in the same run, and the polls per job. A shared machine makes absolute figures noisy.
 *
 *   TIER_OVERRIDES='{"pro":{"rateLimit":100000}}' PORT=3202 npm start
 *   KEY=$(npx cutplan keys create --workspace bench --tier pro)
 *   node bench/job-latency.ts http://127.0.0.1:3202 "$KEY" [rounds=30] [pollMs=25]
 */
const [base = 'http://127.0.0.1:3000', key = '', roundsArg = '30', pollArg = '25'] = process.argv.slice(2);
if (key === '') throw new Error('usage: node bench/job-latency.ts <baseUrl> <apiKey> [rounds] [pollMs]');
const rounds = Number(roundsArg);
const pollMs = Number(pollArg);
const body = JSON.stringify({ parts: '500x4,300x2', stock: 1000 });
const headers = { 'Content-Type': 'application/json', Accept: 'application/json', 'X-API-Key': key };

async function direct(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/v1/optimise`, { method: 'POST', headers, body });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${res.status} from POST /v1/optimise`);
  return performance.now() - started;
}

async function job(): Promise<{ ms: number; submitMs: number; polls: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/v1/jobs`, { method: 'POST', headers, body });
  const accepted = (await res.json()) as { id: string };
  if (res.status !== 202) throw new Error(`${res.status} from POST /v1/jobs`);
  const submitMs = performance.now() - started;
  const location = res.headers.get('location') ?? `${base}/v1/jobs/${accepted.id}`;
  for (let polls = 1; ; polls++) {
    const got = await fetch(location, { headers });
    const view = (await got.json()) as { status: string };
    if (view.status === 'succeeded') return { ms: performance.now() - started, submitMs, polls };
    if (view.status !== 'queued' && view.status !== 'running')
      throw new Error(`job ${accepted.id} ${view.status}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

for (let i = 0; i < 3; i++) {
  await direct();
  await job();
}
const directs: number[] = [];
const jobs: number[] = [];
const submits: number[] = [];
const polls: number[] = [];
for (let i = 0; i < rounds; i++) {
  directs.push(await direct());
  const run = await job();
  jobs.push(run.ms);
  submits.push(run.submitMs);
  polls.push(run.polls);
}
const d = median(directs);
const j = median(jobs);
const f = (ms: number) => `${ms.toFixed(2)} ms`;
console.log(`${rounds} rounds, polling every ${pollMs} ms, ${base}`);
console.log(`direct POST /v1/optimise        median ${f(d)}`);
console.log(`job: submit (202)               median ${f(median(submits))}`);
console.log(`job: submit → succeeded seen    median ${f(j)}  (+${f(j - d)}, ${(j / d).toFixed(2)}×)`);
console.log(`polls per job                   median ${median(polls)}`);
