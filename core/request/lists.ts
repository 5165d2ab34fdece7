/**
 * Reads `parts`, `stocks`/`stock` and `offcuts` entry by entry: shorthand is expanded (strings, arrays,
 * objects, mixed) and each entry is checked at once, so a list with thousands of bad entries stops after
 * the first few problems instead of building a message for each.
 */
import * as v from 'valibot';
import { fieldIssues, unknownFields } from './fields.ts';
import { itemName, type ListName } from './origins.ts';
import {
  type LongOffcut,
  type LongPart,
  type LongStock,
  OFFCUT_KEYS,
  offcutSchema,
  PART_KEYS,
  partSchema,
  STOCK_KEYS,
  stockSchema,
} from './schemas.ts';
import { type ScannedEntry, scanEntry } from './shorthand.ts';
import { isRecord, show } from './show.ts';
import type { IssueStream } from './sink.ts';

/** Stops a field's checks at its first failure, so one bad value gets one message. */
export const PARSE_CONFIG = { abortPipeEarly: true } as const;

/** How one list may be written: the one description that both the reader and the OpenAPI document use. */
export interface ListForm {
  readonly schema: v.GenericSchema;
  readonly keys: readonly string[];
  readonly shape: string;
  /** The fields of the array form, in order: `[length, quantity, label]`. Only the length is required. */
  readonly tupleFields: readonly [string, ...string[]];
  /** A shorthand string of this list, for messages and the document. */
  readonly example: string;
  /** The quantity of a bare length (`"2400"`, `[2400]`): 1, or null for unlimited stock. */
  readonly bareQuantity: 1 | null;
}

export const LIST_FORMS: Readonly<Record<ListName, ListForm>> = {
  parts: {
    schema: partSchema,
    keys: PART_KEYS,
    shape: 'a part: {"length": 2400, "quantity": 5}, [2400, 5, "label"] or "2400x5"',
    tupleFields: ['length', 'quantity', 'label'],
    example: '"2400x5, 1800x3"',
    bareQuantity: 1,
  },
  // A bare stock length means "as many bars as needed", as the spec's bare `stock` number does.
  stocks: {
    schema: stockSchema,
    keys: STOCK_KEYS,
    shape: 'a stock entry: {"length": 6000, "quantity": 10}, [6000, 10, 12.5] or "6000x10"',
    tupleFields: ['length', 'quantity', 'price'],
    example: '"6000x10, 5000"',
    bareQuantity: null,
  },
  offcuts: {
    schema: offcutSchema,
    keys: OFFCUT_KEYS,
    shape: 'an offcut: {"length": 2500, "quantity": 1}, [2500, 1] or "2500x1"',
    tupleFields: ['length', 'quantity'],
    example: '"2500x2, 1200"',
    bareQuantity: 1,
  },
};

const tupleText = (form: ListForm): string => `[${form.tupleFields.join(', ')}]`;

function textEntry(form: ListForm, length: number, quantity: number | null): Record<string, unknown> {
  return { length, quantity: quantity ?? form.bareQuantity };
}

function tupleEntry(form: ListForm, a: readonly unknown[]): Record<string, unknown> {
  const object: Record<string, unknown> = { length: a[0], quantity: a.length > 1 ? a[1] : form.bareQuantity };
  for (let i = 2; i < a.length; i++) object[form.tupleFields[i] as string] = a[i];
  return object;
}

export type Entry<L extends ListName> = L extends 'parts'
  ? LongPart
  : L extends 'stocks'
    ? LongStock
    : LongOffcut;

export interface ListRead<L extends ListName> {
  /** The entries, when every one is valid; null when the stream got an issue. */
  readonly entries: readonly Entry<L>[] | null;
  /** Shorthand text by expanded index, for messages. */
  readonly texts: readonly (string | undefined)[];
}

/**
 * Expands and checks one list. `name` is the field the caller used (`stock` for the shorthand).
 * An absent list is the caller's business; `value` here is whatever was sent.
 */
export function readList<L extends ListName>(
  value: unknown,
  list: L,
  name: string,
  stream: IssueStream,
): ListRead<L> {
  const form = LIST_FORMS[list];
  const entries: Entry<L>[] = [];
  const texts: (string | undefined)[] = [];
  let index = 0;
  const at = (): string => `${name}[${index}]`;

  // The item's name is built only for a message: most entries are fine, and quoting costs.
  const check = (object: Readonly<Record<string, unknown>>, where: () => string): void => {
    const parsed = v.safeParse(form.schema, object, PARSE_CONFIG);
    if (parsed.success) entries.push(parsed.output as Entry<L>);
    else fieldIssues(parsed.issues, where(), 'entry', stream);
  };
  const describe = (object: Readonly<Record<string, unknown>>): string => itemName(at(), undefined, object);
  const fromText = (entry: ScannedEntry): void => {
    texts[index] = entry.text;
    const where = (): string => itemName(at(), entry.text, null);
    if (entry.ok) check(textEntry(form, entry.length, entry.quantity), where);
    else stream.add({ path: where(), message: entry.message });
    index++;
  };
  const fromItem = (item: unknown): void => {
    if (Array.isArray(item)) {
      if (item.length === 0 || item.length > form.tupleFields.length) {
        stream.add({
          path: at(),
          message: `has ${item.length} elements: an array entry is ${tupleText(form)}`,
        });
      } else {
        const object = tupleEntry(form, item);
        check(object, () => describe(object));
      }
    } else if (isRecord(item)) {
      const where = (): string => describe(item);
      unknownFields(item, form.keys, where, stream);
      check(item, where);
    } else {
      stream.add({ path: at(), message: `must be ${form.shape}, got ${show(item)}` });
    }
    index++;
  };

  if (typeof value === 'string') {
    for (const piece of value.split(',')) {
      fromText(scanEntry(piece));
      if (stream.dropped) break;
    }
  } else if (Array.isArray(value)) {
    for (const item of value as readonly unknown[]) {
      if (typeof item === 'string') {
        // An array element may itself be a comma-separated list; its entries take consecutive indices.
        for (const piece of item.split(',')) {
          fromText(scanEntry(piece));
          if (stream.dropped) break;
        }
      } else fromItem(item);
      if (stream.dropped) break;
    }
  } else {
    stream.add({
      path: name,
      message: `must be a list of ${list} or a shorthand string like ${form.example}, got ${show(value)}`,
    });
  }
  if (list === 'parts' && index === 0 && stream.empty)
    stream.add({ path: name, message: 'must list at least one part' });
  return { entries: stream.empty ? entries : null, texts };
}
