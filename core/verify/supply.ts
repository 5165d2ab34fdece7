/**
 * Checks across layouts against the request's lists: every part's demand met exactly, finite stock and
 * offcut supply respected, and the purchase list equal to the bars cut from each stock entry.
 */
import type { Material } from '../types.ts';
import type { CheckedLayout, Context } from './context.ts';
import { partName } from './context.ts';

/** Bars (or pieces) taken from each entry of one source kind, by entry index. */
export function countsBySource(
  layouts: readonly CheckedLayout[],
  kind: 'stock' | 'offcut',
): Map<number, bigint> {
  const counts = new Map<number, bigint>();
  for (const layout of layouts) {
    if (layout.source.kind !== kind) continue;
    const index = layout.source.entry.index;
    counts.set(index, (counts.get(index) ?? 0n) + layout.count);
  }
  return counts;
}

export function checkDemand(ctx: Context, layouts: readonly CheckedLayout[]): void {
  const cut = new Map<number, bigint>();
  for (const layout of layouts) {
    for (const part of layout.pieces) cut.set(part.index, (cut.get(part.index) ?? 0n) + layout.count);
  }
  for (const part of ctx.request.parts) {
    const got = cut.get(part.index) ?? 0n;
    if (got !== BigInt(part.quantity)) {
      ctx.findings.add(
        'demand',
        `${partName(ctx, part)}: the plan cuts ${got}, the demand is ${part.quantity}`,
      );
    }
  }
}

export function checkSupply(ctx: Context, layouts: readonly CheckedLayout[]): void {
  const stockUsed = countsBySource(layouts, 'stock');
  for (const stock of ctx.request.stocks) {
    const used = stockUsed.get(stock.index) ?? 0n;
    if (stock.quantity !== null && used > BigInt(stock.quantity)) {
      ctx.findings.add(
        'stockSupply',
        `stocks[${stock.index}]: the plan cuts ${used} bars, only ${stock.quantity} exist`,
      );
    }
  }
  const offcutUsed = countsBySource(layouts, 'offcut');
  for (const offcut of ctx.request.offcuts) {
    const used = offcutUsed.get(offcut.index) ?? 0n;
    if (used > BigInt(offcut.quantity)) {
      ctx.findings.add(
        'offcutSupply',
        `offcuts[${offcut.index}]: the plan cuts ${used}, only ${offcut.quantity} are owned`,
      );
    }
  }
}

/** Checks `plan.purchases` and `plan.stockBarsUsed`; returns the true number of purchased bars. */
export function checkPurchases(
  ctx: Context,
  layouts: readonly CheckedLayout[],
  raw: unknown,
  barsUsed: unknown,
): bigint {
  const { reader, findings } = ctx;
  const expected = countsBySource(layouts, 'stock');
  const bars = [...expected.values()].reduce((a, b) => a + b, 0n);
  reader.sameInteger(barsUsed, 'plan.stockBarsUsed', bars, 'stockBarsUsed');
  const list = reader.array(raw, 'plan.purchases');
  if (list === null) return bars;
  const listed = new Set<number>();
  list.forEach((item, i) => {
    const at = `plan.purchases[${i}]`;
    const purchase = reader.record(item, at);
    const index = purchase === null ? null : reader.index(purchase.stock, `${at}.stock`);
    if (purchase === null || index === null) return;
    const stock = ctx.stocks.get(index);
    if (stock === undefined) {
      findings.add('purchases', `${at}.stock ${index} names no stock entry`);
      return;
    }
    if (listed.has(index)) findings.add('purchases', `${at} lists stocks[${index}] a second time`);
    listed.add(index);
    reader.sameLength(purchase.length, `${at}.length`, BigInt(stock.length), 'purchases');
    checkTag(ctx, purchase.material, `${at}.material`, stock.material);
    const want = expected.get(index) ?? 0n;
    const count = reader.integer(purchase.count, `${at}.count`);
    if (count !== null && count !== want) {
      findings.add('purchases', `${at}.count is ${count}, the plan cuts ${want} bars of stocks[${index}]`);
    }
    if (stock.price === null) {
      if (purchase.price !== undefined || purchase.cost !== undefined) {
        findings.add('purchases', `${at} carries a price or cost, stocks[${index}] has no price`);
      }
      return;
    }
    const price = BigInt(stock.price);
    reader.sameMoney(purchase.price, `${at}.price`, price, 'purchases');
    reader.sameMoney(purchase.cost, `${at}.cost`, price * (count ?? want), 'purchases');
  });
  for (const [index, count] of expected) {
    if (!listed.has(index))
      findings.add('purchases', `stocks[${index}]: the plan cuts ${count} bars, no purchase lists them`);
  }
  return bars;
}

/** An output's material tag must name its group (absent for the untagged group). */
export function checkTag(ctx: Context, raw: unknown, path: string, expected: Material): void {
  const tag = ctx.reader.material(raw, path);
  if (tag.ok && tag.material !== expected) {
    const name = (m: Material) => (m === null ? 'untagged' : JSON.stringify(m));
    ctx.findings.add('material', `${path} is ${name(tag.material)}, expected ${name(expected)}`);
  }
}
