/**
 * The few sentences an assistant can quote from a plan: what to buy, the cost, the yield, and what was
 * proven. The proof is of `meta.objective` only (cost, material, or bar count), so the sentence names that
 * objective and claims nothing else: a plan proven cheapest is not said to use the fewest bars.
 */
import type { OptimiseResponse, Purchase } from '../../../core/types.ts';

/** What a proven plan is proven to be, by `meta.objective`. */
const PROVEN: Readonly<Record<string, string>> = {
  cost: 'proven optimal for cost: no plan costs less',
  material: 'proven optimal for material: no plan uses less stock material',
  bars: 'proven optimal for bar count: no plan uses fewer bars',
};

/** One paragraph, in the request's unit. */
export function planSummary(response: OptimiseResponse): string {
  const { plan, stats, meta } = response;
  const unit = meta.unit;
  const sentences: string[] = [];
  const bars = plan.stockBarsUsed;
  const buy =
    bars === 0
      ? 'Buy nothing'
      : `Buy ${bars} ${bars === 1 ? 'bar' : 'bars'}: ${plan.purchases.map((p) => purchaseText(p, unit)).join(', ')}`;
  const fromOffcuts = plan.combinations
    .filter((c) => c.usedComb.source === 'offcut')
    .reduce((n, c) => n + c.count, 0);
  sentences.push(
    fromOffcuts === 0
      ? buy
      : `${buy}; ${fromOffcuts} owned ${fromOffcuts === 1 ? 'offcut is' : 'offcuts are'} cut too`,
  );
  if (stats.totalCost !== null) sentences.push(`Cost ${stats.totalCost}`);
  sentences.push(
    `Yield ${stats.yieldPercent} % (${stats.totalParts} pieces, ${stats.layoutCount} ${stats.layoutCount === 1 ? 'layout' : 'layouts'})`,
  );
  sentences.push(proofText(response));
  return `${sentences.join('. ')}.`;
}

function purchaseText(p: Purchase, unit: string): string {
  const material =
    p.material === undefined || p.material === null || p.material === '' ? '' : ` ${p.material}`;
  return `${p.count} × ${p.length} ${unit}${material}`;
}

function proofText({ plan, stats, costLowerBound, meta }: OptimiseResponse): string {
  const objective = meta.objective;
  if (plan.optimal) {
    const proven = objective === undefined ? undefined : PROVEN[objective];
    const text = proven ?? `proven optimal${objective === undefined ? '' : ` for ${objective}`}`;
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  if (stats.totalCost !== null && costLowerBound !== null && stats.totalCost <= costLowerBound) {
    // The cost meets its bound: what is open is a group's own objective (the material of a group whose
    // stock has no price, the offcut use under offcuts_first), not the cost.
    return `Proven least cost: no plan costs less. Not every material group is proven optimal on its own objective within the time limit (a longer timeLimit may prove or improve it): ${plan.stockBarsUsed} bars against a lower bound of ${plan.stockBarsLowerBound}`;
  }
  const gaps = [`${plan.stockBarsUsed} bars against a lower bound of ${plan.stockBarsLowerBound}`];
  if (stats.totalCost !== null && costLowerBound !== null) {
    gaps.push(`cost ${stats.totalCost} against a lower bound of ${costLowerBound}`);
  }
  const what = objective === undefined ? '' : ` for ${objective}`;
  return `Not proven optimal${what} within the time limit (a longer timeLimit may prove or improve it): ${gaps.join('; ')}; the gap is the most the plan can be off by`;
}
