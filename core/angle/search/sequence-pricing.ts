/**
 * The sequence pattern kind of the covering master (`core/square/search/master`): a column is a bar's sequence
 * of posed pieces, its item rows the shapes, and pricing the demand-bounded sequence search of
 * `pricing.ts`: plan-mode sequences (which surely fit) enter as columns, and the bound-mode value (which
 * no real sequence beats) is each source's value in the Lagrangian bound, so that bound holds for the
 * real geometry.
 */
import type { PortPricing, PriceQuery, PricingPort } from '../../master/index.ts';
import { type AngleJob, type SeqBar, sequenceKey } from './job.ts';
import { type PricingResult, priceSequences, type SequenceArcDuals } from './pricing.ts';
import { arcName, parseSequenceArc, sequenceArcKey, sequenceArcs } from './sequence-arcs.ts';

/** Plan-mode sequences offered per source and round (the search's best ones). */
const OFFERED = 4;

/** The sequence pricing port (see the module's comment). */
export class SequencePricing implements PricingPort<SeqBar> {
  readonly itemCount: number;
  /**
   * Whether rounds also price in bound mode. Off in the dives, whose bounds nobody reads: the plan-mode
   * value is then no bound, so each source's value is taken as unbounded (the round's bound is trivial).
   */
  bounding = true;
  readonly #job: AngleJob;
  readonly #arcKeys = new WeakMap<SeqBar, readonly string[]>();

  constructor(job: AngleJob) {
    this.#job = job;
    this.itemCount = job.shapes.length;
  }

  key(bar: SeqBar): string {
    return sequenceKey(bar);
  }

  coefficients(bar: SeqBar): [number, number][] {
    const counts = new Map<number, number>();
    for (const p of bar.pieces) counts.set(p.shape, (counts.get(p.shape) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0] - b[0]);
  }

  /** The arcs the bar's sequence crosses (`sequence-arcs.ts`), computed once per column. */
  arcKeys(bar: SeqBar): readonly string[] {
    let keys = this.#arcKeys.get(bar);
    if (keys === undefined) {
      keys = sequenceArcs(this.#job, bar).map(sequenceArcKey);
      this.#arcKeys.set(bar, keys);
    }
    return keys;
  }

  own(bar: SeqBar): SeqBar {
    return { source: bar.source, pieces: bar.pieces.map((p) => ({ shape: p.shape, pose: p.pose })) };
  }

  price(query: PriceQuery<SeqBar>): PortPricing<SeqBar> {
    const job = this.#job;
    const { pi, residual, nu, usagePay } = query;
    const { demand, hi } = residual;
    const byLength = new Map<number, { plan: PricingResult; bound: PricingResult | null }>();
    const arcsBySource = arcDualsBySource(query);
    const columns: SeqBar[] = [];
    let exact = true;
    const values = job.base.sources.map((source, k) => {
      if ((hi[k] ?? 0) <= 0) return 0;
      const arcs = arcsBySource.get(k);
      // Sources of one length price alike, unless a branching node bounds arcs of one of them.
      let priced = arcs === undefined ? byLength.get(source.length) : undefined;
      if (priced === undefined) {
        // Demand-bounded: no column holds a piece past the residual demand (see pricing.ts).
        const plan = priceSequences(job, source.length, pi, 'plan', demand, arcs);
        const bound = this.bounding ? priceSequences(job, source.length, pi, 'bound', demand, arcs) : null;
        priced = { plan, bound };
        if (arcs === undefined) byLength.set(source.length, priced);
      }
      // No column prices out only because none exists when the plan-mode search was exact.
      if (!priced.plan.exact) exact = false;
      for (const seq of priced.plan.sequences.slice(0, OFFERED)) {
        const bar = { source: k, pieces: seq.pieces };
        if (query.pricesOut(bar)) columns.push(bar);
      }
      if (nu > 0 && source.kind === 'offcut') {
        // Under offcuts_first any piece on an offcut earns the usage dual, even one the shape duals price
        // at zero (which the search leaves out): offer the best single piece that fits.
        const one = bestSinglePiece(job, pi, demand, source.length);
        if (one && query.pricesOut({ source: k, pieces: [one] })) columns.push({ source: k, pieces: [one] });
      }
      const bound = priced.bound;
      if (bound === null || !bound.done) return Number.POSITIVE_INFINITY;
      return Math.max(0, bound.value) + usagePay(k);
    });
    return { columns, values, exact, cutValues: null };
  }
}

/** A node's arc rows grouped by source, as the sequence search reads them (none without branching). */
function arcDualsBySource(query: PriceQuery<SeqBar>): Map<number, SequenceArcDuals> {
  const out = new Map<
    number,
    { sigma: Map<string, number>; forbidden: Set<string>; at: Set<number>; positive: number }
  >();
  for (const a of query.arcs) {
    const arc = parseSequenceArc(a.key);
    let d = out.get(arc.source);
    if (!d) {
      d = { sigma: new Map(), forbidden: new Set(), at: new Set(), positive: 0 };
      out.set(arc.source, d);
    }
    const name = arcName(arc.at, arc.after, arc.shape, arc.pose);
    d.at.add(arc.at);
    if ((query.residual.arcs?.get(a.key)?.hi ?? Number.POSITIVE_INFINITY) <= 0) d.forbidden.add(name);
    else if (a.sigma !== 0) {
      d.sigma.set(name, a.sigma);
      if (a.sigma > 0) d.positive += a.sigma;
    }
  }
  return out;
}

/** The shape of highest dual with demand left whose piece alone fits a bar of `length` (any pose). */
function bestSinglePiece(
  job: AngleJob,
  pi: Float64Array,
  demand: Int32Array,
  length: number,
): { shape: number; pose: number } | null {
  let best: { shape: number; pose: number } | null = null;
  job.shapes.forEach((s, shape) => {
    if ((demand[shape] ?? 0) <= 0 || s.length + 2 * job.trimKerf > length) return;
    if (best === null || (pi[shape] ?? 0) > (pi[best.shape] ?? 0)) best = { shape, pose: 0 };
  });
  return best;
}
