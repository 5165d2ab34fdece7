/**
 * `usableRemnants` and `unusedOffcuts`: recomputed from the layouts and the offcut supply, grouped by
 * length and material, and listed largest first (the order among equal lengths is free).
 */
import type { Material } from '../types.ts';
import { type CheckedLayout, type Context, usableRemnantOf } from './context.ts';
import type { CheckId } from './failure.ts';
import { leftoverKey } from './read.ts';
import { countsBySource } from './supply.ts';

interface Pile {
  readonly length: bigint;
  readonly material: Material;
  count: bigint;
}

type Piles = Map<string, Pile>;

function addTo(piles: Piles, length: bigint, material: Material, count: bigint): void {
  if (count <= 0n) return;
  const key = leftoverKey(length, material);
  const pile = piles.get(key);
  if (pile) pile.count += count;
  else piles.set(key, { length, material, count });
}

export function expectedRemnants(ctx: Context, layouts: readonly CheckedLayout[]): Piles {
  const piles: Piles = new Map();
  for (const layout of layouts) {
    const remnant = usableRemnantOf(layout.bar, ctx.minRemnant);
    if (remnant > 0n) addTo(piles, remnant, layout.material, layout.count);
  }
  return piles;
}

export function expectedUnusedOffcuts(ctx: Context, layouts: readonly CheckedLayout[]): Piles {
  const used = countsBySource(layouts, 'offcut');
  const piles: Piles = new Map();
  for (const offcut of ctx.request.offcuts) {
    const left = BigInt(offcut.quantity) - (used.get(offcut.index) ?? 0n);
    addTo(piles, BigInt(offcut.length), offcut.material, left);
  }
  return piles;
}

/** Compares a leftover list of the response with the expected piles. */
export function checkLeftovers(
  ctx: Context,
  raw: unknown,
  path: string,
  expected: Piles,
  check: CheckId,
): void {
  const { reader, findings } = ctx;
  const list = reader.array(raw, path);
  if (list === null) return;
  const describe = (length: bigint, material: Material) =>
    `${reader.showLength(length)}${material === null ? '' : ` of ${JSON.stringify(material)}`}`;
  const listed = new Set<string>();
  let previous: bigint | null = null;
  list.forEach((item, i) => {
    const at = `${path}[${i}]`;
    const entry = reader.record(item, at);
    if (entry === null) return;
    const length = reader.length(entry.length, `${at}.length`);
    const count = reader.integer(entry.count, `${at}.count`);
    const tag = reader.material(entry.material, `${at}.material`);
    if (length === null || count === null || !tag.ok) return;
    if (previous !== null && length > previous)
      findings.add(check, `${at} is longer than the entry before it: largest first`);
    previous = length;
    const key = leftoverKey(length, tag.material);
    const want = expected.get(key);
    if (listed.has(key)) findings.add(check, `${at} lists ${describe(length, tag.material)} a second time`);
    else if (want === undefined)
      findings.add(check, `${at} lists ${describe(length, tag.material)}, the plan leaves none`);
    else if (want.count !== count)
      findings.add(check, `${at}.count is ${count}, the plan leaves ${want.count}`);
    listed.add(key);
  });
  for (const [key, pile] of expected) {
    if (!listed.has(key))
      findings.add(check, `${path} omits ${pile.count} × ${describe(pile.length, pile.material)}`);
  }
}
