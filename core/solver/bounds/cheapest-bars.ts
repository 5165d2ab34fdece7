/**
 * The least cost of `n` more bars taken from `sorted` (bars of one kind, cheapest first) once the first
 * `bought` of them are taken: the cheapest ones left, up to each one's supply; infinite when the supply
 * left cannot make `n`. Bars of one kind are always bought cheapest first, so `bought` bars are the
 * cheapest `bought`.
 */
export function cheapestBarsCost(
  sorted: readonly { readonly cost: number; readonly supply: number }[],
  n: number,
  bought = 0,
): number {
  let skip = bought;
  let need = n;
  let paid = 0;
  for (const b of sorted) {
    if (need <= 0) break;
    const free = Math.max(0, b.supply - skip);
    skip = Math.max(0, skip - b.supply);
    const take = Math.min(need, free);
    paid += take * b.cost;
    need -= take;
  }
  return need <= 0 ? paid : Number.POSITIVE_INFINITY;
}
