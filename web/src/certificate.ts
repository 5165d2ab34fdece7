/** The playground's one-line certificate (the PDF's page 1 words it at length: core/pdf/certificate.ts). */
import type { OptimiseResponse } from '../../core/types.ts';
import { formatNumber } from './bars.ts';

/**
 * The proof in the terms of what was minimised (`meta.objective`): the cost when the stocks carry prices,
 * else the material, which is the waste under `least_waste` and the stock bought otherwise. With several
 * stock lengths the fewest bars need not be the least stock, so bars are stated as a floor only.
 */
export function certificate(plan: OptimiseResponse): { text: string; proven: boolean } {
  const p = plan.plan;
  const { method, objective } = plan.meta;
  const verified = 'Verified against the cut list.';
  const bars = (n: number): string => `${n} bar${n === 1 ? '' : 's'}`;
  const cost =
    (objective ?? (method === 'balanced' ? 'cost' : 'material')) === 'cost' && plan.costLowerBound !== null;
  const offcutsFirst =
    method === 'offcuts_first' && p.combinations.some((c) => c.usedComb.source === 'offcut');
  const among = offcutsFirst ? ' using as much offcut material' : '';
  const what = cost ? `costs less` : method === 'least_waste' ? 'wastes less material' : 'buys less stock';
  if (p.stockBarsUsed === 0 && method !== 'least_waste') {
    return { text: `Proven optimal: no bars to buy; owned offcuts cover the job. ${verified}`, proven: true };
  }
  if (p.optimal) {
    const first = offcutsFirst ? 'it uses the most owned offcuts, and ' : '';
    return { text: `Proven optimal: ${first}no plan${among} ${what}. ${verified}`, proven: true };
  }
  if (cost && plan.costLowerBound !== null && plan.stats.totalCost !== null) {
    const gap = Math.max(0, plan.stats.totalCost - plan.costLowerBound);
    return {
      text: `Not proven optimal: at most ${formatNumber(gap)} above the cheapest possible (lower bound ${formatNumber(plan.costLowerBound)}). ${verified}`,
      proven: false,
    };
  }
  const floor = Math.max(0, Math.ceil(p.stockBarsLowerBound - 1e-9));
  const floorText = floor > 0 ? `; no plan${among} needs fewer than ${bars(floor)}` : '';
  return {
    text: `Not proven optimal: the search stopped before proving that no plan${among} ${what}${floorText}. ${verified}`,
    proven: false,
  };
}
