/**
 * What a workspace keeps: its offcut rack and its stored plans, over the two store ports. Each rack
 * change reads the rack, computes the next one (`rack.ts`) and writes it under the version it read; a
 * lost race is redone on the fresh rack. Booking a plan is that same single write (the used offcuts out,
 * the remnants and the plan's marker in) followed by the booking record set once on the plan: whichever
 * call comes next after a crash in between finds the marker and finishes the record, so a booking is
 * applied once and always answers the same (docs/operations.md, "Booking a plan").
 */
import { type CutplanError, err, ok, type Result, ValidationError } from '../../../core/errors.ts';
import { BusyError, NotFoundError } from '../errors.ts';
import type { BodyKey, BodyStore, StoredBody } from './body-store.ts';
import { BODY_ID, newBodyId } from './body-store.ts';
import {
  addOffcuts,
  type BookingRecord,
  bookOn,
  changeOffcut,
  type NewOffcut,
  type OffcutChange,
  type PlanRackUse,
  type Rack,
  type RackEntry,
  removeOffcut,
} from './rack.ts';
import type { RackStore } from './rack-store.ts';

/** How long a stored plan is kept (and can be booked, printed, read). */
export const PLAN_RETENTION_DAYS = 14;
const DAY_MS = 86_400_000;
/** Writes redone after lost races before the call gives up with 503 (about 2 s of back-off at most). */
const MAX_RACES = 50;

export interface WorkspaceStateDeps {
  readonly rack: RackStore;
  readonly bodies: BodyStore;
  readonly now: () => number;
}

/** A page of the rack. */
export interface RackPage {
  readonly unit: string | null;
  readonly offcuts: readonly RackEntry[];
  readonly nextPageToken: string | null;
}

export interface ListOptions {
  /** undefined: every material; null: untagged entries only. */
  readonly material?: string | null | undefined;
  readonly pageSize: number;
  readonly pageToken?: string | undefined;
}

/** The plan as stored: what the file routes re-render, byte for byte. */
export interface StoredPlanBody {
  readonly request: unknown;
  readonly response: unknown;
  readonly jobName: string | null;
  readonly branding: string | null;
  readonly createdAtMs: number;
}

/** The stored plan's metadata: its rack use without the id and expiry (those are the body's own). */
export type PlanMeta = Omit<PlanRackUse, 'planId' | 'expiresAtMs'>;

export const planKey = (workspace: string, id: string): BodyKey => ({ workspace, kind: 'plan', id });

function raceLost(): BusyError {
  return new BusyError('the rack is being changed by other calls right now; retry shortly', 1);
}

function pageToken(offset: number): string {
  return Buffer.from(`o${offset}`).toString('base64url');
}

function offsetOf(token: string | undefined): number | null {
  if (token === undefined || token === '') return 0;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const match = /^o(\d{1,7})$/.exec(text);
  return match === null ? null : Number(match[1]);
}

export function workspaceState(deps: WorkspaceStateDeps) {
  const { rack: racks, bodies, now } = deps;

  /** Reads, changes and writes the rack until the write wins (or the races run out: 503). */
  async function mutate<T>(
    workspace: string,
    change: (rack: Rack) => Result<{ next: Rack | null; value: T }, CutplanError>,
  ): Promise<Result<T, CutplanError>> {
    for (let race = 0; race < MAX_RACES; race++) {
      const current = await racks.read(workspace);
      const changed = change(current);
      if (!changed.ok) return changed;
      const { next, value } = changed.value;
      if (next === null) return ok(value);
      const written = await racks.write(workspace, next);
      if (written === 'tooLarge') {
        return err(
          new BusyError('the rack does not fit one stored item; delete entries (or lower TIER_OVERRIDES)', 1),
        );
      }
      if (written) return ok(value);
      // Lost to another writer of this rack: back off a random while (up to 5, 10, 20, then 40 ms) so
      // writers that collided do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** Math.min(race, 3)));
    }
    return err(raceLost());
  }

  async function readPlanHead(workspace: string, id: string) {
    return BODY_ID.test(id) ? bodies.head(planKey(workspace, id), now()) : null;
  }

  return {
    async list(workspace: string, options: ListOptions): Promise<Result<RackPage, CutplanError>> {
      const offset = offsetOf(options.pageToken);
      if (offset === null) {
        return err(ValidationError.of('pageToken', 'is not a page token of this list; start without one'));
      }
      const rack = await racks.read(workspace);
      const matching =
        options.material === undefined
          ? rack.entries
          : rack.entries.filter((e) => e.material === options.material);
      const page = matching.slice(offset, offset + options.pageSize);
      const end = offset + page.length;
      return ok({
        unit: rack.unit,
        offcuts: page,
        nextPageToken: end < matching.length ? pageToken(end) : null,
      });
    },

    async add(
      workspace: string,
      items: readonly NewOffcut[],
      unit: string | undefined,
      cap: number,
    ): Promise<Result<{ unit: string; offcuts: RackEntry[] }, CutplanError>> {
      return mutate(workspace, (rack) => {
        const rackUnit = unit ?? rack.unit ?? 'mm';
        const next = addOffcuts(rack, items, rackUnit, cap, now());
        if (!next.ok) return next;
        // The entries this call made or added to, in the order of the items.
        const touched = items
          .map((item) =>
            next.value.entries.find(
              (e) => e.source === 'hand' && e.length === item.length && e.material === item.material,
            ),
          )
          .filter((e): e is RackEntry => e !== undefined);
        return ok({ next: next.value, value: { unit: rackUnit, offcuts: [...new Set(touched)] } });
      });
    },

    async change(
      workspace: string,
      id: string,
      change: OffcutChange,
    ): Promise<Result<RackEntry | null, CutplanError>> {
      return mutate(workspace, (rack) => {
        const next = changeOffcut(rack, id, change, now());
        if (next === null) return err(noEntry(id));
        return ok({ next, value: next.entries.find((e) => e.id === id) ?? null });
      });
    },

    async remove(workspace: string, id: string): Promise<Result<true, CutplanError>> {
      return mutate(workspace, (rack) => {
        const next = removeOffcut(rack, id, now());
        return next === null ? err(noEntry(id)) : ok({ next, value: true as const });
      });
    },

    /** The rack as it is now, for a solve against it. */
    read: (workspace: string): Promise<Rack> => racks.read(workspace),

    /** Stores a plan under a fresh id; `body(id)` writes the plan's bytes with its id in them. */
    async storePlan(
      workspace: string,
      meta: PlanMeta,
      body: (id: string) => StoredPlanBody,
    ): Promise<string> {
      const createdAtMs = now();
      for (;;) {
        const id = newBodyId('pl');
        const stored = await bodies.put({
          key: planKey(workspace, id),
          body: new TextEncoder().encode(JSON.stringify(body(id))),
          meta,
          createdAtMs,
          expiresAtMs: createdAtMs + PLAN_RETENTION_DAYS * DAY_MS,
        });
        if (stored) return id;
      }
    },

    async getPlan(
      workspace: string,
      id: string,
    ): Promise<Result<{ plan: StoredPlanBody; stored: StoredBody }, CutplanError>> {
      const stored = BODY_ID.test(id) ? await bodies.get(planKey(workspace, id), now()) : null;
      if (stored === null) return err(noPlan(id));
      return ok({ plan: JSON.parse(new TextDecoder().decode(stored.body)) as StoredPlanBody, stored });
    },

    async deletePlan(workspace: string, id: string): Promise<Result<true, CutplanError>> {
      const gone = BODY_ID.test(id) ? await bodies.delete(planKey(workspace, id)) : false;
      return gone ? ok(true) : err(noPlan(id));
    },

    /** `POST /v1/plans/{id}/cut`. */
    async book(workspace: string, id: string, cap: number): Promise<Result<BookingRecord, CutplanError>> {
      const head = await readPlanHead(workspace, id);
      if (head === null) return err(noPlan(id));
      const done = head.marks.booking;
      if (done !== undefined) return ok(done as BookingRecord);
      const use: PlanRackUse = { ...(head.meta as PlanMeta), planId: id, expiresAtMs: head.expiresAtMs };
      const applied = await mutate(workspace, (rack) => {
        const step = bookOn(rack, use, cap, now());
        if (!step.ok) return step;
        return ok(
          step.value.kind === 'booked'
            ? { next: null, value: step.value.record }
            : { next: step.value.next, value: step.value.record },
        );
      });
      if (!applied.ok) return applied;
      const marked = await bodies.mark(planKey(workspace, id), 'booking', applied.value, now());
      // `already`: another call finished this booking first; its record is the one every call answers.
      return ok(marked.status === 'already' ? (marked.value as BookingRecord) : applied.value);
    },
  };
}

export type WorkspaceState = ReturnType<typeof workspaceState>;

function noEntry(id: string): NotFoundError {
  return new NotFoundError(
    `offcut ${JSON.stringify(id)} is not on this workspace's rack (GET /v1/offcuts lists it)`,
  );
}

function noPlan(id: string): NotFoundError {
  return new NotFoundError(
    `plan ${JSON.stringify(id)} is not stored for this workspace (plans are kept ${PLAN_RETENTION_DAYS} days after they are made, or until deleted)`,
  );
}
