/**
 * Seeded generator of practical cutting jobs, the kind saw shops send: a few to sixty part lines with
 * labels, kerf, sometimes trim, one or several stock lengths (some priced, some with finite supply), owned
 * offcuts, a minimum remnant, decimal or 1/64-inch lengths, and material groups. Used by the benchmark and
 * by the solver's property tests, so both see the same population.
 */

export interface PracticalOptions {
  readonly maxLines?: number;
  readonly maxParts?: number;
}

import { rng } from '../core/solver/model/index.ts';

type Body = Record<string, unknown>;

/** A practical job: ≤ `maxLines` lines (default 60) and ≤ `maxParts` pieces (default 300). */
export function practicalJob(seed: number, options: PracticalOptions = {}): Body {
  const r = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const maxLines = options.maxLines ?? 60;
  const maxParts = options.maxParts ?? 300;
  const inches = r() < 0.25;
  const unit = inches ? 'in' : 'mm';
  // Lengths: mm with 0 or 1 decimal, or inches on the 1/16 … 1/64 grid.
  const length = (lo: number, hi: number): number => {
    if (inches) return int(Math.ceil(lo * 64), Math.floor(hi * 64)) / 64;
    return r() < 0.3 ? int(Math.ceil(lo * 10), Math.floor(hi * 10)) / 10 : int(Math.ceil(lo), Math.floor(hi));
  };
  const barLengths = inches ? [144, 192, 240, 288] : [3000, 4000, 5000, 6000, 6500, 12000];
  const materials = r() < 0.25 ? ['alu', 'steel'] : [null];
  const lines = int(1, Math.min(maxLines, 60));
  const kerf = inches ? pick([0, 1 / 16, 1 / 8]) : pick([0, 2, 3, 3.2, 4]);
  const trim = r() < 0.3;
  const parts: Body[] = [];
  let total = 0;
  for (let i = 0; i < lines && total < maxParts; i++) {
    const material = pick(materials);
    const maxBar = Math.min(...barLengths.slice(0, 3));
    const len = length(maxBar * 0.03, maxBar * 0.7);
    const quantity = Math.min(maxParts - total, pick([1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 20]));
    total += quantity;
    const part: Body = { length: len, quantity, label: `P${i + 1}` };
    if (material) part.material = material;
    parts.push(part);
  }
  const stocks: Body[] = [];
  const priced = r() < 0.4;
  for (const material of materials) {
    const kinds = int(1, 3);
    const chosen = new Set<number>();
    while (chosen.size < kinds) chosen.add(pick(barLengths.slice(0, 3)));
    for (const L of chosen) {
      const stock: Body = {
        length: L,
        quantity: r() < 0.2 ? int(20, 200) : null,
        price: priced ? int(800, 4000) / 100 : null,
      };
      if (material) stock.material = material;
      stocks.push(stock);
    }
  }
  const offcuts: Body[] = [];
  if (r() < 0.4) {
    for (let k = int(1, 4); k > 0; k--) {
      const o: Body = {
        length: length(400 / (inches ? 25.4 : 1), 2500 / (inches ? 25.4 : 1)),
        quantity: int(1, 3),
      };
      const material = pick(materials);
      if (material) o.material = material;
      offcuts.push(o);
    }
  }
  const body: Body = {
    parts,
    stocks,
    kerf,
    trim,
    unit,
    method: pick(['balanced', 'balanced', 'least_waste', 'offcuts_first']),
  };
  if (offcuts.length > 0) body.offcuts = offcuts;
  if (r() < 0.4) body.minRemnant = inches ? 12 : 300;
  return body;
}
