/**
 * The offcut rack of one workspace, as pure data and pure steps: entries (one per length, material and
 * source, with a quantity), the rack's one unit, and the markers of booked plans. Every change is a
 * function from one rack to the next (or a typed refusal); the rack store writes the result under a
 * version number, so a change is applied whole or not at all (docs/operations.md, "The offcut rack").
 */
import { createHash, randomBytes } from 'node:crypto';
import { type CutplanError, err, ok, type Result, ValidationError } from '../../../core/errors.ts';
import { OffcutsTakenError, RackFullError } from '../errors.ts';

/** One rack entry as the API shows it. `source` is `hand` or the id of the plan whose remnant it is. */
export interface RackEntry {
  readonly id: string;
  readonly length: number;
  readonly quantity: number;
  readonly material: string | null;
  readonly priority: boolean;
  readonly label: string | null;
  readonly location: string | null;
  readonly source: string;
  readonly createdAt: string;
}

/** A booked plan's marker: when it was booked, and until when its plan can be asked about. */
export interface BookedMarker {
  readonly at: number;
  readonly expiresAtMs: number;
}

export interface Rack {
  /** 0 for a rack never written. */
  readonly version: number;
  /** null until the first entry fixes it. */
  readonly unit: string | null;
  readonly entries: readonly RackEntry[];
  /** Plan id → marker: the plan's booking is applied to this rack. */
  readonly booked: Readonly<Record<string, BookedMarker>>;
}

export const EMPTY_RACK: Rack = { version: 0, unit: null, entries: [], booked: {} };

/** An offcut to put on the rack (lengths in the rack's unit). */
export interface NewOffcut {
  readonly length: number;
  readonly quantity: number;
  readonly material: string | null;
  readonly priority: boolean;
  readonly label: string | null;
  readonly location: string | null;
}

/** The fields `PATCH /v1/offcuts/{id}` changes. */
export interface OffcutChange {
  readonly quantity?: number;
  readonly priority?: boolean;
  readonly label?: string | null;
  readonly location?: string | null;
}

/** What a stored plan says about the rack: what it takes and what it gives back. */
export interface PlanRackUse {
  readonly planId: string;
  readonly unit: string;
  readonly minRemnant: number;
  /** Per rack entry: pieces the plan cuts, with the entry's length and material when it was planned. */
  readonly used: readonly {
    readonly rackId: string;
    readonly quantity: number;
    readonly length: number;
    readonly material: string | null;
  }[];
  /** Leftovers of at least `minRemnant`, as the plan lists them. */
  readonly remnants: readonly {
    readonly length: number;
    readonly count: number;
    readonly material: string | null;
  }[];
  readonly expiresAtMs: number;
}

/** The answer of `POST /v1/plans/{id}/cut`: the same however often it is asked. */
export interface BookingRecord {
  readonly planId: string;
  readonly bookedAt: string;
  readonly unit: string;
  readonly taken: readonly {
    readonly id: string;
    readonly length: number;
    readonly quantity: number;
    readonly material: string | null;
  }[];
  readonly racked: readonly {
    readonly id: string;
    readonly length: number;
    readonly quantity: number;
    readonly material: string | null;
  }[];
}

export const HAND = 'hand';

/** A fresh entry id for a hand entry. */
export function newEntryId(): string {
  return `oc_${randomBytes(9).toString('base64url')}`;
}

/** The id a plan's remnant of this length and material gets: the same on every retry of the booking. */
export function remnantId(planId: string, length: number, material: string | null): string {
  const digest = createHash('sha256')
    .update(`${planId}|${length}|${material ?? ''}`)
    .digest('base64url');
  return `oc_${digest.slice(0, 12)}`;
}

const sameMaterial = (a: string | null, b: string | null): boolean => a === b;

function checkUnit(rack: Rack, unit: string): ValidationError | null {
  if (rack.unit === null || rack.entries.length === 0 || rack.unit === unit) return null;
  return ValidationError.of(
    'unit',
    `the rack holds offcuts in "${rack.unit}" but this request is in "${unit}": send unit "${rack.unit}", or empty the rack first`,
  );
}

function checkCap(entries: readonly RackEntry[], cap: number): RackFullError | null {
  return entries.length > cap
    ? new RackFullError(
        `the rack would hold ${entries.length} entries; this tier's cap is ${cap} entries (delete or book some first)`,
        cap,
      )
    : null;
}

/** Markers of plans that can no longer be asked about are dropped on every write. */
function liveMarkers(rack: Rack, nowMs: number): Record<string, BookedMarker> {
  return Object.fromEntries(Object.entries(rack.booked).filter(([, m]) => m.expiresAtMs > nowMs));
}

/**
 * Puts `items` on the rack: an item of the same length, material and source as an entry adds to its
 * quantity (and replaces its label, location and priority when given); others become new entries.
 */
export function addOffcuts(
  rack: Rack,
  items: readonly NewOffcut[],
  unit: string,
  cap: number,
  nowMs: number,
  newId: () => string = newEntryId,
): Result<Rack, CutplanError> {
  const unitError = checkUnit(rack, unit);
  if (unitError !== null) return err(unitError);
  const entries = [...rack.entries];
  const createdAt = new Date(nowMs).toISOString();
  for (const item of items) {
    const at = entries.findIndex(
      (e) => e.source === HAND && e.length === item.length && sameMaterial(e.material, item.material),
    );
    const old = entries[at];
    if (old !== undefined) {
      entries[at] = {
        ...old,
        quantity: old.quantity + item.quantity,
        priority: item.priority || old.priority,
        label: item.label ?? old.label,
        location: item.location ?? old.location,
      };
    } else entries.push({ id: newId(), ...item, source: HAND, createdAt });
  }
  const full = checkCap(entries, cap);
  if (full !== null) return err(full);
  return ok({ version: rack.version, unit, entries, booked: liveMarkers(rack, nowMs) });
}

/** Changes one entry; a quantity of 0 removes it. Null when there is no such entry. */
export function changeOffcut(rack: Rack, id: string, change: OffcutChange, nowMs: number): Rack | null {
  const at = rack.entries.findIndex((e) => e.id === id);
  const old = rack.entries[at];
  if (old === undefined) return null;
  const entries = [...rack.entries];
  const next: RackEntry = { ...old, ...change };
  if (next.quantity === 0) entries.splice(at, 1);
  else entries[at] = next;
  return { ...rack, entries, booked: liveMarkers(rack, nowMs) };
}

/** Removes one entry. Null when there is no such entry. */
export function removeOffcut(rack: Rack, id: string, nowMs: number): Rack | null {
  if (!rack.entries.some((e) => e.id === id)) return null;
  return { ...rack, entries: rack.entries.filter((e) => e.id !== id), booked: liveMarkers(rack, nowMs) };
}

/** The booking record of a plan booked at `at`: a function of the plan alone, so every caller writes the same. */
export function bookingRecord(plan: PlanRackUse, at: number): BookingRecord {
  return {
    planId: plan.planId,
    bookedAt: new Date(at).toISOString(),
    unit: plan.unit,
    taken: plan.used.map((u) => ({
      id: u.rackId,
      length: u.length,
      quantity: u.quantity,
      material: u.material,
    })),
    racked: plan.remnants.map((r) => ({
      id: remnantId(plan.planId, r.length, r.material),
      length: r.length,
      quantity: r.count,
      material: r.material,
    })),
  };
}

/** What booking `plan` does to `rack`. */
export type BookingStep =
  | { readonly kind: 'booked'; readonly record: BookingRecord }
  | { readonly kind: 'apply'; readonly next: Rack; readonly record: BookingRecord };

/**
 * Books `plan` on `rack`: takes every used offcut and racks the remnants, or refuses with 409 naming the
 * entries that are gone (fewer pieces than the plan cuts counts as gone). A rack that already carries the
 * plan's marker is left as it is: the booking was applied by an earlier call.
 */
export function bookOn(
  rack: Rack,
  plan: PlanRackUse,
  cap: number,
  nowMs: number,
): Result<BookingStep, CutplanError> {
  const marker = rack.booked[plan.planId];
  if (marker !== undefined) return ok({ kind: 'booked', record: bookingRecord(plan, marker.at) });
  const taken = plan.used.filter((u) => {
    const entry = rack.entries.find((e) => e.id === u.rackId);
    return entry === undefined || entry.quantity < u.quantity;
  });
  if (taken.length > 0) {
    const ids = taken.map((t) => t.rackId);
    return err(
      new OffcutsTakenError(
        `offcuts ${ids.join(', ')} of plan ${plan.planId} are no longer on the rack (another booking took them, or they were changed); the rack is unchanged: optimise again`,
        ids,
      ),
    );
  }
  if (plan.remnants.length > 0) {
    const unitError = checkUnit(rack, plan.unit);
    if (unitError !== null) return err(unitError);
  }
  const entries: RackEntry[] = [];
  for (const entry of rack.entries) {
    const used = plan.used.filter((u) => u.rackId === entry.id).reduce((sum, u) => sum + u.quantity, 0);
    if (entry.quantity - used > 0) entries.push({ ...entry, quantity: entry.quantity - used });
  }
  const record = bookingRecord(plan, nowMs);
  const createdAt = record.bookedAt;
  for (const r of record.racked) {
    entries.push({
      id: r.id,
      length: r.length,
      quantity: r.quantity,
      material: r.material,
      priority: false,
      label: null,
      location: null,
      source: plan.planId,
      createdAt,
    });
  }
  const full = checkCap(entries, cap);
  if (full !== null) return err(full);
  const booked = { ...liveMarkers(rack, nowMs), [plan.planId]: { at: nowMs, expiresAtMs: plan.expiresAtMs } };
  const unit = rack.entries.length === 0 && record.racked.length > 0 ? plan.unit : (rack.unit ?? plan.unit);
  return ok({ kind: 'apply', next: { version: rack.version, unit, entries, booked }, record });
}
