/**
 * Test helpers: requests written in the caller's unit, plans written by hand. The builders only look
 * things up in the request (source lengths, part lengths, labels, tags, prices); every figure the
 * verifier recomputes (waste, cut positions, counts, costs, stats, leftovers, bounds) is given by the test.
 */
import type { Result } from '../../core/errors.ts';
import {
  asScaled,
  type Combination,
  type Leftover,
  type Material,
  type Method,
  type OptimiseRequest,
  type OptimiseResponse,
  type Part,
  type Purchase,
  type Stats,
} from '../../core/types.ts';
import type { CheckId, VerificationFailure } from '../../core/verify/failure.ts';

export interface PartSpec {
  readonly length: number;
  readonly quantity: number;
  readonly label?: string;
  readonly material?: string;
  readonly leftAngle?: number;
}

export interface StockSpec {
  readonly length: number;
  readonly quantity?: number | null;
  readonly price?: number | null;
  readonly material?: string;
}

export interface OffcutSpec {
  readonly length: number;
  readonly quantity: number;
  readonly material?: string;
}

/** A request in the caller's unit; `[length, quantity]` is a bare part. */
export interface RequestSpec {
  readonly scale?: number;
  readonly priceScale?: number;
  readonly parts: readonly (readonly [number, number] | PartSpec)[];
  /** One unlimited, unpriced stock length (entry 0), like the API's `stockLength`. */
  readonly stockLength?: number;
  readonly stocks?: readonly StockSpec[];
  readonly offcuts?: readonly OffcutSpec[];
  readonly kerf?: number;
  readonly trim?: boolean;
  readonly minRemnant?: number;
  readonly method?: Method;
}

const isPair = (p: readonly [number, number] | PartSpec): p is readonly [number, number] => Array.isArray(p);

export function request(spec: RequestSpec): OptimiseRequest {
  const scale = spec.scale ?? 1;
  const priceScale = spec.priceScale ?? 1;
  const units = (x: number) => asScaled(Math.round(x * scale));
  const stocks = spec.stockLength === undefined ? (spec.stocks ?? []) : [{ length: spec.stockLength }];
  return {
    scale,
    priceScale,
    parts: spec.parts.map((p, index): Part => {
      const part: PartSpec = isPair(p) ? { length: p[0], quantity: p[1] } : p;
      return {
        index,
        length: units(part.length),
        quantity: part.quantity,
        label: part.label ?? null,
        material: part.material ?? null,
        leftAngle: part.leftAngle ?? null,
        rightAngle: null,
      };
    }),
    stocks: stocks.map((s, index) => ({
      index,
      length: units(s.length),
      quantity: s.quantity ?? null,
      price: s.price == null ? null : Math.round(s.price * priceScale),
      material: s.material ?? null,
      priority: false,
      bundleSize: null,
    })),
    offcuts: (spec.offcuts ?? []).map((o, index) => ({
      index,
      length: units(o.length),
      quantity: o.quantity,
      material: o.material ?? null,
      priority: false,
    })),
    kerf: units(spec.kerf ?? 0),
    trim: spec.trim ?? false,
    method: spec.method ?? 'balanced',
    minRemnant: units(spec.minRemnant ?? 0),
    angleCuts: null,
    unit: 'mm',
    unitFormat: 'decimal',
    timeLimit: null,
    jobName: null,
    paper: null,
    labelFormat: null,
  };
}

/** One layout, by hand: which source, which parts in cut order, and the figures the test expects. */
export interface BarSpec {
  readonly stock?: number;
  readonly offcut?: number;
  /** Part indices in cut order. */
  readonly cut: readonly number[];
  readonly count?: number;
  readonly waste: readonly [total: number, remnant: number, saw: number];
  readonly cuts: readonly number[];
}

/** `[length, count, material?]` */
export type LeftoverSpec = readonly [number, number, string?];

export interface PlanSpec {
  readonly bars: readonly BarSpec[];
  /** `[stock index, count, cost when priced]` */
  readonly purchases?: readonly (readonly [number, number, number?])[];
  readonly remnants?: readonly LeftoverSpec[];
  readonly unused?: readonly LeftoverSpec[];
  readonly stockBarsUsed: number;
  readonly totalWaste: number;
  readonly stockBarsLowerBound: number;
  readonly costLowerBound?: number | null;
  readonly stats: Stats;
}

const tagged = (material: Material): { material?: string } => (material === null ? {} : { material });

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`test fixture: ${what} does not exist`);
  return value;
}

export function bar(req: OptimiseRequest, spec: BarSpec): Combination {
  const fromStock = spec.offcut === undefined;
  const index = spec.offcut ?? spec.stock ?? 0;
  const source = must(fromStock ? req.stocks[index] : req.offcuts[index], `source ${index}`);
  const parts = spec.cut.map((i) => must(req.parts[i], `part ${i}`));
  return {
    count: spec.count ?? 1,
    usedComb: {
      combination: parts.map((p) => p.length / req.scale),
      length: source.length / req.scale,
      source: fromStock ? 'stock' : 'offcut',
      sourceIndex: index,
      waste: { total: spec.waste[0], remnant: spec.waste[1], saw: spec.waste[2] },
      ...tagged(source.material),
      parts: parts.map((p) => ({
        part: p.index,
        length: p.length / req.scale,
        ...(p.label === null ? {} : { label: p.label }),
      })),
      cutPositions: spec.cuts,
    },
  };
}

const leftover = ([length, count, material]: LeftoverSpec): Leftover =>
  material === undefined ? { length, count } : { length, count, material };

export function response(req: OptimiseRequest, spec: PlanSpec): OptimiseResponse {
  const purchases = (spec.purchases ?? []).map(([index, count, cost]): Purchase => {
    const stock = must(req.stocks[index], `stock ${index}`);
    const base = { stock: index, length: stock.length / req.scale, count, ...tagged(stock.material) };
    if (stock.price === null) return base;
    return { ...base, price: stock.price / req.priceScale, cost: must(cost, `cost of stock ${index}`) };
  });
  return {
    plan: {
      combinations: spec.bars.map((b) => bar(req, b)),
      purchases,
      usableRemnants: (spec.remnants ?? []).map(leftover),
      unusedOffcuts: (spec.unused ?? []).map(leftover),
      stockBarsUsed: spec.stockBarsUsed,
      stockBarsLowerBound: spec.stockBarsLowerBound,
      totalWaste: spec.totalWaste,
      optimal: false,
      verified: false,
      solveTimeMs: 1,
    },
    stats: spec.stats,
    costLowerBound: spec.costLowerBound ?? null,
    meta: {
      method: req.method,
      kerf: req.kerf / req.scale,
      tier: 'public',
      poweredBy: 'cutplan',
      unit: req.unit,
      unitFormat: req.unitFormat,
      timeLimit: 5,
    },
  };
}

/** A deeply writable copy type, so a test can corrupt a response in place. */
export type Draft<T> = T extends readonly (infer U)[]
  ? Draft<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Draft<T[K]> }
    : T;

/** A corrupted deep copy of `valid`. */
export function corrupt(valid: OptimiseResponse, change: (draft: Draft<OptimiseResponse>) => void) {
  const draft = structuredClone(valid) as Draft<OptimiseResponse>;
  change(draft);
  return draft as OptimiseResponse;
}

/** Element `i` of a fixture list (throws when the fixture is shorter: a broken test). */
export function at<T>(list: readonly T[] | undefined, i: number): T {
  return must(list?.[i], `element ${i}`);
}

/** The distinct check ids of a failed result, sorted; empty when the plan passed. */
export function checksOf(result: Result<void, VerificationFailure>): CheckId[] {
  return result.ok ? [] : [...new Set(result.error.issues.map((i) => i.check))].sort();
}
