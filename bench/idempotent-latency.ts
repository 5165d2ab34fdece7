/**
 * The latency an `Idempotency-Key` adds, against a running local server (`npm start`): rounds of three
 * calls of the same small job over loopback, one after another (no concurrency): a plain POST, a first
 * idempotent POST (a new key: the lookups, the lease, the stored outcome) and its replay. Prints the
 * median of each and the ratios to the plain call in the same run. A shared machine makes the absolute
 * figures noisy; the ratios are what to compare.
 *
 *   TIER_OVERRIDES='{"public":{"rateLimit":100000,"monthlyCap":100000}}' PORT=3105 npm start
 *   node bench/idempotent-latency.ts http://127.0.0.1:3105 [rounds=40]
 */
import { randomUUID } from 'node:crypto';

const [base = 'http://127.0.0.1:3000', roundsArg = '40'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const body = JSON.stringify({ parts: '500x4,300x2', stock: 1000 });

async function post(headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/v1/optimise`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${res.status} from ${base}`);
  return performance.now() - started;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const plain: number[] = [];
const first: number[] = [];
const replay: number[] = [];
for (let i = 0; i < 3; i++) await post({}); // warm the workers and the table
for (let i = 0; i < rounds; i++) {
  const key = randomUUID();
  plain.push(await post({}));
  first.push(await post({ 'Idempotency-Key': key }));
  replay.push(await post({ 'Idempotency-Key': key }));
}
const p = median(plain);
const f = median(first);
const r = median(replay);
console.log(`${rounds} rounds against ${base}`);
console.log(`plain POST:            median ${p.toFixed(2)} ms`);
console.log(
  `idempotent, first:     median ${f.toFixed(2)} ms (${(f / p).toFixed(2)} × plain, +${(f - p).toFixed(2)} ms)`,
);
console.log(`idempotent, replayed:  median ${r.toFixed(2)} ms (${(r / p).toFixed(2)} × plain)`);
