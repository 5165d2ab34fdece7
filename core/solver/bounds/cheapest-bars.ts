/**
 * The least cost of `n` bars taken from `sorted` (bars of one kind, cheapest first): the cheapest ones up
 * to each one's supply; infinite when their supply cannot make `n`.
 */
export function cheapestBarsCost(
  sorted: readonly { readonly cost: number; readonly supply: number }[],
  n: number,
): number {
  let need = n;
  let paid = 0;
  for (const b of sorted) {
    if (need <= 0) break;
    const take = Math.min(need, b.supply);
    paid += take * b.cost;
    need -= take;
  }
  return need <= 0 ? paid : Number.POSITIVE_INFINITY;
}
