/**
 * Trust tests of the rack and bookings against the embedded DynamoDB: concurrent bookings competing for
 * the same offcuts, DynamoDB failing at every request of a booking, random sequences of rack operations,
 * and workspaces kept apart.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import { faultyClient, freshTable, networkError } from '../../../test/support/limits-table.ts';
import { StoreUnavailableError } from '../limits/store.ts';
import { createDynamoBodyStore } from './dynamo-body-store.ts';
import { createDynamoRackStore } from './dynamo-rack-store.ts';
import { HAND, type NewOffcut, type Rack, remnantId } from './rack.ts';
import { type PlanMeta, workspaceState } from './workspace-state.ts';

const dynamo = embeddedDynamoPerFile();
const CAP = 500;
let clockMs = Date.parse('2026-02-01T08:00:00.000Z');
const now = () => clockMs;

function stateOn(tableName: string, client = dynamo().client) {
  return workspaceState({
    rack: createDynamoRackStore({ client, tableName }),
    bodies: createDynamoBodyStore({ client, tableName }),
    now,
  });
}

const offcut = (length: number, quantity: number, material: string | null = null): NewOffcut => ({
  length,
  quantity,
  material,
  priority: false,
  label: null,
  location: null,
});

const planBody = (id: string) => ({
  request: {},
  response: { plan: { id } },
  jobName: null,
  branding: null,
  createdAtMs: now(),
});

/** A plan that cuts `used` (entry id → pieces) from the rack as it is, and leaves `remnants`. */
function metaFor(
  rack: Rack,
  used: Readonly<Record<string, number>>,
  remnants: PlanMeta['remnants'] = [],
): PlanMeta {
  return {
    unit: 'mm',
    minRemnant: 100,
    used: Object.entries(used).map(([rackId, quantity]) => {
      const entry = rack.entries.find((e) => e.id === rackId);
      return { rackId, quantity, length: entry?.length ?? 0, material: entry?.material ?? null };
    }),
    remnants,
  };
}

/** Pieces of each hand entry, and what booked plans took of it. */
function conservation(before: Rack, after: Rack, taken: Readonly<Record<string, number>>) {
  for (const entry of before.entries) {
    const left = after.entries.find((e) => e.id === entry.id)?.quantity ?? 0;
    expect(left + (taken[entry.id] ?? 0)).toBe(entry.quantity);
  }
}

describe('booking plans against the rack', () => {
  it('concurrent bookings: a maximal feasible set books, every 409 names a taken entry, material is conserved', async () => {
    const tableName = await freshTable(dynamo());
    const state = stateOn(tableName);
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 4 }),
        fc.array(
          fc.array(fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 2 })), { minLength: 1, maxLength: 3 }),
          {
            minLength: 2,
            maxLength: 6,
          },
        ),
        async (quantities, wants) => {
          const ws = `conc-${round++}`;
          const added = await state.add(
            ws,
            quantities.map((q, i) => offcut(1000 + i * 100, q)),
            'mm',
            CAP,
          );
          if (!added.ok) throw added.error;
          const before = await state.read(ws);
          const ids = before.entries.map((e) => e.id);
          const plans: { id: string; used: Record<string, number> }[] = [];
          for (const want of wants) {
            const used: Record<string, number> = {};
            for (const [i, q] of want) {
              const id = ids[i % ids.length] as string;
              used[id] = Math.min((used[id] ?? 0) + q, before.entries[i % ids.length]?.quantity ?? 1);
            }
            const id = await state.storePlan(
              ws,
              metaFor(before, used, [{ length: 250, count: 1, material: null }]),
              planBody,
            );
            plans.push({ id, used });
          }
          const results = await Promise.all(plans.map((p) => state.book(ws, p.id, CAP)));
          const after = await state.read(ws);
          const booked = plans.filter((_, i) => results[i]?.ok === true);
          const taken: Record<string, number> = {};
          for (const p of booked)
            for (const [id, q] of Object.entries(p.used)) taken[id] = (taken[id] ?? 0) + q;
          // Feasible: nothing taken beyond what was there; conserved: in = there + taken.
          conservation(before, after, taken);
          const takenIds = new Set(Object.keys(taken));
          results.forEach((r, i) => {
            if (r.ok) return;
            expect(r.error.code).toBe('offcutsTaken');
            const names = (r.error as unknown as { taken: string[] }).taken;
            expect(names.length).toBeGreaterThan(0);
            for (const name of names) expect(takenIds.has(name)).toBe(true);
            // Maximal: a refused plan could not book on the final rack either.
            const plan = plans[i];
            const fits = Object.entries(plan?.used ?? {}).every(
              ([id, q]) => (after.entries.find((e) => e.id === id)?.quantity ?? 0) >= q,
            );
            expect(fits).toBe(false);
          });
          // Each booked plan's remnant is on the rack once, under its plan.
          for (const p of booked) {
            const entry = after.entries.find((e) => e.id === remnantId(p.id, 250, null));
            expect(entry).toMatchObject({ quantity: 1, source: p.id, length: 250 });
          }
          expect(Object.keys(after.booked).sort()).toEqual(booked.map((p) => p.id).sort());
        },
      ),
      { numRuns: 12 },
    );
  });

  it('DynamoDB failing at any request of a booking: 503 (store unavailable), nothing half-applied, the retry applies once', async () => {
    const tableName = await freshTable(dynamo());
    const good = stateOn(tableName);
    // Requests of a first booking: plan head read, rack read, rack write, mark write.
    for (let failAt = 1; failAt <= 4; failAt++) {
      for (const timing of ['before', 'after'] as const) {
        const ws = `fault-${failAt}-${timing}`;
        await good.add(ws, [offcut(2000, 2, 'steel'), offcut(1500, 1, 'steel')], 'mm', CAP);
        const before = await good.read(ws);
        const [a, b] = before.entries;
        const meta = metaFor(before, { [a?.id ?? '']: 1, [b?.id ?? '']: 1 }, [
          { length: 400, count: 2, material: 'steel' },
        ]);
        const planId = await good.storePlan(ws, meta, planBody);
        const client = faultyClient(dynamo().endpoint, {
          decide: (call) => (call === failAt ? { timing, error: networkError } : null),
        });
        const faulty = stateOn(tableName, client);
        await expect(faulty.book(ws, planId, CAP)).rejects.toBeInstanceOf(StoreUnavailableError);
        const between = await good.read(ws);
        const applied = between.booked[planId] !== undefined;
        // Whole or nothing: either the rack is as it was, or every change and the marker are there.
        if (applied) conservation(before, between, { [a?.id ?? '']: 1, [b?.id ?? '']: 1 });
        else expect(between.entries).toEqual(before.entries);
        const first = await good.book(ws, planId, CAP);
        const second = await good.book(ws, planId, CAP);
        expect(first.ok && second.ok).toBe(true);
        expect(second).toEqual(first);
        const after = await good.read(ws);
        conservation(before, after, { [a?.id ?? '']: 1, [b?.id ?? '']: 1 });
        expect(after.entries.find((e) => e.source === planId)).toMatchObject({ length: 400, quantity: 2 });
        expect(after.version).toBe(before.version + 1);
        client.destroy();
      }
    }
  });

  it('keeps its invariants over random sequences of add, plan, book, book again and delete', async () => {
    const tableName = await freshTable(dynamo());
    const state = stateOn(tableName);
    let round = 0;
    type Op =
      | { kind: 'add'; length: number; quantity: number; material: string | null }
      | { kind: 'plan'; pick: number; quantity: number; remnant: number }
      | { kind: 'book'; which: number }
      | { kind: 'delete'; pick: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        length: fc.integer({ min: 300, max: 306 }),
        quantity: fc.integer({ min: 1, max: 3 }),
        material: fc.constantFrom(null, 'alu'),
      }),
      fc.record({
        kind: fc.constant('plan' as const),
        pick: fc.nat(),
        quantity: fc.integer({ min: 1, max: 2 }),
        remnant: fc.integer({ min: 100, max: 103 }),
      }),
      fc.record({ kind: fc.constant('book' as const), which: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const ws = `prop-${round++}`;
        const plans: string[] = [];
        const bookedOnce = new Map<string, unknown>();
        const handIds = new Set<string>();
        for (const o of ops) {
          const rack = await state.read(ws);
          if (o.kind === 'add') {
            const r = await state.add(ws, [offcut(o.length, o.quantity, o.material)], 'mm', CAP);
            if (r.ok) for (const e of r.value.offcuts) handIds.add(e.id);
          } else if (o.kind === 'plan' && rack.entries.length > 0) {
            const entry = rack.entries[o.pick % rack.entries.length];
            if (entry === undefined) continue;
            const meta = metaFor(rack, { [entry.id]: Math.min(o.quantity, entry.quantity) }, [
              { length: o.remnant, count: 1, material: entry.material },
            ]);
            plans.push(await state.storePlan(ws, meta, planBody));
          } else if (o.kind === 'book' && plans.length > 0) {
            const id = plans[o.which % plans.length] as string;
            const r = await state.book(ws, id, CAP);
            if (r.ok) {
              // Book again: the identical answer, however often.
              if (bookedOnce.has(id)) expect(r.value).toEqual(bookedOnce.get(id));
              bookedOnce.set(id, r.value);
              expect(await state.book(ws, id, CAP)).toEqual(r);
            } else expect(r.error.code).toBe('offcutsTaken');
          } else if (o.kind === 'delete' && rack.entries.length > 0) {
            const entry = rack.entries[o.pick % rack.entries.length];
            if (entry !== undefined) expect((await state.remove(ws, entry.id)).ok).toBe(true);
          }
          clockMs += 1000;
          const after = await state.read(ws);
          for (const e of after.entries) {
            expect(e.quantity).toBeGreaterThan(0);
            // Traceable: a hand entry this sequence added, or a remnant of a plan it booked.
            if (e.source === HAND) expect(handIds.has(e.id)).toBe(true);
            else {
              expect(bookedOnce.has(e.source)).toBe(true);
              expect(e.id).toBe(remnantId(e.source, e.length, e.material));
            }
          }
          expect(new Set(after.entries.map((e) => e.id)).size).toBe(after.entries.length);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("refuses to pass the tier's rack size with 413 rackFull naming the cap, for an add and for a booking", async () => {
    const tableName = await freshTable(dynamo());
    const state = stateOn(tableName);
    expect((await state.add('small', [offcut(800, 1), offcut(900, 1)], 'mm', 2)).ok).toBe(true);
    const full = await state.add('small', [offcut(1000, 1)], 'mm', 2);
    expect(full).toMatchObject({ ok: false, error: { code: 'rackFull', status: 413, cap: 2 } });
    if (!full.ok) expect(full.error.message).toContain('cap is 2 entries');
    // Adding to an entry is no new entry: within the cap.
    expect((await state.add('small', [offcut(800, 5)], 'mm', 2)).ok).toBe(true);
    const rack = await state.read('small');
    const [a] = rack.entries;
    const planId = await state.storePlan(
      'small',
      metaFor(rack, { [a?.id ?? '']: 1 }, [
        { length: 300, count: 1, material: null },
        { length: 200, count: 1, material: null },
      ]),
      planBody,
    );
    expect(await state.book('small', planId, 2)).toMatchObject({ ok: false, error: { code: 'rackFull' } });
    expect(await state.read('small')).toEqual(rack);
    expect((await state.book('small', planId, 4)).ok).toBe(true);
  });

  it('keeps workspaces apart: ids guessed or copied from another workspace are not found', async () => {
    const tableName = await freshTable(dynamo());
    const state = stateOn(tableName);
    await state.add('shop-a', [offcut(900, 2)], 'mm', CAP);
    const rackA = await state.read('shop-a');
    const entryA = rackA.entries[0]?.id ?? '';
    const planA = await state.storePlan('shop-a', metaFor(rackA, { [entryA]: 1 }), planBody);
    // shop-b copies shop-a's ids.
    expect((await state.getPlan('shop-b', planA)).ok).toBe(false);
    expect(await state.book('shop-b', planA, CAP)).toMatchObject({ ok: false, error: { code: 'notFound' } });
    expect(await state.deletePlan('shop-b', planA)).toMatchObject({ ok: false, error: { code: 'notFound' } });
    expect(await state.remove('shop-b', entryA)).toMatchObject({ ok: false, error: { code: 'notFound' } });
    expect(await state.change('shop-b', entryA, { quantity: 9 })).toMatchObject({ ok: false });
    expect((await state.list('shop-b', { pageSize: 50 })).ok && (await state.read('shop-b')).entries).toEqual(
      [],
    );
    // Guessed ids: well-formed and not.
    for (const guess of ['pl_AAAAAAAAAAAAAAAAAAAAAA', '../shop-a', 'pl_', planA.slice(0, -1)])
      expect((await state.getPlan('shop-a', guess)).ok).toBe(false);
    expect(await state.read('shop-a')).toEqual(rackA);
    expect((await state.getPlan('shop-a', planA)).ok).toBe(true);
  });
});
