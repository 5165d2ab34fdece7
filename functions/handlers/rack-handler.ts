/**
 * The offcut rack of the caller's workspace (docs/api.md, "The offcut rack"):
 *
 * - `GET /v1/offcuts[?material=…|untagged=true][&pageSize=…][&pageToken=…]` lists it;
 * - `POST /v1/offcuts` adds `{"offcuts": …, "unit"?}` in every form a request's `offcuts` takes, plus the
 *   rack-only `label` and `location`; or, with `Content-Type: text/csv`, a CSV file of the same columns;
 *   with an `Idempotency-Key`, a retried add is answered from the first and adds nothing;
 * - `PATCH /v1/offcuts/{id}` changes an entry's quantity, priority, label or location;
 * - `DELETE /v1/offcuts/{id}` removes it.
 */
import * as v from 'valibot';
import { type CutplanError, err, ok, type Result, ValidationError } from '../../core/errors.ts';
import { type CsvTable, offcutSchema, parseCsvTable, readOffcutList } from '../../core/request/index.ts';
import { PayloadTooLargeError } from '../shared/errors.ts';
import {
  type ApiHandler,
  fail,
  type HttpRequest,
  header,
  jsonReply,
  MAX_BODY_BYTES,
  type Reply,
  readJsonBody,
  serve,
} from '../shared/http/index.ts';
import { pathParameter } from '../shared/routes.ts';
import type { NewOffcut, OffcutChange } from '../shared/stored/rack.ts';
import { idempotentWorkspaceCall, routeFor, type StateDeps, workspaceCalled } from './workspace-call.ts';

/** Longest `label` and `location` of a rack entry. */
export const MAX_RACK_TEXT = 100;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

const text = () =>
  v.nullish(
    v.pipe(
      v.string('must be text'),
      v.maxLength(MAX_RACK_TEXT, `must be at most ${MAX_RACK_TEXT} characters`),
    ),
  );

const rackRowSchema = v.object({
  ...offcutSchema.entries,
  label: text(),
  location: text(),
});

/** The rack's CSV import: the offcut columns and the rack-only ones, under the cut list's grammar. */
export const RACK_CSV: CsvTable<v.InferOutput<typeof rackRowSchema>> = {
  columns: ['length', 'quantity', 'material', 'label', 'location'],
  numbers: new Set(['length', 'quantity']),
  headerless: ['length', 'quantity', 'label'],
  schema: rackRowSchema,
  noun: 'offcut list',
};

const changeSchema = v.strictObject({
  quantity: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.safeInteger('must be a whole number'),
      v.minValue(0, 'must be 0 (remove) or more'),
    ),
  ),
  priority: v.optional(v.boolean('must be true or false')),
  label: v.optional(text()),
  location: v.optional(text()),
});

export function makeRackHandler(deps: StateDeps): ApiHandler {
  return serve(deps, ['GET', 'POST', 'PATCH', 'DELETE'], async (req, notes) => {
    const route = routeFor(req);
    if (!route.ok) return fail(route.error);
    const id = pathParameter(route.value, req.path);
    // Bad input is answered before the key's count (as solves are): parse first.
    if (req.method === 'POST') {
      const items = readOffcuts(req);
      if (!items.ok) return fail(items.error);
      return idempotentWorkspaceCall(deps, req, notes, async (call) => {
        const added = await deps.state.add(
          call.workspace,
          items.value.offcuts,
          items.value.unit,
          call.tier.rackEntries,
        );
        return added.ok ? ok(jsonReply(200, added.value)) : added;
      });
    }
    if (req.method === 'PATCH') {
      const change = readChange(req);
      if (!change.ok) return fail(change.error);
      return workspaceCalled(deps, req, notes, async (call) => {
        const changed = await deps.state.change(call.workspace, id ?? '', change.value);
        if (!changed.ok) return changed;
        return ok(changed.value === null ? noContent() : jsonReply(200, changed.value));
      });
    }
    if (req.method === 'DELETE') {
      return workspaceCalled(deps, req, notes, async (call) => {
        const removed = await deps.state.remove(call.workspace, id ?? '');
        return removed.ok ? ok(noContent()) : removed;
      });
    }
    const options = readListQuery(req);
    if (!options.ok) return fail(options.error);
    return workspaceCalled(deps, req, notes, async (call) => {
      const page = await deps.state.list(call.workspace, options.value);
      return page.ok ? ok(jsonReply(200, page.value)) : page;
    });
  });
}

export function noContent(): Reply {
  return { kind: 'reply', status: 204, headers: {}, body: '', isBase64Encoded: false };
}

function single(req: HttpRequest, name: string): Result<string | undefined, ValidationError> {
  const raw = req.query[name];
  if (raw === undefined || typeof raw === 'string') return ok(raw);
  return err(ValidationError.of(name, `is repeated (${raw.length} times); send it once`));
}

function readListQuery(req: HttpRequest) {
  for (const name of Object.keys(req.query)) {
    if (!['material', 'untagged', 'pageSize', 'pageToken'].includes(name)) {
      return err(
        ValidationError.of(
          '',
          `unknown query parameter "${name}"; GET /v1/offcuts takes material, untagged, pageSize and pageToken`,
        ),
      );
    }
  }
  const material = single(req, 'material');
  const untagged = single(req, 'untagged');
  const size = single(req, 'pageSize');
  const token = single(req, 'pageToken');
  for (const r of [material, untagged, size, token]) if (!r.ok) return r;
  if (!material.ok || !untagged.ok || !size.ok || !token.ok) throw new Error('unreachable');
  if (untagged.value !== undefined && untagged.value !== 'true') {
    return err(
      ValidationError.of('untagged', `must be true (untagged entries only), got "${untagged.value}"`),
    );
  }
  if (untagged.value === 'true' && material.value !== undefined) {
    return err(ValidationError.of('material', 'send either material or untagged=true, not both'));
  }
  const pageSize = size.value === undefined ? DEFAULT_PAGE_SIZE : Number(size.value);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    return err(
      ValidationError.of(
        'pageSize',
        `must be a whole number from 1 to ${MAX_PAGE_SIZE}, got "${size.value}"`,
      ),
    );
  }
  return ok({
    material: untagged.value === 'true' ? null : material.value,
    pageSize,
    pageToken: token.value,
  });
}

/** The offcuts of a POST: JSON (`{"offcuts", "unit"}`) or a CSV file. */
function readOffcuts(
  req: HttpRequest,
): Result<{ offcuts: NewOffcut[]; unit: string | undefined }, CutplanError> {
  const type = (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/csv') {
    const raw = req.body ?? '';
    const textBody = req.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    if (Buffer.byteLength(textBody) > MAX_BODY_BYTES) {
      return err(new PayloadTooLargeError(`the request body is larger than 1 MiB (${MAX_BODY_BYTES} bytes)`));
    }
    const unit = single(req, 'unit');
    if (!unit.ok) return unit;
    const rows = parseCsvTable(textBody, RACK_CSV);
    if (!rows.ok) return rows;
    return ok({ offcuts: rows.value.map(toNew), unit: unit.value });
  }
  const body = readJsonBody(req);
  if (!body.ok) return body;
  const value = body.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err(ValidationError.of('body', 'must be an object like {"offcuts": "1200x2, 800", "unit": "mm"}'));
  }
  const { offcuts, unit, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    return err(
      ValidationError.of(unknown[0] ?? '', `unknown field; POST /v1/offcuts takes offcuts and unit`),
    );
  }
  if (unit !== undefined && (typeof unit !== 'string' || unit.trim() === '' || unit.length > 16)) {
    return err(ValidationError.of('unit', 'must be a unit name of 1 to 16 characters, such as "mm"'));
  }
  if (offcuts === undefined)
    return err(ValidationError.of('offcuts', 'is required: the offcuts to put on the rack'));
  // The rack-only fields are taken off the object entries (kept by position) before the request's reader sees them.
  const extras: { label: string | null; location: string | null }[] = [];
  const issues: { path: string; message: string }[] = [];
  const stripped = Array.isArray(offcuts)
    ? offcuts.map((item: unknown, i) => {
        if (typeof item !== 'object' || item === null || Array.isArray(item)) {
          const count = typeof item === 'string' ? item.split(',').length : 1;
          for (let k = 0; k < count; k++) extras.push({ label: null, location: null });
          return item;
        }
        const { label, location, ...entry } = item as Record<string, unknown>;
        for (const [name, val] of [
          ['label', label],
          ['location', location],
        ] as const) {
          const checked = v.safeParse(text(), val);
          if (!checked.success)
            issues.push({
              path: `offcuts[${i}].${name}`,
              message: checked.issues[0]?.message ?? 'is not valid',
            });
        }
        extras.push({
          label: (label as string | undefined) ?? null,
          location: (location as string | undefined) ?? null,
        });
        return entry;
      })
    : offcuts;
  if (issues.length > 0) return err(new ValidationError(issues));
  const read = readOffcutList(stripped);
  if (!read.ok) return read;
  if (read.value.length === 0) return err(ValidationError.of('offcuts', 'must list at least one offcut'));
  return ok({
    offcuts: read.value.map((o, i) => toNew({ ...o, ...(extras[i] ?? { label: null, location: null }) })),
    unit: typeof unit === 'string' ? unit.trim() : undefined,
  });
}

function toNew(o: {
  length: number;
  quantity: number;
  material?: string | null | undefined;
  priority?: boolean | null | undefined;
  label?: string | null | undefined;
  location?: string | null | undefined;
}): NewOffcut {
  return {
    length: o.length,
    quantity: o.quantity,
    material: o.material ?? null,
    priority: o.priority ?? false,
    label: o.label ?? null,
    location: o.location ?? null,
  };
}

function readChange(req: HttpRequest): Result<OffcutChange, CutplanError> {
  const body = readJsonBody(req);
  if (!body.ok) return body;
  // valibot takes an array for an object; a change is one object.
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
    return err(ValidationError.of('body', 'must be an object like {"quantity": 2, "location": "bay 3"}'));
  }
  const parsed = v.safeParse(changeSchema, body.value);
  if (!parsed.success) {
    return err(
      new ValidationError(
        parsed.issues.map((i) => ({
          path: v.getDotPath(i) ?? 'body',
          // valibot's own words for a key the strict object does not take ("Expected never") help nobody.
          message:
            i.type === 'strict_object' && i.expected === 'never'
              ? 'unknown field; PATCH /v1/offcuts/{id} takes quantity, priority, label and location'
              : i.message,
        })),
      ),
    );
  }
  const change: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(parsed.output)) if (val !== undefined) change[k] = val;
  if (Object.keys(change).length === 0) {
    return err(
      ValidationError.of('body', 'names nothing to change: send quantity, priority, label or location'),
    );
  }
  return ok(change as OffcutChange);
}
