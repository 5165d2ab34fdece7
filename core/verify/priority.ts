/**
 * `priority: true` where the verifier can judge it without the solver's objectives: a bar cut from an
 * entry that is not prioritised while a prioritised entry of the same kind, material, length and price
 * has bars left. Cutting it there instead changes nothing a method ranks by (cost, bars, material, offcuts
 * used, setups, whose key is the source length), so the plan broke the spec's "among equally good plans,
 * prioritised items are used first". Not under `bundle`, where each stock entry's bundle size matters.
 */
import type { Offcut, Stock } from '../types.ts';
import type { CheckedLayout, Context } from './context.ts';
import { countsBySource } from './supply.ts';

export function checkPriority(ctx: Context, layouts: readonly CheckedLayout[]): void {
  if (ctx.request.method === 'bundle') return;
  for (const kind of ['stock', 'offcut'] as const) {
    const entries: readonly (Stock | Offcut)[] = kind === 'stock' ? ctx.request.stocks : ctx.request.offcuts;
    const used = countsBySource(layouts, kind);
    const hasLeft = (e: Stock | Offcut): boolean =>
      e.quantity === null || BigInt(e.quantity) > (used.get(e.index) ?? 0n);
    const priceOf = (e: Stock | Offcut): number | null => ('price' in e ? e.price : null);
    const reported = new Set<number>();
    for (const layout of layouts) {
      const from = layout.source.entry;
      if (layout.source.kind !== kind || from.priority || reported.has(from.index)) continue;
      const to = entries.find(
        (e) =>
          e.priority &&
          e.material === from.material &&
          e.length === from.length &&
          priceOf(e) === priceOf(from) &&
          hasLeft(e),
      );
      if (to === undefined) continue;
      reported.add(from.index);
      ctx.findings.add(
        'priority',
        `${layout.at}: cut from ${kind}s[${from.index}] while the prioritised ${kind}s[${to.index}], ` +
          `the same ${kind === 'stock' ? 'length and price' : 'length'}, has ${kind === 'stock' ? 'bars' : 'pieces'} left`,
      );
    }
  }
}
