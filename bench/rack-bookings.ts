/**
 * `node bench/rack-bookings.ts [--plans N] [--concurrency C]`: bookings per second on the local server and
 * DynamoDB requests per booking. A bounded loopback run: the local server (rack and plan handlers, the
 * production admitter and workspace state) over an embedded dynalite; N plans, each using its own rack
 * offcut and leaving one remnant, stored directly, then booked over HTTP: the first half one after another,
 * the second half C at a time; then every plan booked again (repeats). The workspace state's requests are
 * counted through a counting client (admission's key read and rack-call count go through another).
 */
import { parseArgs } from 'node:util';
import { runKeys } from '../bin/keys.ts';
import { manualClock } from '../core/budget.ts';
import { makeFallbackHandler } from '../functions/handlers/index.ts';
import { makePlansHandler } from '../functions/handlers/plans-handler.ts';
import { makeRackHandler } from '../functions/handlers/rack-handler.ts';
import { startEmbeddedDynamo } from '../functions/local/embedded-dynamo.ts';
import { jsonLogger } from '../functions/shared/log.ts';
import { limitsAdmitter } from '../functions/shared/services.ts';
import { createWorkspaceState } from '../functions/shared/stored/index.ts';
import { TIERS } from '../functions/shared/tiers.ts';
import { countingClient, freshTable } from '../test/support/limits-table.ts';
import { startServer } from '../test/support/local-server.ts';

const { values } = parseArgs({
  options: { plans: { type: 'string', default: '200' }, concurrency: { type: 'string', default: '8' } },
});
const plans = Math.min(2000, Math.max(2, Number(values.plans)));
const concurrency = Math.min(64, Math.max(1, Number(values.concurrency)));

const dynamo = await startEmbeddedDynamo();
const tableName = await freshTable(dynamo);
const { client: counted, tally } = countingClient(dynamo.endpoint);
const clock = manualClock(Date.now());
const quiet = jsonLogger(() => {});
const tiers = { ...TIERS, scale: { ...TIERS.scale, rackCallsPerMinute: 1_000_000, rackEntries: 100_000 } };
const admitter = limitsAdmitter({ client: dynamo.client, tableName, clock, log: quiet, tiers });
const state = createWorkspaceState({ client: counted, tableName, now: clock.now });
const none = makeFallbackHandler({ log: quiet });
const telemetry = { request: () => {} };
const server = await startServer({
  optimise: none,
  'optimise-pdf': none,
  'optimise-labels': none,
  'optimise-csv': none,
  mcp: none,
  health: none,
  usage: none,
  docs: none,
  fallback: none,
  rack: makeRackHandler({ log: quiet, telemetry, admitter, state }),
  plans: makePlansHandler({
    log: quiet,
    telemetry,
    admitter,
    state,
    renderPdf: async () => new Uint8Array(),
    renderLabels: async () => '',
    renderSawList: () => '',
  }),
});

let out = '';
await runKeys(['create', '--workspace', 'bench', '--tier', 'scale'], {
  env: { DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: tableName },
  cwd: '/nonexistent',
  clock,
  stdout: (t) => {
    out += t;
  },
  stderr: () => {},
});
const key = /cp_live_\S+/.exec(out)?.[0] ?? '';
const add = await fetch(`${server.url}/v1/offcuts`, {
  method: 'POST',
  headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
  body: JSON.stringify({ offcuts: Array.from({ length: plans }, (_, i) => [1000 + i, 1]) }),
});
const entries = ((await add.json()) as { offcuts: { id: string; length: number }[] }).offcuts;
const ids: string[] = [];
for (const entry of entries) {
  ids.push(
    await state.storePlan(
      'bench',
      {
        unit: 'mm',
        minRemnant: 50,
        used: [{ rackId: entry.id, quantity: 1, length: entry.length, material: null }],
        remnants: [{ length: entry.length - 900, count: 1, material: null }],
      },
      (id) => ({
        request: {},
        response: { plan: { id } },
        jobName: null,
        branding: null,
        createdAtMs: clock.now(),
      }),
    ),
  );
}

const book = async (id: string) => {
  const res = await fetch(`${server.url}/v1/plans/${id}/cut`, {
    method: 'POST',
    headers: { 'X-API-Key': key },
  });
  if (res.status !== 200) throw new Error(`booking ${id}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
};
async function timed(label: string, list: readonly string[], parallel: number) {
  tally.reset();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < list.length) await book(list[next++] as string);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const perSecond = list.length / seconds;
  const requests = tally.requests / list.length;
  console.log(
    `${label.padEnd(34)} ${String(list.length).padStart(5)} bookings  ${perSecond.toFixed(1).padStart(7)} /s  ${requests.toFixed(2)} state requests per booking (${[...new Set(tally.commands)].join(', ')})`,
  );
}

const half = Math.floor(plans / 2);
console.log(`rack bookings on the local server (loopback, embedded dynalite), ${plans} plans`);
await timed('first bookings, one at a time', ids.slice(0, half), 1);
await timed(`first bookings, ${concurrency} at a time`, ids.slice(half), concurrency);
await timed(`repeats, ${concurrency} at a time`, ids, concurrency);
const rack = await state.read('bench');
const left = rack.entries.filter((e) => e.source === 'hand').length;
const racked = rack.entries.filter((e) => e.source !== 'hand').length;
console.log(
  `rack after: ${left} hand entries left (expected 0), ${racked} remnants racked (expected ${plans})`,
);
await server.close();
counted.destroy();
await dynamo.close();
