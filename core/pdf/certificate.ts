/**
 * The optimality certificate on page 1: what the plan claims (cost, bars, stock, waste) in plain words, and
 * the evidence that backs each claim.
 */
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { type Formats, plural } from './format.ts';

/**
 * What a plan was proven (or found) best at, as the certificate words it:
 * - `cost`: the money paid for stock (`meta.objective: cost`);
 * - `bars`: bars bought, where every material group buys one stock length (so the fewest bars is the
 *   least stock bought, and the bar count is what was minimised);
 * - `stock`: the length of stock bought, where a group's stock lengths differ (one long bar may beat two
 *   short ones, so the bar count is not what was minimised);
 * - `waste`: the material cut from stock and owned offcuts together (`least_waste`, or no stock to buy).
 */
export type Measure = 'cost' | 'bars' | 'stock' | 'waste';

/**
 * One statement the certificate makes about all plans that cut the list (`scope: 'all'`), or about the
 * plans that use the most owned offcut material (`scope: 'mostOffcuts'`, under `offcuts_first`). Each is
 * true by a proof the response carries; the property test checks each against an exhaustive search.
 */
export type Claim =
  /** No plan in scope is better than this one on `measure`. */
  | { readonly kind: 'least'; readonly measure: Measure; readonly scope: Scope }
  /** No plan in scope has `measure` below `value`. */
  | {
      readonly kind: 'floor';
      readonly measure: 'cost' | 'bars';
      readonly value: number;
      readonly scope: Scope;
    }
  /** No plan uses more owned offcut material (in length) than this one. */
  | { readonly kind: 'mostOffcuts' }
  /**
   * No plan as good as this one on `measure` needs fewer than `value` saw setups; with `eachGroup`, as
   * good in each material group on the group's own objective (money where its stock is priced, material
   * where not), as the setups bound is computed per group.
   */
  | {
      readonly kind: 'setupsFloor';
      readonly measure: Measure;
      readonly value: number;
      readonly eachGroup?: true;
    };
export type Scope = 'all' | 'mostOffcuts';

/** The optimality statement of page 1: a headline in plain words, the evidence, and what it asserts. */
export interface Certificate {
  readonly optimal: boolean;
  readonly headline: string;
  readonly detail: readonly string[];
  /** What was minimised, in the certificate's words. */
  readonly measure: Measure;
  readonly claims: readonly Claim[];
}

/** The request fields the certificate reads: which stock lengths each material group may buy. */
export type CertificateRequest = Pick<OptimiseRequest, 'parts' | 'stocks'>;

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
 * What the plan minimised, in the certificate's terms: money when `meta.objective` is `cost`; else the
 * material, read as waste under `least_waste` (or without stock to buy), as bars when every material
 * group buys one stock length, and as the length of stock bought otherwise (or when the request is not
 * at hand).
 */
export function measureOf(response: OptimiseResponse, request?: CertificateRequest): Measure {
  const { meta, stats, costLowerBound } = response;
  const cost = meta.objective === undefined ? meta.method === 'balanced' : meta.objective === 'cost';
  if (cost && stats.totalCost !== null && costLowerBound !== null) return 'cost';
  if (meta.method === 'least_waste' || request?.stocks.length === 0) return 'waste';
  if (request === undefined) return 'stock';
  const lengths = new Map<string | null, Set<number>>();
  for (const s of request.stocks) {
    const set = lengths.get(s.material) ?? new Set<number>();
    set.add(s.length);
    lengths.set(s.material, set);
  }
  const groups = new Set(request.parts.map((p) => p.material));
  return [...groups].every((m) => (lengths.get(m)?.size ?? 0) <= 1) ? 'bars' : 'stock';
}

/**
 * Puts the plan's proof status into words a project manager can act on, in the terms of what was
 * minimised ({@link measureOf}): the cost against `costLowerBound`; the bars against
 * ⌈`stockBarsLowerBound`⌉ where bars are the objective; the stock bought or the waste otherwise, where the
 * response carries no bound in those terms, so an unproven plan is only said to be unproven. `optimal`
 * with the plan above the LP floor means the proof came from exhaustive search, and says so. Under
 * `offcuts_first` the plan first uses the most owned offcut material, and its statements are among plans
 * that do. `request` (the normalised one) tells one stock length from several; without it the material
 * is stated as stock bought, which is right either way.
 */
export function certificateOf(
  response: OptimiseResponse,
  fmt: Formats,
  request?: CertificateRequest,
): Certificate {
  const measure = measureOf(response, request);
  const plan = planCertificate(response, fmt, measure);
  const { setups, setupsLowerBound: bound, setupsOptimal } = response.stats;
  if (setups === undefined || bound === undefined) return plan;
  // fewest_setups and bundle: the setups are the next objective, with their own bound.
  const mixed = mixedObjectives(response);
  const asGood = setupsPeers(response, measure);
  const line = setupsOptimal
    ? `${plural(setups, 'saw setup')}, proven minimal: no plan ${asGood} needs fewer than ${bound}.`
    : `${plural(setups, 'saw setup')}; no plan ${asGood} needs fewer than ${bound}, so at most ${setups - bound} more than the fewest.`;
  const floor: Claim = { kind: 'setupsFloor', measure, value: bound, ...(mixed ? { eachGroup: true } : {}) };
  return { ...plan, detail: [...plan.detail, line], claims: [...plan.claims, floor] };
}

/** "No plan … needs fewer setups": the plans as good as this one on the measure. */
export function asGoodAs(measure: Measure): string {
  return AS_GOOD[measure];
}

/**
 * "No plan … needs fewer setups" for `response`: the setups bound holds per material group among plans
 * as good on the group's own objective, so where priced groups were solved for money and others for
 * material (`meta.objective` is `cost` then), a plan of the same cost that spends more material in an
 * unpriced group is not covered: the phrase names each group's objective instead of the cost.
 */
export function setupsPeers(response: OptimiseResponse, measure: Measure): string {
  return mixedObjectives(response) ? AS_GOOD_EACH_GROUP : asGoodAs(measure);
}

const AS_GOOD_EACH_GROUP =
  'as good in each material group (on cost where its stock is priced, else on material)';

/**
 * Whether the cost objective covers only some material groups: a group without prices (its `totalCost`
 * null: unpriced stock, or only owned offcuts) was solved for material, and costs nothing either way.
 */
function mixedObjectives({ meta, stats }: OptimiseResponse): boolean {
  if (meta.objective !== 'cost' || stats.byMaterial === undefined) return false;
  return Object.values(stats.byMaterial).some((g) => g.totalCost === null);
}

const AS_GOOD: Readonly<Record<Measure, string>> = {
  cost: 'of this cost',
  bars: 'with this few bars',
  stock: 'buying this little stock',
  waste: 'wasting this little',
};

interface Figures {
  readonly bars: number;
  readonly stock: number;
  readonly offcut: number;
  readonly waste: number;
}

function figuresOf(response: OptimiseResponse): Figures {
  let stock = 0;
  let offcut = 0;
  for (const c of response.plan.combinations) {
    const length = c.usedComb.length * c.count;
    if (c.usedComb.source === 'stock') stock += length;
    else offcut += length;
  }
  return { bars: response.plan.stockBarsUsed, stock, offcut, waste: response.plan.totalWaste };
}

function planCertificate(response: OptimiseResponse, fmt: Formats, measure: Measure): Certificate {
  const { plan, meta } = response;
  const figures = figuresOf(response);
  const offcutsFirst = meta.method === 'offcuts_first' && figures.offcut > 0;
  const scope: Scope = offcutsFirst ? 'mostOffcuts' : 'all';
  const base = statement(response, fmt, measure, figures, scope);
  if (!offcutsFirst) return base;
  // Under offcuts_first the plan first uses the most owned offcut material; what it states about bars,
  // stock or cost holds among the plans that do (the bound is computed over them only).
  const used = `Offcuts first: the plan uses ${fmt.lenU(figures.offcut)} of owned offcuts`;
  if (!plan.optimal) return { ...base, detail: [`${used}.`, ...base.detail] };
  return {
    ...base,
    headline: base.headline.replace(/^Optimal: /, 'Optimal with offcuts first: '),
    detail: [`${used}, and no plan uses more.`, ...base.detail],
    claims: [{ kind: 'mostOffcuts' }, ...base.claims],
  };
}

function statement(
  response: OptimiseResponse,
  fmt: Formats,
  measure: Measure,
  figures: Figures,
  scope: Scope,
): Certificate {
  const { plan, stats, costLowerBound } = response;
  const { bars } = figures;
  const barsText = plural(bars, 'bar');
  const proven = plan.optimal;
  const least: Claim = { kind: 'least', measure, scope };
  // Under offcuts_first the statements hold among the plans that use the most offcut material.
  const no = scope === 'all' ? 'no plan' : 'no plan using as much offcut material';
  const No = no.charAt(0).toUpperCase() + no.slice(1);

  if (bars === 0 && measure !== 'waste') {
    // Offcuts cost nothing: buying nothing is the least money, bars and stock, whatever the search proved.
    return {
      optimal: true,
      headline: 'Optimal: no bars to buy; owned offcuts cover the whole job',
      detail: ['Every piece is cut from offcuts you already own.'],
      measure,
      claims: [{ ...least, scope: 'all' }],
    };
  }

  const cost = stats.totalCost;
  if (measure === 'cost' && cost !== null && costLowerBound !== null) {
    const m = fmt.money;
    const barsLine = `${barsText} to buy.`;
    const floor: Claim = { kind: 'floor', measure: 'cost', value: costLowerBound, scope };
    if (proven) {
      return cost <= costLowerBound + EPS * Math.max(1, cost)
        ? {
            optimal: true,
            headline: `Optimal: cost ${m(cost)}, and ${no} can cost less than ${m(costLowerBound)} (LP bound)`,
            detail: [`The plan costs exactly its lower bound, so nothing cheaper exists. ${barsLine}`],
            measure,
            claims: [least, floor],
          }
        : {
            optimal: true,
            headline: `Optimal: cost ${m(cost)}, proven by exhaustive search`,
            detail: [`${No} is cheaper (LP bound ${m(costLowerBound)} is not reachable). ${barsLine}`],
            measure,
            claims: [least, floor],
          };
    }
    return {
      optimal: false,
      headline: `Best found: cost ${m(cost)}; at most ${m(Math.max(0, cost - costLowerBound))} above the optimum`,
      detail: [
        `The cheapest ${scope === 'all' ? 'possible plan' : 'plan using as much offcut material'} costs between ${m(costLowerBound)} and ${m(cost)}. ${barsLine}`,
      ],
      measure,
      claims: [floor],
    };
  }

  const lb = plan.stockBarsLowerBound;
  const floor = barFloor(lb);
  const barsFloor: Claim = { kind: 'floor', measure: 'bars', value: floor, scope };
  if (measure === 'bars') {
    const lp = `LP bound ${formatBound(lb)}`;
    if (proven) {
      return bars <= floor
        ? {
            optimal: true,
            headline: `Optimal: ${barsText}, and ${no} can use fewer than ${floor} (LP bound)`,
            detail: [`${lp}: ${no} can use fewer than ${plural(floor, 'bar')}, and this plan uses ${bars}.`],
            measure,
            claims: [least, barsFloor],
          }
        : {
            optimal: true,
            headline: `Optimal: ${barsText}, proven by exhaustive search`,
            detail: [
              `${lp} (at least ${plural(floor, 'bar')}); exhaustive search proved that ${no} uses fewer than ${plural(bars, 'bar')}.`,
            ],
            measure,
            claims: [least, barsFloor],
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
          ? `${lp}: ${no} can use fewer than ${plural(floor, 'bar')}.`
          : `${lp}: ${no} can use fewer than ${plural(floor, 'bar')}, so the optimum lies between ${floor} and ${barsText}.`,
      ],
      measure,
      claims: [barsFloor],
    };
  }

  // Material without a bound in its own terms in the response: proven, or only found.
  // The bar floor holds for every plan (bars × the longest stock cover the material to buy); under
  // offcuts_first it is computed over the plans that use the most offcuts only.
  const floorLine =
    floor > 0 && scope === 'all' ? [`No plan needs fewer than ${plural(floor, 'bar')} (lower bound).`] : [];
  const floorClaims: Claim[] = floor > 0 && scope === 'all' ? [barsFloor] : [];
  if (measure === 'stock') {
    const what = `${fmt.lenU(figures.stock)} of stock (${barsText})`;
    const why =
      'The stock lengths differ, so the plan minimises the length of stock bought, not the bar count';
    return proven
      ? {
          optimal: true,
          headline: `Optimal: ${what}; ${no} buys less stock`,
          detail: [`${why}: ${no} buys less than ${fmt.lenU(figures.stock)}.`, ...floorLine],
          measure,
          claims: [least, ...floorClaims],
        }
      : {
          optimal: false,
          headline: `Best found: ${what}; not proven the least stock`,
          detail: [`${why}. The search stopped before proving that ${no} buys less.`, ...floorLine],
          measure,
          claims: floorClaims,
        };
  }
  const cut = fmt.lenU(stats.totalUsedLength);
  const what = `${fmt.lenU(figures.waste)} of waste`;
  const why = `Least waste: the plan minimises the material cut from stock and owned offcuts (${cut} for ${fmt.lenU(stats.totalPartsLength)} of pieces)`;
  const buy = bars === 0 ? 'No bars to buy.' : `${barsText} to buy.`;
  return proven
    ? {
        optimal: true,
        headline: `Optimal: ${what}; ${no} wastes less`,
        detail: [`${why}: ${no} cuts less material.`, `${buy}`, ...floorLine],
        measure,
        claims: [least, ...floorClaims],
      }
    : {
        optimal: false,
        headline: `Best found: ${what}; not proven the least`,
        detail: [`${why}. The search stopped before proving that ${no} wastes less.`, buy, ...floorLine],
        measure,
        claims: floorClaims,
      };
}
