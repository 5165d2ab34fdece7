import type { OptimiseResponse } from '../types.ts';
import { type Formats, plural } from './format.ts';

/** The optimality statement of page 1: a headline in plain words and the evidence behind it. */
export interface Certificate {
  readonly optimal: boolean;
  readonly headline: string;
  readonly detail: readonly string[];
}

/** Bounds are LP values in floating point: a bound of 13.0000000002 still proves 13 bars. */
const EPS = 1e-6;

/** The smallest whole number of bars no plan can go below: ⌈LP bound⌉, tolerant to float noise. */
export function barFloor(lowerBound: number): number {
  return Math.max(0, Math.ceil(lowerBound - EPS));
}

/** An LP bound as printed: whole when it is whole, else two decimals. */
function formatBound(value: number): string {
  const rounded = Math.round(value);
  return Math.abs(value - rounded) <= EPS ? String(rounded) : value.toFixed(2);
}

/**
 * Puts the plan's proof status into words a project manager can act on.
 *
 * With prices and the `balanced` method the objective is money, so the statement is about cost
 * against `costLowerBound`; otherwise it is about purchased bars against ⌈`stockBarsLowerBound`⌉.
 * `optimal` with the plan above the LP floor means the proof came from exhaustive search, and says so.
 * Without a proof, the gap between plan and floor is the most the plan can be off by.
 */
export function certificateOf(response: OptimiseResponse, fmt: Formats): Certificate {
  const plan = planCertificate(response, fmt);
  const { setups, setupsLowerBound: bound, setupsOptimal } = response.stats;
  if (setups === undefined || bound === undefined) return plan;
  // fewest_setups and bundle: the setups are the second objective, with their own bound.
  const line = setupsOptimal
    ? `${plural(setups, 'saw setup')}, proven minimal: no plan of this cost needs fewer than ${bound}.`
    : `${plural(setups, 'saw setup')}; no plan of this cost needs fewer than ${bound}, so at most ${setups - bound} more than the fewest.`;
  return { ...plan, detail: [...plan.detail, line] };
}

function planCertificate(response: OptimiseResponse, fmt: Formats): Certificate {
  const { plan, stats, costLowerBound, meta } = response;
  const bars = plan.stockBarsUsed;
  const floor = barFloor(plan.stockBarsLowerBound);
  const barsText = plural(bars, 'bar');
  const lp = `LP bound ${formatBound(plan.stockBarsLowerBound)} bars`;

  if (bars === 0) {
    return {
      optimal: true,
      headline: 'Optimal: no bars to buy; owned offcuts cover the whole job',
      detail: ['Every piece is cut from offcuts you already own.'],
    };
  }

  const cost = stats.totalCost;
  const costObjective = meta.objective === undefined ? meta.method === 'balanced' : meta.objective === 'cost';
  if (cost !== null && costLowerBound !== null && costObjective) {
    const m = fmt.money;
    const barsLine = `${barsText} to buy (${lp}).`;
    if (plan.optimal) {
      return cost <= costLowerBound + EPS * Math.max(1, cost)
        ? {
            optimal: true,
            headline: `Optimal: cost ${m(cost)}, and no plan can cost less than ${m(costLowerBound)} (LP bound)`,
            detail: [`The plan costs exactly its lower bound, so nothing cheaper exists. ${barsLine}`],
          }
        : {
            optimal: true,
            headline: `Optimal: cost ${m(cost)}, proven by exhaustive search`,
            detail: [`No cheaper plan exists (LP bound ${m(costLowerBound)} is not reachable). ${barsLine}`],
          };
    }
    return {
      optimal: false,
      headline: `Best found: cost ${m(cost)}; at most ${m(Math.max(0, cost - costLowerBound))} above the optimum`,
      detail: [`The cheapest possible plan costs between ${m(costLowerBound)} and ${m(cost)}. ${barsLine}`],
    };
  }

  if (plan.optimal) {
    return bars <= floor
      ? {
          optimal: true,
          headline: `Optimal: ${barsText}, and no plan can use fewer than ${floor} (LP bound)`,
          detail: [`${lp}: no plan can use fewer than ${floor}, and this plan uses ${bars}.`],
        }
      : {
          optimal: true,
          headline: `Optimal: ${barsText}, proven by exhaustive search`,
          detail: [
            `${lp} (at least ${floor}); exhaustive search proved that no plan uses fewer than ${bars}.`,
          ],
        };
  }
  const gap = Math.max(0, bars - floor);
  return {
    optimal: false,
    headline:
      gap === 0
        ? `Best found: ${barsText}, which meets the LP bound of ${floor}`
        : `Best found: ${barsText}; at most ${plural(gap, 'bar')} above the optimum`,
    detail: [
      gap === 0
        ? `${lp}: no plan can use fewer than ${floor}.`
        : `${lp}: no plan can use fewer than ${floor}, so the optimum lies between ${floor} and ${bars} bars.`,
    ],
  };
}
