/**
 * What bars cost in the exact setups search (exact.ts): bars of one length are bought cheapest first,
 * so the cost of the next k bars of a length; the cost floor of the demand left (its length over the
 * cheapest capacity), and, inverted, the least weight a pattern must carry so that the rest still fits
 * the cost left.
 */
import { cheapestBarsCost } from '../../bounds/index.ts';
import type { Job } from '../../model/index.ts';

/** Bars of one length: its sources cheapest first (bars are bought in that order). */
export interface LengthClass {
  readonly capacity: number;
  readonly sources: readonly { readonly index: number; readonly cost: number; readonly supply: number }[];
  readonly supply: number;
}

/** A source for the floors: its class, and the bars of its class bought before any of its own. */
interface Rated {
  readonly cls: number;
  readonly cost: number;
  readonly capacity: number;
  readonly supply: number;
  readonly before: number;
}

/** Bar costs of one job; `used` is always the bars bought so far per length class. */
export class BarCosts {
  readonly classes: readonly LengthClass[];
  /** Sources cheapest per unit of capacity first. */
  private readonly byRate: readonly Rated[];
  /** Bars left of each source in `byRate` order (scratch). */
  private readonly left: Float64Array;

  constructor(job: Job) {
    const lengths = [...new Set(job.sources.map((s) => s.length))];
    this.classes = lengths.map((length) => {
      const sources = job.sources
        .map((s, index) => ({ s, index }))
        .filter(({ s }) => s.length === length && s.supply > 0)
        .sort((a, b) => a.s.cost - b.s.cost || a.index - b.index)
        .map(({ s, index }) => ({ index, cost: s.cost, supply: s.supply }));
      const capacity = job.sources.find((s) => s.length === length)?.capacity ?? 0;
      return { capacity, sources, supply: sources.reduce((a, s) => a + s.supply, 0) };
    });
    this.byRate = this.classes
      .flatMap((c, cls) => {
        let before = 0;
        return c.sources.map((s) => {
          const entry = { cls, cost: s.cost, capacity: c.capacity, supply: s.supply, before };
          before += s.supply;
          return entry;
        });
      })
      .sort((a, b) => a.cost / a.capacity - b.cost / b.capacity);
    this.left = new Float64Array(this.byRate.length);
  }

  /** Cost of `bars` more bars of class `cls` (infinite beyond its supply). */
  barCost(used: Float64Array, cls: number, bars: number): number {
    return cheapestBarsCost(this.classes[cls]?.sources ?? [], bars, used[cls] ?? 0);
  }

  /**
   * A lower bound on the cost of cutting pieces of total `weight` from the bars left: the weight spread
   * over the cheapest capacity per unit first, rounded up to whole cost units (why not a covering
   * relaxation in whole bars: docs/solver.md, "Tuning").
   * Infinite when the bars left cannot hold it.
   */
  floor(used: Float64Array, weight: number): number {
    if (weight <= 0) return 0;
    this.fillLeft(used, -1, 0);
    let w = weight;
    let floor = 0;
    this.byRate.forEach((s, k) => {
      const take = Math.min(w, (this.left[k] ?? 0) * s.capacity);
      floor += (take * s.cost) / s.capacity;
      w -= take;
    });
    return w > 0 ? Number.POSITIVE_INFINITY : Math.ceil(floor - 1e-9);
  }

  /**
   * The least weight a pattern on `bars` more bars of class `cls` must carry so that the rest of
   * `weight` still fits `budget` by the fractional floor: the length the cheapest capacity left holds.
   */
  fillNeeded(used: Float64Array, cls: number, bars: number, weight: number, budget: number): number {
    this.fillLeft(used, cls, bars);
    let held = 0;
    let money = budget + 1e-9;
    for (let k = 0; k < this.byRate.length; k++) {
      const s = this.byRate[k];
      const left = this.left[k] ?? 0;
      if (!s) break;
      if (left * s.cost <= money) {
        held += left * s.capacity;
        money -= left * s.cost;
        if (!Number.isFinite(held)) break;
      } else {
        held += (money * s.capacity) / s.cost;
        break;
      }
    }
    return Math.ceil((weight - held) / bars - 1e-9);
  }

  /** Bars left per source after `used`, and `extra` more bars of class `cls`. */
  private fillLeft(used: Float64Array, cls: number, extra: number): void {
    this.byRate.forEach((s, k) => {
      const bought = (used[s.cls] ?? 0) + (s.cls === cls ? extra : 0);
      this.left[k] = Math.max(0, Math.min(s.supply, s.supply + s.before - bought));
    });
  }
}
