/**
 * The square pattern kind of the covering master: a column is a multiset of items on one source, its
 * arcs those of the arc-flow view (items laid longest first), and pricing is one bounded knapsack per
 * distinct bar capacity, with the arc DP or search where branching bounded arc flows.
 */

import type { ActiveArc, PortPricing, PriceQuery, PricingPort, Residual } from '../../../master/index.ts';
import { usageScaleOf } from '../../../master/index.ts';
import { type Job, LARGE_JOB_ITEM_TYPES, PRACTICAL_ITEM_TYPES, patternKey } from '../../../model/index.ts';
import {
  ARC_DP_CELLS,
  ARC_SEARCH_NODES,
  type ArcBan,
  type ArcMap,
  arcCell,
  arcDpCells,
  arcKey,
  arcsOf,
  BITMAP_CELLS,
  branchAndBound,
  crossesBan,
  DISJOINT_EXTRA_COLUMNS,
  DISJOINT_NODES,
  type KnapsackResult,
  type MorePatterns,
  priceWithArcs,
  searchWithArcs,
  solveKnapsacks,
  WASTE_DP_CELLS,
  WASTE_DP_LARGE_CELLS,
  WASTE_EXTRA_COLUMNS,
  WASTE_LARGE_AFTER_CALLS,
  WASTE_WALK_STEPS_PER_ITEM,
  type WasteLimited,
  wasteLimitedCells,
  wasteLimitedKnapsack,
} from '../../../pricing/index.ts';

/**
 * Reduced-cost fixing as pricing sees it (technique `rc-fixing`, rcfix's edit): the arcs fixed out at
 * the root's demand, and the waste-limited rounds' duals and values reported back (they decide the fixing).
 */
export interface PricingFixing {
  ban(): ArcBan | null;
  observe(pi: Float64Array, value: number): void;
  /** A waste-limited round at a tree node with arc duals (technique `node-fixing`, nodefix's edit). */
  observeNode?(pi: Float64Array, arcs: readonly ActiveArc[], residual: Residual, value: number): void;
}

/** A generated pattern: a feasible bar of one source. */
export interface Column {
  readonly source: number;
  readonly counts: Int32Array;
}

/** The waste-limited DP's size caps (tuning's values; tests set small ones). */
export interface WasteCaps {
  /** Cells up to which the DP runs from the first call. */
  readonly cells: number;
  /** Cells up to which it runs with `waste-limit-large`, after `largeAfterCalls` pricing calls. */
  readonly largeCells: number;
  readonly largeAfterCalls: number;
}

const WASTE_CAPS: WasteCaps = {
  cells: WASTE_DP_CELLS,
  largeCells: WASTE_DP_LARGE_CELLS,
  largeAfterCalls: WASTE_LARGE_AFTER_CALLS,
};

/** The square pricing port (see the module's comment). */
export class SquarePricing implements PricingPort<Column> {
  readonly itemCount: number;
  readonly weights: Float64Array;
  private readonly job: Job;
  private readonly capacities: number[];

  /** The most waste a bar of a plan that beats the incumbent can have (see `wasteLimited`), if known. */
  private readonly wasteLimit: (() => number) | null;

  /** Whether exact pricing past the DP's bitmap may use the sparse DP (technique `sparse-dp`). */
  private readonly sparse: boolean;

  /** The waste limit also at nodes with arc duals, by the arc DP (technique `arc-waste`). */
  private readonly arcWaste: boolean;

  /** Whether the waste-limited DP may run past `WASTE_DP_CELLS` (technique `waste-limit-large`). */
  private readonly largeWaste: boolean;

  private readonly caps: WasteCaps;

  /** Pricing calls so far (the large DP waits for `WASTE_LARGE_AFTER_CALLS` of them). */
  private calls = 0;

  /** Pricing calls the waste-limited DP answered past `WASTE_DP_CELLS` (`waste-limit-large`). */
  largeCalls = 0;

  /** Reduced-cost fixing, when on (technique `rc-fixing`). */
  private readonly fixing: PricingFixing | null;

  /** Arc nodes priced by the waste-limited DP, several columns a round (technique `arc-waste-columns`). */
  arcColumnsOn = true;

  /** The pricing DPs' sweep by the WebAssembly SIMD kernel (technique `wasm-sweep`; the same answers). */
  wasmSweepOn = true;

  /**
   * Whether a priced round adds disjoint bars from fresh quick searches (technique `disjoint-columns`):
   * one-bar jobs past every dense DP (`wantsDisjoint`). Set by the caller, once a job.
   */
  disjointOn = false;

  constructor(
    job: Job,
    wasteLimit: (() => number) | null = null,
    sparse = true,
    arcWaste = false,
    largeWaste = false,
    caps: WasteCaps = WASTE_CAPS,
    fixing: PricingFixing | null = null,
  ) {
    this.caps = caps;
    this.job = job;
    this.largeWaste = largeWaste;
    this.fixing = fixing;
    this.wasteLimit = wasteLimit;
    this.sparse = sparse;
    this.arcWaste = arcWaste;
    this.itemCount = job.items.length;
    this.weights = Float64Array.from(job.items, (it) => it.weight);
    this.capacities = [...new Set(job.sources.map((s) => s.capacity))].sort((a, b) => a - b);
  }

  key(column: Column): string {
    return patternKey(column.source, column.counts);
  }

  coefficients(column: Column): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < this.itemCount; i++) {
      const c = column.counts[i] ?? 0;
      if (c > 0) out.push([i, c]);
    }
    return out;
  }

  arcKeys(column: Column): string[] {
    return arcsOf(this.weights, column.source, column.counts).map(arcKey);
  }

  own(column: Column): Column {
    return { source: column.source, counts: column.counts.slice() };
  }

  /**
   * A small search usually finds an improving bar; the exact (and costlier) pricing is needed only to
   * prove that none exists and to tighten the bound.
   */
  price(query: PriceQuery<Column>): PortPricing<Column> {
    this.calls++;
    const ban = this.banAt(query);
    const limited = this.wasteLimited(query, ban);
    if (limited) return limited;
    if (ban) return this.priceAround(query, ban);
    const fast = this.priceWith(query, 'fast');
    if (fast.columns.length > 0 || fast.exact) return this.disjoint(query, fast);
    return this.disjoint(query, this.priceWith(query, 'exact', fast.knapsacks));
  }

  /**
   * Whether jobs like this one get disjoint bars (technique `disjoint-columns`; see `disjointOn`): one
   * kind of bar, at least `LARGE_JOB_ITEM_TYPES` lengths, and knapsack cells past every dense DP that
   * could price them (the choice bitmap's and the waste-limited DP's largest cap), so that the quick
   * search prices every round and every exact round is a sparse DP (Gschwind–Irnich). Within the waste
   * DP's cap (AI 1002, about 80 M cells) the bars cost 1.6 times the time for the same rounds.
   */
  static wantsDisjoint(job: Job): boolean {
    const s = job.sources[0];
    if (!s || job.sources.length !== 1 || job.items.length < LARGE_JOB_ITEM_TYPES) return false;
    const weights = Float64Array.from(job.items, (it) => it.weight);
    const bounds = Int32Array.from(job.items, (it) => it.demand);
    return wasteLimitedCells(weights, bounds, s.capacity) > Math.max(BITMAP_CELLS, WASTE_DP_LARGE_CELLS);
  }

  /**
   * Several columns a round for one-bar jobs past the dense DP (technique `disjoint-columns`): after a
   * round that found columns, up to `DISJOINT_EXTRA_COLUMNS` more, each the quick search's best over the
   * pieces that no bar of the round took (a partial plan, as the waste-limited DP's walk reads), kept when
   * it prices out. The round's values and bound are the first search's: the extra bars only add columns.
   */
  private disjoint<P extends PortPricing<Column>>(query: PriceQuery<Column>, priced: P): P {
    const source = this.job.sources[0];
    if (!this.disjointOn || !source || priced.columns.length === 0 || query.arcs.length > 0 || query.nu > 0)
      return priced;
    if ((query.residual.hi[0] ?? 0) <= 0) return priced;
    const left = Int32Array.from(query.residual.demand, (d) => Math.max(0, d));
    const take = (counts: Int32Array): void => {
      for (let i = 0; i < left.length; i++) left[i] = Math.max(0, (left[i] ?? 0) - (counts[i] ?? 0));
    };
    for (const c of priced.columns) take(c.counts);
    const columns = [...priced.columns];
    for (let k = 0; k < DISJOINT_EXTRA_COLUMNS; k++) {
      const r = branchAndBound(query.pi, this.weights, left, source.capacity, DISJOINT_NODES);
      if (r.value <= 0) break;
      const column = { source: 0, counts: r.counts };
      if (!query.pricesOut(column)) break;
      columns.push(column);
      take(r.counts);
    }
    return { ...priced, columns };
  }

  /** The fixed arcs, where they apply: a residual at the whole demand (the tree's nodes). */
  private banAt(query: PriceQuery<Column>): ArcBan | null {
    const ban = this.fixing?.ban() ?? null;
    if (!ban || this.job.sources.length !== 1 || query.nu > 0) return null;
    const { demand } = query.residual;
    for (let i = 0; i < this.itemCount; i++) if (demand[i] !== this.job.items[i]?.demand) return null;
    return ban;
  }

  /**
   * The plain pricing at a node with fixed arcs, where the waste-limited DPs do not apply (past their
   * size caps, or a technique off): the master holds columns crossing a fixed arc at zero, so such a
   * column is never offered, and a round that met one is not exact (a column it hid may price out).
   */
  private priceAround(query: PriceQuery<Column>, ban: ArcBan): PortPricing<Column> {
    let hidden = false;
    const around: PriceQuery<Column> = {
      ...query,
      pricesOut: (column) => {
        if (crossesBan(ban, this.weights, column.counts)) {
          hidden = true;
          return false;
        }
        return query.pricesOut(column);
      },
    };
    const fast = this.priceWith(around, 'fast');
    if (fast.columns.length > 0 || (fast.exact && !hidden)) return fast;
    const exact = this.priceWith(around, 'exact', fast.knapsacks);
    return hidden ? { ...exact, exact: false } : exact;
  }

  /**
   * Waste-limited pricing (technique `waste-limit`), where it applies: a one-bar job at its whole demand
   * with an incumbent whose improving plans leave each bar at most `limit` waste, and no arc duals. Only
   * such bars are priced, by an exact DP: the Lagrangian bound and the count cut then hold for every plan
   * that beats the incumbent, which is all a proof needs. Null where it does not apply.
   */
  private wasteLimited(query: PriceQuery<Column>, ban: ArcBan | null): PortPricing<Column> | null {
    const limit = this.wasteLimit?.() ?? Number.POSITIVE_INFINITY;
    const source = this.job.sources[0];
    if (!source || this.job.sources.length !== 1 || !(limit < source.capacity)) return null;
    const { demand, hi } = query.residual;
    if ((hi[0] ?? 0) <= 0 || query.nu > 0) return null;
    for (let i = 0; i < this.itemCount; i++) if (demand[i] !== this.job.items[i]?.demand) return null;
    const bounds = Int32Array.from(demand, (d) => Math.max(0, d));
    if (query.arcs.length > 0) return this.arcWaste ? this.arcWasteLimited(query, bounds, limit, ban) : null;
    const cells = wasteLimitedCells(this.weights, bounds, source.capacity);
    if (cells > this.wasteCells()) return null;
    if (cells > this.caps.cells) this.largeCalls++;
    const best = wasteLimitedKnapsack(
      query.pi,
      this.weights,
      bounds,
      source.capacity,
      limit,
      this.more(),
      ban,
      null,
      this.wasmSweepOn,
    );
    const value = Math.max(0, best?.value ?? 0);
    this.fixing?.observe(query.pi, value);
    const columns = improvingBars(query, best);
    return { columns, values: [value], exact: true, cutValues: Float64Array.of(value) };
  }

  /**
   * Whether the waste-limited DP prices a residual of this demand from the first call (within
   * `WASTE_DP_CELLS`; past it, `waste-limit-large` prices by it only after its first calls).
   */
  wasteDpFits(demand: Int32Array, within = Number.POSITIVE_INFINITY): boolean {
    const capacity = this.job.sources[0]?.capacity ?? 0;
    const bounds = Int32Array.from(demand, (d) => Math.max(0, d));
    return wasteLimitedCells(this.weights, bounds, capacity) <= Math.min(within, this.caps.cells);
  }

  /**
   * More bars read off the DP's table, no piece in two of them (several columns a round, disjoint like a
   * partial plan), each worth more than a bar costs at these duals.
   */
  private more(): MorePatterns {
    const cost = this.job.sources[0]?.cost ?? 0;
    const count = WASTE_EXTRA_COLUMNS;
    return { above: cost, count, perItem: 1, steps: WASTE_WALK_STEPS_PER_ITEM * this.itemCount * count };
  }

  /**
   * Waste-limited pricing at a node with arc duals by the waste-limited DP over exact loads, the arc duals
   * earned where each piece starts (technique `arc-waste-columns`): several columns a round, where the arc
   * DP gives one. Null past the DP's size cap (the arc DP then answers).
   */
  private arcColumns(
    query: PriceQuery<Column>,
    bounds: Int32Array,
    limit: number,
    ban: ArcBan | null,
    duals: ReadonlyMap<number, ReadonlyMap<number, number>>,
  ): PortPricing<Column> | null {
    const source = this.job.sources[0];
    if (!source || !this.arcColumnsOn) return null;
    if (wasteLimitedCells(this.weights, bounds, source.capacity) > this.wasteCells()) return null;
    const { capacity } = source;
    const best = wasteLimitedKnapsack(
      query.pi,
      this.weights,
      bounds,
      capacity,
      limit,
      this.more(),
      ban,
      duals,
      this.wasmSweepOn,
    );
    const columns = improvingBars(query, best);
    // No pattern within the limit: −∞, which the bound reads as no bar worth using (as the arc DP's).
    const value = best ? best.value : Number.NEGATIVE_INFINITY;
    return { columns, values: [Math.max(0, value)], exact: true, cutValues: null };
  }

  /**
   * Cells up to which the waste-limited DP runs: past the former cap only with `waste-limit-large`, and
   * only after the first `WASTE_LARGE_AFTER_CALLS` calls (see there).
   */
  private wasteCells(): number {
    const { cells, largeCells, largeAfterCalls } = this.caps;
    return this.largeWaste && this.calls > largeAfterCalls ? largeCells : cells;
  }

  /**
   * Waste-limited pricing at a node with arc duals (technique `arc-waste`): the arc DP (or its branch and
   * bound) over patterns loaded to at least C − limit, exact, with no plain knapsack before it. One
   * column a round; no count cut (a cut must not hold arc duals, and this value does).
   */
  private arcWasteLimited(
    query: PriceQuery<Column>,
    bounds: Int32Array,
    limit: number,
    ban: ArcBan | null,
  ): PortPricing<Column> | null {
    const source = this.job.sources[0];
    if (!source) return null;
    const duals = arcDualsBySource(query).get(0) ?? new Map<number, ReadonlyMap<number, number>>();
    const several = this.arcColumns(query, bounds, limit, ban, duals);
    if (several) {
      // Exact over the same bars as the arc DP: its best value serves node-level fixing alike.
      this.fixing?.observeNode?.(query.pi, query.arcs, query.residual, several.values[0] ?? 0);
      return several;
    }
    const input = {
      weights: this.weights,
      values: query.pi,
      bounds,
      capacity: source.capacity,
      arcDuals: duals,
      minLoad: Math.max(0, source.capacity - limit),
      ban,
    };
    if (arcDpCells(input) > ARC_DP_CELLS) return null;
    const best = priceWithArcs(input);
    const found = best.value > Number.NEGATIVE_INFINITY;
    this.fixing?.observeNode?.(query.pi, query.arcs, query.residual, Math.max(0, best.value));
    const columns =
      found && query.pricesOut({ source: 0, counts: best.counts })
        ? [{ source: 0, counts: best.counts }]
        : [];
    return { columns, values: [Math.max(0, best.value)], exact: true, cutValues: null };
  }

  /** Prices in one mode; `quick` is the fast round's knapsack answers at the same duals, if any. */
  private priceWith(
    query: PriceQuery<Column>,
    mode: 'fast' | 'exact',
    quick?: readonly KnapsackResult[],
  ): PortPricing<Column> & { readonly knapsacks: readonly KnapsackResult[] } {
    const { pi, residual, nu, usagePay } = query;
    const { demand, hi } = residual;
    const bounds = Int32Array.from(demand, (d) => Math.max(0, d));
    const arcs = arcDualsBySource(query);
    // Every capacity gets the plain knapsack, sources with arc duals too: its packings, checked against
    // the arc duals, are often improving columns, and often prove the arc optimum, for a fraction of the
    // exact arc DP (see below).
    // Capacities whose sources have no bar left here (used up, or branched to zero) need no pricing: no
    // column of theirs could enter, and the bound counts them at zero bars.
    const plain = this.capacities.filter((c) =>
      this.job.sources.some((s, k) => s.capacity === c && (hi[k] ?? 0) > 0),
    );
    const results = solveKnapsacks({ values: pi, weights: this.weights, bounds }, plain, {
      extras: 3,
      mode,
      quick,
      resume: this.itemCount <= PRACTICAL_ITEM_TYPES,
      sparse: this.sparse,
      wasm: this.wasmSweepOn,
    });
    const byCap = new Map(plain.map((c, k) => [c, results[k]]));
    const pricesOut = (k: number, counts: Int32Array): boolean => query.pricesOut({ source: k, counts });
    const columns: Column[] = [];
    let exact = results.every((r) => r.exact);
    // Under offcuts_first the usage row's dual ν pays every offcut bar ν·Lₒ on top of its pieces.
    const values = this.job.sources.map((s, k) => {
      // No bar of this source left here: nothing to price, and the bound counts it at zero bars.
      if ((hi[k] ?? 0) <= 0) return 0;
      let candidates: Int32Array[] = [];
      let value = 0;
      const duals = arcs.get(k);
      const r = byCap.get(s.capacity);
      const shortcut = duals && r ? plainAnswer(k, r, duals, mode, pricesOut, this.weights) : null;
      if (shortcut) {
        candidates = shortcut.candidates;
        value = shortcut.value;
        exact &&= shortcut.exact;
      } else if (duals) {
        const input = { weights: this.weights, values: pi, bounds, capacity: s.capacity, arcDuals: duals };
        // Too large for the exact DP: the branch and bound alone, with a node limit.
        const best =
          arcDpCells(input) <= ARC_DP_CELLS ? priceWithArcs(input) : searchWithArcs(input, ARC_SEARCH_NODES);
        if (best) {
          candidates = [best.counts];
          value = best.value;
        } else {
          // Neither could answer: a valid upper bound is the plain knapsack (solved above for every
          // capacity with bars left) plus every positive arc dual.
          candidates = r ? [r.counts] : [];
          value = (r?.upperBound ?? Number.POSITIVE_INFINITY) + positiveTotal(duals);
          exact = false;
        }
      } else {
        if (r) {
          candidates = [r.counts, ...r.extra];
          value = r.upperBound;
        }
      }
      if (nu > 0 && s.kind === 'offcut') {
        // Under offcuts_first any piece on an offcut earns the usage dual, even a piece the item duals
        // price at zero (which the knapsack leaves out): offer the best single piece that fits.
        const one = bestSinglePiece(this.weights, pi, bounds, s.capacity);
        if (one) candidates = [...candidates, one];
      }
      for (const counts of candidates) if (pricesOut(k, counts)) columns.push({ source: k, counts });
      return Math.max(0, value) + usagePay(k);
    });
    const cutValues = Float64Array.from(this.job.sources, (s) => {
      const r = byCap.get(s.capacity);
      const pay = s.kind === 'offcut' ? (nu * s.length) / this.usageScale() : 0;
      return r ? Math.max(0, r.upperBound) + pay : Number.POSITIVE_INFINITY;
    });
    return { columns, values, exact, cutValues, knapsacks: results };
  }

  private scale: number | null = null;

  /** The usage row's scale: the longest offcut (as the master's). */
  private usageScale(): number {
    this.scale ??= usageScaleOf(this.job.sources);
    return this.scale;
  }
}

/** The waste-limited DP's bars (its best, then those its walk read off) that price out, as columns. */
function improvingBars(query: PriceQuery<Column>, best: WasteLimited | null): Column[] {
  if (!best) return [];
  return [best.counts, ...best.extra]
    .filter((counts) => query.pricesOut({ source: 0, counts }))
    .map((counts) => ({ source: 0, counts }));
}

/** The active arc duals grouped by source → position → item, as the arc pricing reads them. */
function arcDualsBySource(query: PriceQuery<Column>): ArcMap {
  const bySource: ArcMap = new Map();
  for (const a of query.arcs) {
    if (a.sigma === 0) continue;
    const [source, pos, item] = a.key.split(':').map(Number) as [number, number, number];
    arcCell(bySource, { source, pos }).set(item, a.sigma);
  }
  return bySource;
}

/**
 * A source with arc duals, answered from the plain knapsack's packings when that is enough: in fast mode
 * always (a valid bound is the plain optimum plus every positive arc dual); in exact mode when one of the
 * packings prices out under the arc duals (the round goes on, so the looser bound does), or when no arc
 * dual is positive and the plain optimum's packing crosses no arc with a dual (then no pattern can beat
 * it: the arc optimum is the plain optimum). Otherwise null: the arc search or DP must decide.
 */
function plainAnswer(
  k: number,
  r: KnapsackResult,
  duals: ReadonlyMap<number, ReadonlyMap<number, number>>,
  mode: 'fast' | 'exact',
  pricesOut: (k: number, counts: Int32Array) => boolean,
  weights: ArrayLike<number>,
): { candidates: Int32Array[]; value: number; exact: boolean } | null {
  const candidates = [r.counts, ...r.extra];
  const positive = positiveTotal(duals);
  const loose = { candidates, value: r.upperBound + positive, exact: false };
  if (mode === 'fast' || candidates.some((c) => pricesOut(k, c))) return loose;
  if (!r.exact || positive > 0) return null;
  const crossed = arcsOf(weights, k, r.counts).some((a) => (duals.get(a.pos)?.get(a.item) ?? 0) !== 0);
  return crossed ? null : { candidates, value: r.upperBound, exact: true };
}

/** Every positive arc dual of a source: what its arcs can add to any pattern's value at most. */
function positiveTotal(duals: ReadonlyMap<number, ReadonlyMap<number, number>>): number {
  let total = 0;
  for (const byItem of duals.values()) for (const d of byItem.values()) total += Math.max(0, d);
  return total;
}

/** The single piece of highest dual that fits a bar of `capacity` (any fitting piece when all are 0). */
function bestSinglePiece(
  weights: Float64Array,
  pi: Float64Array,
  bounds: Int32Array,
  capacity: number,
): Int32Array | null {
  let best = -1;
  for (let i = 0; i < weights.length; i++) {
    if ((bounds[i] ?? 0) <= 0 || (weights[i] ?? 0) > capacity) continue;
    if (best < 0 || (pi[i] ?? 0) > (pi[best] ?? 0)) best = i;
  }
  if (best < 0) return null;
  const counts = new Int32Array(weights.length);
  counts[best] = 1;
  return counts;
}
