/**
 * Idempotent POSTs against the embedded DynamoDB: the real admitter and stored-body store over one
 * table, the production handlers over a fake core. A repeat is replayed uncounted (even when the limit
 * is spent), a different request under the same key is 422, a call still running is 409 with a lease
 * that ends, concurrent twins solve once, a failing store leaves nothing half-written, and callers
 * never see each other's outcomes. The property test runs random sequences of calls with keys.
 */
import { type DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../core/budget.ts';
import { err, NoPlanFoundError } from '../../core/errors.ts';
import { apiEvent } from '../../test/support/api-event.ts';
import { embeddedDynamoPerFile } from '../../test/support/dynamo-per-file.ts';
import { fakeCore, fakeLp } from '../../test/support/fake-core.ts';
import { collectingLogger, fakeRenderPdf } from '../../test/support/handlers.ts';
import { countingClient, faultyClient, freshTable, networkError } from '../../test/support/limits-table.ts';
import type { Caller } from '../shared/admission.ts';
import { createAdmitter } from '../shared/limits/admitter.ts';
import { createDynamoStore } from '../shared/limits/dynamo-store.ts';
import { createKey } from '../shared/limits/key-admin.ts';
import type { BodyStore } from '../shared/stored/body-store.ts';
import { createDynamoBodyStore, workspacePk } from '../shared/stored/dynamo-body-store.ts';
import { TIERS } from '../shared/tiers.ts';
import { MAX_IDEMPOTENCY_KEY_CHARS } from './idempotent.ts';
import { makeOptimiseHandler } from './optimise-handler.ts';
import { makeOptimisePdfHandler } from './optimise-pdf-handler.ts';

const dynamo = embeddedDynamoPerFile();
const START = Date.parse('2025-03-10T13:20:00.000Z');
const IP = '203.0.113.7';

interface Options {
  /** Solves wait for this before answering. */
  gate?: () => Promise<void>;
  /** Solves answer 422 noPlanFound. */
  noPlan?: boolean;
  /** A body store other than the table's own (a faulty one). */
  bodies?: (tableName: string) => BodyStore;
  /** The DynamoDB client of both stores (a counting one). */
  client?: DynamoDBClient;
  /** The pro tier's per-minute limit. */
  proLimit?: number;
}

async function world(options: Options = {}) {
  const tableName = await freshTable(dynamo());
  const clock = manualClock(START);
  const client = options.client ?? dynamo().client;
  const store = createDynamoStore({ client, tableName });
  const tiers = { ...TIERS, pro: { ...TIERS.pro, rateLimit: options.proLimit ?? TIERS.pro.rateLimit } };
  const admitter = createAdmitter({ store, clock, tiers, deadlineMs: 30_000, logError: () => {} });
  const bodies = options.bodies?.(tableName) ?? createDynamoBodyStore({ client, tableName });
  const base = fakeCore();
  let solved = 0;
  const core = {
    ...base,
    optimise: async (...args: Parameters<typeof base.optimise>) => {
      solved += 1;
      await options.gate?.();
      if (options.noPlan === true) return err(new NoPlanFoundError('no plan found within 1 s'));
      return base.optimise(...args);
    },
  };
  const log = collectingLogger();
  const deps = {
    core,
    lp: fakeLp,
    clock,
    admitter,
    bodies,
    poweredBy: 'test',
    log,
    telemetry: { request() {} },
  };
  const optimise = makeOptimiseHandler(deps);
  const renderPdf = fakeRenderPdf();
  const pdf = makeOptimisePdfHandler({ ...deps, renderPdf });
  const made = await createKey(
    { store, clock },
    { workspace: 'acme', tier: 'pro', origins: [], branding: 'Acme', expiresAtMs: null },
  );
  if (!made.ok) throw new Error(made.problem);
  const other = await createKey(
    { store, clock },
    { workspace: 'zeta', tier: 'pro', origins: [], branding: null, expiresAtMs: null },
  );
  if (!other.ok) throw new Error(other.problem);

  const call = async (
    body: unknown,
    headers: Record<string, string> = {},
    { path = '/v1/optimise', ip = IP } = {},
  ) => {
    const res = await (path === '/v1/optimise' ? optimise : pdf)(
      apiEvent({
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        sourceIp: ip,
      }),
    );
    return { ...res, headers: (res.headers ?? {}) as Record<string, string> };
  };
  /** Calls counted this hour for a public IP, or this minute for a key. */
  const counted = async (caller: Caller) => {
    const usage = await admitter.usage?.(caller);
    if (!usage?.ok) throw new Error('usage failed');
    return usage.value.windows.at(-1)?.used ?? -1;
  };
  /** A caller's month as GET /v1/usage tells it. */
  const month = async (caller: Caller) => {
    const usage = await admitter.usage?.(caller);
    if (!usage?.ok) throw new Error('usage failed');
    return usage.value.month;
  };
  const storedItems = async (scope: string) => {
    const out = await dynamo().client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: workspacePk(scope) } },
      }),
    );
    return (out.Items ?? []).map((i) => i.sk?.S ?? '');
  };
  return {
    call,
    counted,
    month,
    storedItems,
    clock,
    renderPdf,
    log,
    solves: () => solved,
    key: made.value.key,
    otherKey: other.value.key,
    publicCaller: { ip: IP, apiKey: undefined, origin: undefined } as Caller,
    keyed: (k: string): Caller => ({ ip: IP, apiKey: k, origin: undefined }),
  };
}

/** Waits (in short real-time steps, at most about 10 s) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

const JOB = { parts: '500x4', stock: 1000 };
const OTHER_JOB = { parts: '400x2', stock: 1000 };

describe('idempotent POSTs', () => {
  it('replays a repeat uncounted, byte for byte, and marks it; a call without the header is counted each time', async () => {
    const w = await world();
    const first = await w.call(JOB, { 'Idempotency-Key': 'k-1' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['Idempotent-Replayed']).toBeUndefined();
    expect(first.headers['RateLimit-Policy']).toBe('"month";q=250;w=2678400, "hour";q=30;w=3600');
    // Whitespace and key order do not make another request.
    const again = await w.call('{ "stock": 1000,\n "parts": "500x4" }', { 'Idempotency-Key': 'k-1' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect(again.headers['X-RateLimit-Remaining']).toBeUndefined();
    expect(await w.counted(w.publicCaller)).toBe(1);
    expect(w.solves()).toBe(1);
    await w.call(JOB);
    await w.call(JOB);
    expect(await w.counted(w.publicCaller)).toBe(3);
    // Calls without the header stay stateless: the one stored item is k-1's outcome.
    expect(await w.storedItems(`ip:${IP}`)).toEqual([expect.stringMatching(/^idem#ik_/)]);
  });

  it('refuses the same key for a different request with 422 idempotencyKeyReused, counting nothing', async () => {
    const w = await world();
    await w.call(JOB, { 'Idempotency-Key': 'k-2' });
    for (const [body, opts] of [
      [OTHER_JOB, {}],
      [JOB, { path: '/v1/optimise/pdf' }],
    ] as const) {
      const res = await w.call(body, { 'Idempotency-Key': 'k-2' }, opts);
      expect(res.statusCode).toBe(422);
      expect(JSON.parse(res.body)).toMatchObject({
        error: 'idempotencyKeyReused',
        detail: expect.stringContaining('Idempotency-Key'),
      });
    }
    expect((await w.call(JOB, { 'Idempotency-Key': 'k-2', Accept: 'text/csv' })).statusCode).toBe(422);
    expect(await w.counted(w.publicCaller)).toBe(1);
  });

  it.each([
    ['too long', 'k'.repeat(MAX_IDEMPOTENCY_KEY_CHARS + 1), 'the most is 255'],
    ['empty', '', 'is empty'],
    ['not ASCII', 'clé', 'printable ASCII'],
  ])('answers a key that is %s with 400 naming the header, counting nothing', async (_, key, why) => {
    const w = await world();
    const res = await w.call(JOB, { 'Idempotency-Key': key });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).detail).toMatch(new RegExp(`^Idempotency-Key: .*${why}`));
    expect(await w.counted(w.publicCaller)).toBe(0);
  });

  it('accepts a key of exactly 255 characters', async () => {
    const w = await world();
    const key = 'x'.repeat(MAX_IDEMPOTENCY_KEY_CHARS);
    expect((await w.call(JOB, { 'Idempotency-Key': key })).statusCode).toBe(200);
    expect((await w.call(JOB, { 'Idempotency-Key': key })).headers['Idempotent-Replayed']).toBe('true');
  });

  it('stores a 422 noPlanFound and replays it; the call stays refunded', async () => {
    const w = await world({ noPlan: true });
    const first = await w.call(JOB, { 'Idempotency-Key': 'k-3', 'X-API-Key': w.key });
    expect(first.statusCode).toBe(422);
    const again = await w.call(JOB, { 'Idempotency-Key': 'k-3', 'X-API-Key': w.key });
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe(first.body);
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect(w.solves()).toBe(1);
    expect(await w.counted(w.keyed(w.key))).toBe(0);
  });

  it("replays even when the caller's limit is spent, and stores nothing for a 429 (retried with its key later)", async () => {
    const w = await world({ proLimit: 2 });
    const headers = (k: string) => ({ 'Idempotency-Key': k, 'X-API-Key': w.key });
    const first = await w.call(JOB, headers('a'));
    expect((await w.call(OTHER_JOB, headers('b'))).statusCode).toBe(200);
    const refused = await w.call(JOB, headers('c'));
    expect(refused.statusCode).toBe(429);
    const replay = await w.call(JOB, headers('a'));
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    w.clock.advance(60_000); // the next minute
    const retried = await w.call(JOB, headers('c'));
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['Idempotent-Replayed']).toBeUndefined();
  });

  it('stores nothing for a 400 or 401: the key may be retried with a good request', async () => {
    const w = await world();
    expect((await w.call({ parts: '' }, { 'Idempotency-Key': 'k-4' })).statusCode).toBe(400);
    expect((await w.call(JOB, { 'Idempotency-Key': 'k-4', 'X-API-Key': 'let-me-in' })).statusCode).toBe(401);
    expect((await w.call(JOB, { 'Idempotency-Key': 'k-4' })).statusCode).toBe(200);
  });

  it('renders a file again from the stored plan, byte for byte, with its headers', async () => {
    const w = await world();
    const headers = { 'Idempotency-Key': 'pdf-1', 'X-API-Key': w.key };
    const first = await w.call({ ...JOB, jobName: 'Rack' }, headers, { path: '/v1/optimise/pdf' });
    expect(first.statusCode).toBe(200);
    w.clock.advance(3_600_000);
    const again = await w.call({ ...JOB, jobName: 'Rack' }, headers, { path: '/v1/optimise/pdf' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.isBase64Encoded).toBe(true);
    for (const name of ['Content-Type', 'Content-Disposition', 'X-Time-Limit'])
      expect(again.headers[name]).toBe(first.headers[name]);
    expect(w.renderPdf.jobs).toHaveLength(2); // rendered twice, solved once
    expect(w.renderPdf.jobs[1]).toEqual(w.renderPdf.jobs[0]);
    expect(w.solves()).toBe(1);
  });

  it('keeps callers apart: the same key from another IP or workspace is another call', async () => {
    const w = await world();
    const a = await w.call(JOB, { 'Idempotency-Key': 'shared' });
    const b = await w.call(OTHER_JOB, { 'Idempotency-Key': 'shared' }, { ip: '198.51.100.1' });
    const c = await w.call(OTHER_JOB, { 'Idempotency-Key': 'shared', 'X-API-Key': w.key });
    const d = await w.call(JOB, { 'Idempotency-Key': 'shared', 'X-API-Key': w.otherKey });
    for (const res of [a, b, c, d]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['Idempotent-Replayed']).toBeUndefined();
    }
    expect(w.solves()).toBe(4);
    expect(await w.storedItems('ws:acme')).toEqual([expect.stringMatching(/^idem#ik_/)]);
    expect(await w.storedItems(`ip:${IP}`)).toEqual([expect.stringMatching(/^idem#ik_/)]);
  });

  it('answers a twin sent while the first runs with 409 and Retry-After; both at once solve once, counted once', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const w = await world({ gate: () => gate });
    const headers = { 'Idempotency-Key': 'twin', 'X-API-Key': w.key };
    const twins = [w.call(JOB, headers), w.call(JOB, headers)];
    // One takes the lease and waits at the gate; the other is answered at once.
    const [early, index] = await Promise.race(twins.map((p, i) => p.then((r) => [r, i] as const)));
    const first = twins[1 - index] as (typeof twins)[number];
    expect(early.statusCode).toBe(409);
    expect(early.headers['Retry-After']).toMatch(/^[1-5]$/);
    expect(JSON.parse(early.body)).toMatchObject({ error: 'idempotencyInProgress' });
    // A different request under the running key is refused as reused.
    expect((await w.call(OTHER_JOB, headers)).statusCode).toBe(422);
    open();
    const done = await first;
    expect(done.statusCode).toBe(200);
    const later = await w.call(JOB, headers);
    expect(later.body).toBe(done.body);
    expect(w.solves()).toBe(1);
    expect(await w.counted(w.keyed(w.key))).toBe(1);
    expect(await w.month(w.keyed(w.key))).toEqual({ used: 1, refunded: 0 }); // the month moved once
    expect(await w.storedItems('ws:acme')).toEqual([expect.stringMatching(/^idem#/)]); // the lease is gone
  });

  it('lets a lease of a crashed call end: a retry after it runs', async () => {
    const w = await world({ gate: () => new Promise<void>(() => {}) }); // the first solve never ends
    const headers = { 'Idempotency-Key': 'crash', 'X-API-Key': w.key };
    void w.call(JOB, headers);
    await until(() => w.solves() === 1);
    expect((await w.call(JOB, headers)).statusCode).toBe(409);
    w.clock.advance(149_000);
    expect((await w.call(JOB, headers)).statusCode).toBe(409);
    // The pro tier's 120 s budget plus the 30 s grace: the lease has ended, the retry takes it and solves.
    w.clock.advance(1_000);
    void w.call(JOB, headers);
    await until(() => w.solves() === 2);
    expect((await w.call(JOB, headers)).statusCode).toBe(409); // and holds it in turn
  });

  it.each([
    ['before', 'the put never landed'],
    ['after', 'the put landed, its answer was lost'],
  ] as const)(
    'answers 503 when storing the outcome fails (%s: %s), refunds it and leaves nothing; a retry solves once',
    async (timing, _why) => {
      let failNextOutcome = true;
      let puts = 0;
      const w = await world({
        bodies: (tableName) =>
          createDynamoBodyStore({
            client: faultyClient(dynamo().endpoint, {
              decide: (_, command) => {
                if (command !== 'PutItemCommand') return null;
                puts += 1;
                // Each call puts its lease first, then its outcome: fail the first outcome.
                return failNextOutcome && puts === 2 ? { timing, error: networkError } : null;
              },
            }),
            tableName,
          }),
      });
      const headers = { 'Idempotency-Key': 'fault', 'X-API-Key': w.key };
      const failed = await w.call(JOB, headers);
      expect(failed.statusCode).toBe(503);
      expect(JSON.parse(failed.body)).toMatchObject({ error: 'busy', retryAfterSeconds: 2 });
      expect(failed.headers['Retry-After']).toBe('2');
      expect(await w.counted(w.keyed(w.key))).toBe(0);
      expect(await w.storedItems('ws:acme')).toEqual([]);
      failNextOutcome = false;
      const retried = await w.call(JOB, headers);
      expect(retried.statusCode).toBe(200);
      expect(retried.headers['Idempotent-Replayed']).toBeUndefined();
      const replayed = await w.call(JOB, headers);
      expect(replayed.body).toBe(retried.body);
      expect(replayed.headers['Idempotent-Replayed']).toBe('true');
      expect(await w.counted(w.keyed(w.key))).toBe(1);
      // The month: the refunded first attempt, and the retry that stood.
      expect(await w.month(w.keyed(w.key))).toEqual({ used: 1, refunded: 1 });
      expect(w.solves()).toBe(2);
    },
  );

  it('costs a plain call 3 DynamoDB requests, a first idempotent call 8 (in 7 steps), a replay 1', async () => {
    const { client, tally } = countingClient(dynamo().endpoint);
    const w = await world({ client });
    const cost = async (headers: Record<string, string>) => {
      tally.reset();
      const res = await w.call(JOB, headers);
      expect(res.statusCode).toBe(200);
      return { requests: tally.requests, steps: tally.steps, commands: [...tally.commands] };
    };
    const keyed = { 'X-API-Key': w.key };
    await cost(keyed); // warms the key cache (one GetItem of the key record)
    expect(await cost(keyed)).toMatchObject({ requests: 3, steps: 2 });
    expect(await cost({ ...keyed, 'Idempotency-Key': 'cost-1' })).toEqual({
      requests: 8,
      steps: 7,
      commands: [
        'GetItemCommand', // the outcome: none yet
        'PutItemCommand', // the lease
        'GetItemCommand', // the outcome again (a call may have ended in between)
        'UpdateItemCommand', // admission: count and claim, together
        'UpdateItemCommand',
        'PutItemCommand', // the outcome, before the release
        'UpdateItemCommand', // the release (and the month)
        'DeleteItemCommand', // the lease
      ],
    });
    expect(await cost({ ...keyed, 'Idempotency-Key': 'cost-1' })).toEqual({
      requests: 1,
      steps: 1,
      commands: ['GetItemCommand'],
    });
    client.destroy();
  });

  it('counts once per distinct key and request, and replays identically (random sequences)', async () => {
    const bodies = [JOB, OTHER_JOB, { parts: '300x3', stock: 1000 }];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            key: fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined }),
            body: fc.nat(2),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (calls) => {
          const w = await world();
          const first = new Map<string, { body: number; answer: string }>();
          let expected = 0;
          for (const { key, body } of calls) {
            const res = await w.call(bodies[body], {
              'X-API-Key': w.key,
              ...(key === undefined ? {} : { 'Idempotency-Key': key }),
            });
            const seen = key === undefined ? undefined : first.get(key);
            if (seen === undefined) {
              expect(res.statusCode).toBe(200);
              expected += 1;
              if (key !== undefined) first.set(key, { body, answer: res.body });
            } else if (seen.body === body) {
              expect(res.statusCode).toBe(200);
              expect(res.headers['Idempotent-Replayed']).toBe('true');
              expect(res.body).toBe(seen.answer);
            } else {
              expect(res.statusCode).toBe(422);
            }
          }
          expect(await w.counted(w.keyed(w.key))).toBe(expected);
          expect(w.solves()).toBe(expected);
        },
      ),
      { numRuns: 12 },
    );
  });
});
