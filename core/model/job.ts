/**
 * One material group as a cutting-stock job in exact integers: its items (distinct part lengths), sources
 * (kinds of bar), objective and costs.
 */
import type { Material, Method, OptimiseRequest } from '../types.ts';
import { gcd } from './integers.ts';

/** A distinct part length of a group, with the request parts that share it. */
export interface Item {
  readonly length: number;
  /** Length plus one kerf: what a piece takes from a bar's capacity. */
  readonly weight: number;
  readonly demand: number;
  /** Request part indices with this length, in request order, with their quantities. */
  readonly parts: readonly { readonly part: number; readonly quantity: number }[];
}

/** A kind of bar the group can cut from. */
export interface Source {
  readonly kind: 'stock' | 'offcut';
  /** Index into the request's `stocks` or `offcuts`. */
  readonly index: number;
  readonly length: number;
  /** Length + kerf − 2·trim kerf: a bar fits pieces whose weights sum to at most this. */
  readonly capacity: number;
  /** Bars available; `Infinity` when unlimited. */
  readonly supply: number;
  /** Objective cost of one bar in integer cost units. */
  readonly cost: number;
  readonly priority: boolean;
}

export type Objective = 'bars' | 'length' | 'price' | 'waste';

/**
 * Told when a search's incumbent or lower bound improves, in job cost units: how `core/plan/progress.ts`
 * reports a solve's progress. It only listens; the search never depends on it.
 */
export interface SearchObserver {
  best(cost: number): void;
  bound(bound: number): void;
}

/** One material group as an independent cutting-stock job in exact integers. */
export interface Job {
  readonly material: Material;
  /** Items sorted by length, longest first. */
  readonly items: readonly Item[];
  /** Sources in a fixed, deterministic order (stocks in request order, then offcuts). */
  readonly sources: readonly Source[];
  readonly kerf: number;
  /** Kerf taken by the trim at each end (0 without trim). */
  readonly trimKerf: number;
  readonly objective: Objective;
  /** Every plan's cost is a multiple of this; bounds round up to it. */
  readonly costUnit: number;
  /** `offcuts_first`: owned offcut material must be used as much as possible before anything else. */
  readonly offcutsFirst: boolean;
  /** Set on the job a request's search runs on when a progress observer listens (never on sub-jobs). */
  readonly observer?: SearchObserver;
  /**
   * The plan's patterns are what a later stage counts (`fewest_setups` and `bundle`, whose setups stage
   * refines the search's plan; the angle stage's square plan): the search adds no patterns of its own
   * making (the fewer-bars pass over its final plan is off). Absent otherwise.
   */
  readonly keepPatterns?: true;
  /** Leftovers this long or longer count as usable remnants (the request's `minRemnant`, scaled); 0 if absent. */
  readonly minRemnant?: number;
}

/** Splits a normalised request into one job per material group, in first-appearance order of the parts. */
export function buildJobs(request: OptimiseRequest): Job[] {
  const groups = new Map<Material, number[]>();
  for (const p of request.parts) {
    const list = groups.get(p.material);
    if (list) list.push(p.index);
    else groups.set(p.material, [p.index]);
  }
  return [...groups.entries()].map(([material, partIdx]) => buildJob(request, material, partIdx));
}

function buildJob(request: OptimiseRequest, material: Material, partIdx: readonly number[]): Job {
  const kerf: number = request.kerf;
  const trimKerf = request.trim ? kerf : 0;
  const byLength = new Map<number, { part: number; quantity: number }[]>();
  for (const i of partIdx) {
    const p = request.parts[i];
    if (!p) continue;
    // Lengths are long-point lengths, so an angled piece occupies its length like a square one; nesting
    // mitres to save material is the angle-cuts work, not done here.
    const len: number = p.length;
    const list = byLength.get(len);
    if (list) list.push({ part: p.index, quantity: p.quantity });
    else byLength.set(len, [{ part: p.index, quantity: p.quantity }]);
  }
  const items: Item[] = [...byLength.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([length, parts]) => ({
      length,
      weight: length + kerf,
      demand: parts.reduce((s, p) => s + p.quantity, 0),
      parts,
    }));

  const stocks = request.stocks.filter((s) => s.material === material);
  const offcuts = request.offcuts.filter((o) => o.material === material);
  const objective = objectiveOf(request.method, stocks);
  const raw: Omit<Source, 'cost'>[] = [
    ...stocks.map((s) => ({
      kind: 'stock' as const,
      index: s.index,
      length: s.length as number,
      capacity: s.length + kerf - 2 * trimKerf,
      supply: s.quantity ?? Number.POSITIVE_INFINITY,
      priority: s.priority,
    })),
    ...offcuts.map((o) => ({
      kind: 'offcut' as const,
      index: o.index,
      length: o.length as number,
      capacity: o.length + kerf - 2 * trimKerf,
      supply: o.quantity,
      priority: o.priority,
    })),
  ];
  const rawCost = (s: Omit<Source, 'cost'>): number => {
    if (objective === 'waste') return s.length;
    if (s.kind === 'offcut') return 0;
    if (objective === 'price') return stocks.find((t) => t.index === s.index)?.price ?? 0;
    if (objective === 'bars') return 1;
    return s.length;
  };
  // Divide costs by their gcd so the LP works with small numbers; bounds are then in units of that gcd.
  let g = 0;
  for (const s of raw) g = gcd(g, rawCost(s));
  const unit = g === 0 ? 1 : g;
  const sources: Source[] = raw.map((s) => ({ ...s, cost: rawCost(s) / unit }));
  return {
    material,
    items,
    sources,
    kerf,
    trimKerf,
    objective,
    costUnit: unit,
    offcutsFirst: request.method === 'offcuts_first',
    minRemnant: request.minRemnant,
    ...(request.method === 'fewest_setups' || request.method === 'bundle'
      ? { keepPatterns: true as const }
      : {}),
  };
}

function objectiveOf(method: Method, stocks: readonly { length: number; price: number | null }[]): Objective {
  // Without stock to buy, every plan costs nothing: use the owned material as sparingly as possible.
  if (method === 'least_waste' || stocks.length === 0) return 'waste';
  if (stocks.length > 0 && stocks.every((s) => s.price !== null)) return 'price';
  const lengths = new Set(stocks.map((s) => s.length));
  return lengths.size <= 1 ? 'bars' : 'length';
}

/**
 * The order a bar's pieces go to a source in, once they fit: cheaper first; among equal costs the
 * prioritised source (the spec's soft preference, never at a cost), then the shorter bar. Shared by the
 * square solver's downsizing and the angle stage's clean-up so both honour `priority` alike.
 */
export function compareSources(a: Source, b: Source): number {
  if (a.cost !== b.cost) return a.cost - b.cost;
  if (a.priority !== b.priority) return a.priority ? -1 : 1;
  return a.length - b.length;
}
