/**
 * `Idempotency-Key` on the POSTs that change the rack (`POST /v1/plans/{id}/cut`, `POST /v1/offcuts`)
 * against the embedded DynamoDB: the real admitter, workspace state and stored-body store over one table.
 * A repeat is replayed uncounted (even with the rack window spent), a different plan or body under the
 * key is 422, a repeat while the first runs is 409, a stored 409 `offcutsTaken` is replayed, refusals
 * before the change store nothing, and a failing outcome write leaves the change applied once.
 */
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../core/budget.ts';
import { apiEvent } from '../../test/support/api-event.ts';
import { embeddedDynamoPerFile } from '../../test/support/dynamo-per-file.ts';
import { collectingLogger, fakeRenderLabels, fakeRenderPdf } from '../../test/support/handlers.ts';
import { freshTable } from '../../test/support/limits-table.ts';
import { createAdmitter } from '../shared/limits/admitter.ts';
import { createDynamoStore } from '../shared/limits/dynamo-store.ts';
import { createKey } from '../shared/limits/key-admin.ts';
import { StoreUnavailableError } from '../shared/store-unavailable.ts';
import type { BodyStore } from '../shared/stored/body-store.ts';
import { createDynamoBodyStore, workspacePk } from '../shared/stored/dynamo-body-store.ts';
import { createDynamoRackStore } from '../shared/stored/dynamo-rack-store.ts';
import type { Rack } from '../shared/stored/rack.ts';
import { type PlanMeta, workspaceState } from '../shared/stored/workspace-state.ts';
import { TIERS } from '../shared/tiers.ts';
import { makePlansHandler } from './plans-handler.ts';
import { makeRackHandler } from './rack-handler.ts';

const dynamo = embeddedDynamoPerFile();
const START = Date.parse('2026-02-01T08:00:00.000Z');
/** The pro tier's rack calls per minute here: small, so a spent window is reached. */
const RACK_CALLS = 4;

interface Options {
  /** Bookings wait for this before reaching the rack. */
  gate?: () => Promise<void>;
  /** Wraps the answers' store (to fail its outcome writes). */
  bodies?: (store: BodyStore) => BodyStore;
}

async function world(options: Options = {}) {
  const tableName = await freshTable(dynamo());
  const client = dynamo().client;
  const clock = manualClock(START);
  const store = createDynamoStore({ client, tableName });
  const tiers = { ...TIERS, pro: { ...TIERS.pro, rackCallsPerMinute: RACK_CALLS } };
  const admitter = createAdmitter({ store, clock, tiers, deadlineMs: 30_000, logError: () => {} });
  const tableBodies = createDynamoBodyStore({ client, tableName });
  const real = workspaceState({
    rack: createDynamoRackStore({ client, tableName }),
    bodies: tableBodies,
    now: () => clock.now(),
  });
  let bookings = 0;
  const state: typeof real = {
    ...real,
    book: async (...args) => {
      bookings += 1;
      await options.gate?.();
      return real.book(...args);
    },
  };
  const log = collectingLogger();
  const deps = {
    log,
    telemetry: { request() {} },
    admitter,
    state,
    clock,
    bodies: options.bodies?.(tableBodies) ?? tableBodies,
  };
  const rack = makeRackHandler(deps);
  const plans = makePlansHandler({
    ...deps,
    renderPdf: fakeRenderPdf(),
    renderLabels: fakeRenderLabels(),
    renderSawList: () => 'csv',
  });
  const made = await createKey(
    { store, clock },
    { workspace: 'acme', tier: 'pro', origins: [], branding: null, expiresAtMs: null },
  );
  if (!made.ok) throw new Error(made.problem);
  const key = made.value.key;

  const call = async (
    path: string,
    body: string | null,
    headers: Record<string, string> = {},
    apiKey: string | null = key,
  ) => {
    const handler = path.startsWith('/v1/plans/') ? plans : rack;
    const res = await handler(
      apiEvent({
        method: 'POST',
        path,
        headers: {
          'Content-Type': 'application/json',
          ...(apiKey === null ? {} : { 'X-API-Key': apiKey }),
          ...headers,
        },
        ...(body === null ? {} : { body }),
      }),
    );
    return { status: res.statusCode, body: res.body, headers: (res.headers ?? {}) as Record<string, string> };
  };
  /** A stored plan of acme that takes `used` (entry id → pieces) and leaves a 250 remnant. */
  const plan = async (used: Readonly<Record<string, number>>) => {
    const current = await real.read('acme');
    const meta: PlanMeta = {
      unit: 'mm',
      minRemnant: 100,
      used: Object.entries(used).map(([rackId, quantity]) => {
        const entry = current.entries.find((e) => e.id === rackId);
        return { rackId, quantity, length: entry?.length ?? 0, material: entry?.material ?? null };
      }),
      remnants: [{ length: 250, count: 1, material: null }],
    };
    return real.storePlan('acme', meta, (id) => ({
      request: {},
      response: { plan: { id } },
      jobName: null,
      branding: null,
      createdAtMs: clock.now(),
    }));
  };
  const storedIdem = async () => {
    const out = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :idem)',
        ExpressionAttributeValues: { ':pk': { S: workspacePk('ws:acme') }, ':idem': { S: 'idem' } },
      }),
    );
    return (out.Items ?? []).map((i) => i.sk?.S ?? '');
  };
  const pieces = async (): Promise<number> =>
    (await real.read('acme')).entries.reduce((sum, e: Rack['entries'][number]) => sum + e.quantity, 0);
  return {
    call,
    plan,
    storedIdem,
    pieces,
    read: () => real.read('acme'),
    log,
    clock,
    bookings: () => bookings,
    /** Moves the clock past the rack window, so the next call finds it fresh. */
    nextMinute: () => clock.advance(60_000),
  };
}

const ADD = JSON.stringify({ offcuts: '1200x2, 800' });

describe('Idempotency-Key on rack adds (POST /v1/offcuts)', () => {
  it('adds once: a repeat replays the first answer, marked, uncounted, and adds nothing', async () => {
    const w = await world();
    const first = await w.call('/v1/offcuts', ADD, { 'Idempotency-Key': 'add-1' });
    expect(first.status).toBe(200);
    expect(first.headers['Idempotent-Replayed']).toBeUndefined();
    expect(first.headers['X-RateLimit-Remaining']).toBe(String(RACK_CALLS - 1));
    // Key order and white space do not make another request.
    const again = await w.call('/v1/offcuts', '{"offcuts":"1200x2, 800" }', { 'Idempotency-Key': 'add-1' });
    expect(again.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect(again.headers['X-RateLimit-Remaining']).toBeUndefined();
    expect(await w.pieces()).toBe(3);
    // The replay was not counted: the next counted call is the window's second.
    const plain = await w.call('/v1/offcuts', ADD);
    expect(plain.headers['X-RateLimit-Remaining']).toBe(String(RACK_CALLS - 2));
    expect(await w.pieces()).toBe(6);
    // A CSV add keyed the same is another request.
    const csv = await w.call('/v1/offcuts', '1200,2\n', {
      'Idempotency-Key': 'add-1',
      'Content-Type': 'text/csv',
    });
    expect(csv.status).toBe(422);
    expect(JSON.parse(csv.body)).toMatchObject({ error: 'idempotencyKeyReused' });
    expect(await w.pieces()).toBe(6);
  });

  it('stores nothing for a refusal before the add (400, 401), and the key then adds', async () => {
    const w = await world();
    const bad = await w.call('/v1/offcuts', JSON.stringify({ offcuts: '1200x0' }), {
      'Idempotency-Key': 'a',
    });
    expect(bad.status).toBe(400);
    const keyless = await w.call('/v1/offcuts', ADD, { 'Idempotency-Key': 'b' }, null);
    expect(keyless.status).toBe(401);
    expect(await w.storedIdem()).toEqual([]);
    const ok = await w.call('/v1/offcuts', ADD, { 'Idempotency-Key': 'b' });
    expect(ok.status).toBe(200);
    expect(await w.storedIdem()).toHaveLength(1);
  });

  it('keeps the add when its answer cannot be stored: 200, logged, the record gone', async () => {
    const w = await world({
      bodies: (store) => ({
        ...store,
        put: async (entry) => {
          if (entry.key.kind === 'idem') throw new StoreUnavailableError('PutItem', new Error('network'));
          return store.put(entry);
        },
      }),
    });
    const res = await w.call('/v1/offcuts', ADD, { 'Idempotency-Key': 'lost' });
    expect(res.status).toBe(200);
    expect(await w.pieces()).toBe(3);
    expect(await w.storedIdem()).toEqual([]);
    expect(w.log.lines.some((l) => l.message === 'rack answer not kept for replays')).toBe(true);
    // The log must not claim an answer the route did not give.
    expect(w.log.lines.some((l) => l.message.includes('answering 503'))).toBe(false);
  });
});

describe('Idempotency-Key on bookings (POST /v1/plans/{id}/cut)', () => {
  it('books once: a repeat replays the record uncounted, even with the rack window spent', async () => {
    const w = await world();
    const added = await w.call('/v1/offcuts', ADD);
    const ids = (JSON.parse(added.body) as { offcuts: { id: string; length: number }[] }).offcuts;
    const long = ids.find((e) => e.length === 1200)?.id ?? '';
    const id = await w.plan({ [long]: 1 });
    const first = await w.call(`/v1/plans/${id}/cut`, null, { 'Idempotency-Key': 'cut-1' });
    expect(first.status).toBe(200);
    expect(first.headers['X-RateLimit-Remaining']).toBe(String(RACK_CALLS - 2));
    // Spend the window; the repeat is answered all the same, and books nothing more.
    await w.call('/v1/offcuts', ADD);
    await w.call('/v1/offcuts', ADD);
    expect((await w.call('/v1/offcuts', ADD)).status).toBe(429);
    const again = await w.call(`/v1/plans/${id}/cut`, null, { 'Idempotency-Key': 'cut-1' });
    expect(again.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect(w.bookings()).toBe(1);
  });

  it('answers 422 idempotencyKeyReused for the key on another plan or with a body, booking nothing', async () => {
    const w = await world();
    const added = await w.call('/v1/offcuts', ADD);
    const [a, b] = (JSON.parse(added.body) as { offcuts: { id: string }[] }).offcuts.map((e) => e.id);
    const one = await w.plan({ [a ?? '']: 1 });
    const two = await w.plan({ [b ?? '']: 1 });
    expect((await w.call(`/v1/plans/${one}/cut`, null, { 'Idempotency-Key': 'k' })).status).toBe(200);
    w.nextMinute();
    for (const [path, body] of [
      [`/v1/plans/${two}/cut`, null],
      [`/v1/plans/${one}/cut`, '{"note": 1}'],
    ] as const) {
      const res = await w.call(path, body, { 'Idempotency-Key': 'k' });
      expect(res.status).toBe(422);
      expect(JSON.parse(res.body)).toMatchObject({
        error: 'idempotencyKeyReused',
        detail: expect.stringContaining('Idempotency-Key'),
      });
    }
    expect(w.bookings()).toBe(1);
    // Plan two is untouched: booked under a fresh key it books.
    expect((await w.call(`/v1/plans/${two}/cut`, null, { 'Idempotency-Key': 'k2' })).status).toBe(200);
  });

  it('keeps a 409 offcutsTaken as the call’s outcome; a 404 stores nothing', async () => {
    const w = await world();
    const added = await w.call('/v1/offcuts', JSON.stringify({ offcuts: '1200' }));
    const [entry] = (JSON.parse(added.body) as { offcuts: { id: string }[] }).offcuts;
    const first = await w.plan({ [entry?.id ?? '']: 1 });
    const rival = await w.plan({ [entry?.id ?? '']: 1 });
    expect((await w.call(`/v1/plans/${first}/cut`, null)).status).toBe(200);
    const taken = await w.call(`/v1/plans/${rival}/cut`, null, { 'Idempotency-Key': 'rival' });
    expect(taken.status).toBe(409);
    expect(JSON.parse(taken.body)).toMatchObject({ error: 'offcutsTaken' });
    // Put the piece back: the key still answers the 409 it got (a new key books).
    await w.call('/v1/offcuts', JSON.stringify({ offcuts: '1200' }));
    w.nextMinute();
    const replay = await w.call(`/v1/plans/${rival}/cut`, null, { 'Idempotency-Key': 'rival' });
    expect(replay.status).toBe(409);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(JSON.parse(replay.body)).toEqual(JSON.parse(taken.body));
    const missing = await w.call('/v1/plans/pl_AAAAAAAAAAAAAAAAAAAAAA/cut', null, {
      'Idempotency-Key': 'gone',
    });
    expect(missing.status).toBe(404);
    expect(await w.storedIdem()).toHaveLength(1);
  });

  it('answers a concurrent repeat 409 idempotencyInProgress with Retry-After, then replays', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const w = await world({ gate: () => gate });
    const added = await w.call('/v1/offcuts', ADD);
    const [entry] = (JSON.parse(added.body) as { offcuts: { id: string }[] }).offcuts;
    const id = await w.plan({ [entry?.id ?? '']: 1 });
    const headers = { 'Idempotency-Key': 'twin' };
    const first = w.call(`/v1/plans/${id}/cut`, null, headers);
    for (let i = 0; i < 500 && w.bookings() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(w.bookings()).toBe(1);
    const twin = await w.call(`/v1/plans/${id}/cut`, null, headers);
    expect(twin.status).toBe(409);
    expect(JSON.parse(twin.body)).toMatchObject({ error: 'idempotencyInProgress' });
    expect(Number(twin.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    open();
    const done = await first;
    expect(done.status).toBe(200);
    const after = await w.call(`/v1/plans/${id}/cut`, null, headers);
    expect(after.body).toBe(done.body);
    expect(after.headers['Idempotent-Replayed']).toBe('true');
    expect(w.bookings()).toBe(1);
  });

  it('books once when its answer cannot be stored: 200, and a repeat books the same record again', async () => {
    let fail = true;
    const w = await world({
      bodies: (store) => ({
        ...store,
        put: async (entry) => {
          if (fail && entry.key.kind === 'idem') {
            throw new StoreUnavailableError('PutItem', new Error('network'));
          }
          return store.put(entry);
        },
      }),
    });
    const added = await w.call('/v1/offcuts', ADD);
    const [entry] = (JSON.parse(added.body) as { offcuts: { id: string }[] }).offcuts;
    const id = await w.plan({ [entry?.id ?? '']: 1 });
    const headers = { 'Idempotency-Key': 'fault' };
    const first = await w.call(`/v1/plans/${id}/cut`, null, headers);
    expect(first.status).toBe(200);
    expect(await w.storedIdem()).toEqual([]);
    const rackAfter = await w.read();
    fail = false;
    const again = await w.call(`/v1/plans/${id}/cut`, null, headers);
    expect(again.status).toBe(200);
    expect(again.headers['Idempotent-Replayed']).toBeUndefined();
    expect(again.body).toBe(first.body);
    expect(await w.read()).toEqual(rackAfter);
    const replay = await w.call(`/v1/plans/${id}/cut`, null, headers);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
  });
});
