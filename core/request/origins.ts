/**
 * Where each item of the expanded request came from, so messages name it the way the caller wrote it:
 * `stock[1] "5000x0"` for a shorthand entry, `parts[3] ("rail A", 6500)` for an object or array entry.
 */
import { isRecord, quote } from './show.ts';

export type ListName = 'parts' | 'stocks' | 'offcuts';

export interface Origins {
  /** The field the caller used: `stock` when the shorthand stood for `stocks` or `stockLength`. */
  readonly names: { readonly stocks: string; readonly stockLength: string };
  /** Trimmed text of each entry that came from a shorthand string, by list and expanded index. */
  readonly texts: Readonly<Record<ListName, readonly (string | undefined)[]>>;
}

/** The caller's name for a list. */
function listName(list: ListName, origins: Origins): string {
  return list === 'stocks' ? origins.names.stocks : list;
}

/**
 * Names one item: index, then the shorthand text in quotes, or `(label, length)` read from the entry
 * (each only when usable).
 */
export function locate(list: ListName, index: number, entry: unknown, origins: Origins): string {
  return itemName(`${listName(list, origins)}[${index}]`, origins.texts[list][index], entry);
}

/** `at` followed by the quoted shorthand text, or by `(label, length)` read from the entry. */
export function itemName(at: string, text: string | undefined, entry: unknown): string {
  if (text !== undefined) return `${at} ${quote(text)}`;
  if (!isRecord(entry)) return at;
  const bits: string[] = [];
  if (typeof entry.label === 'string' && entry.label !== '') bits.push(quote(entry.label));
  if (typeof entry.length === 'number') bits.push(String(entry.length));
  return bits.length === 0 ? at : `${at} (${bits.join(', ')})`;
}

/** A material group as messages name it. */
export function groupName(material: string | null): string {
  return material === null ? 'untagged material' : `material ${quote(material)}`;
}
