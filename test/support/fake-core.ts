/**
 * A fake of the {@link CorePort} for handler and server tests: a small honest parser (long form and the
 * `LENGTHxQUANTITY` shorthand, one stock length) and first-fit-decreasing on one stock length, flagged
 * optimal only when it meets the bar-count floor. It records every solve context, so tests can check the
 * budget and tier the handler passed. It is never wired in production.
 */
import { type Clock, manualClock } from '../../core/budget.ts';
import { budgetMeta } from '../../core/budget-meta.ts';
import { type CutplanError, err, ok, type Result, ValidationError } from '../../core/errors.ts';
import { asScaled, type OptimiseRequest, type OptimiseResponse, type Part } from '../../core/types.ts';
import type { CorePort, Endpoint, SolveContext } from '../../functions/shared/core-port.ts';

export interface FakeLp {
  readonly engine: 'fake';
}
export const fakeLp: FakeLp = { engine: 'fake' };

export interface FakeCoreOptions {
  /** Answer with one bar per piece (a wrong plan the synthetic check must catch). */
  readonly wrongPlan?: boolean;
  /** Answer with `verified: false` (a broken promise the handler must turn into a 500). */
  readonly unverified?: boolean;
  /** Throw this from `optimise` (a bug in the core). */
  readonly throws?: unknown;
}

export type FakeCore = CorePort<FakeLp> & { readonly solves: SolveContext<FakeLp>[] };

export function fakeCore(options: FakeCoreOptions = {}): FakeCore {
  const solves: SolveContext<FakeLp>[] = [];
  return {
    solves,
    parseOptimiseBody: (body, endpoint) => parseBody(body, endpoint),
    parseOptimiseQuery: (query) =>
      parseBody(
        {
          parts: query.parts,
          stockLength: typeof query.stock === 'string' ? Number(query.stock) : query.stock,
          ...(typeof query.timeLimit === 'string' ? { timeLimit: Number(query.timeLimit) } : {}),
        },
        'json',
      ),
    jobSize: (request) => ({
      totalParts: request.parts.reduce((sum, p) => sum + p.quantity, 0),
      distinctLines: request.parts.length,
    }),
    optimise: async (request, ctx) => {
      solves.push(ctx);
      if (options.throws !== undefined) throw options.throws;
      return solve(request, ctx, options);
    },
  };
}

/** A clock for handler tests: wall time 2026-01-01T00:00:00Z, monotonic from 0. */
export function testClock(): Clock & { advance(ms: number): void } {
  return manualClock(Date.UTC(2026, 0, 1));
}

function parseBody(body: unknown, endpoint: Endpoint): Result<OptimiseRequest, ValidationError> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return err(ValidationError.of('', 'the body must be a JSON object'));
  }
  const b = body as Record<string, unknown>;
  const lines = typeof b.parts === 'string' ? b.parts.split(',') : b.parts;
  if (!Array.isArray(lines) || lines.length === 0)
    return err(ValidationError.of('parts', 'at least one part is required'));
  const parts: Part[] = [];
  for (const [index, line] of lines.entries()) {
    const [length, quantity] = partOf(line);
    if (!(length > 0) || !Number.isSafeInteger(length))
      return err(ValidationError.of(`parts[${index}].length`, 'must be > 0'));
    if (!(quantity >= 1) || !Number.isSafeInteger(quantity))
      return err(ValidationError.of(`parts[${index}].quantity`, 'must be >= 1'));
    parts.push({
      index,
      length: asScaled(length),
      quantity,
      label: null,
      material: null,
      leftAngle: null,
      rightAngle: null,
    });
  }
  const firstStock: unknown = Array.isArray(b.stocks) ? b.stocks[0] : undefined;
  const stock =
    b.stockLength ??
    b.stock ??
    (typeof firstStock === 'object' && firstStock !== null
      ? (firstStock as Record<string, unknown>).length
      : undefined);
  if (typeof stock !== 'number' || !(stock > 0) || !Number.isSafeInteger(stock))
    return err(ValidationError.of('stockLength', 'a stock length is required'));
  if (b.jobName !== undefined && (endpoint === 'json' || endpoint === 'query'))
    return err(ValidationError.of('jobName', 'accepted by the file routes only'));
  return ok({
    scale: 1,
    priceScale: 1,
    parts,
    stocks: [
      {
        index: 0,
        length: asScaled(stock),
        quantity: null,
        price: null,
        material: null,
        priority: false,
        bundleSize: null,
      },
    ],
    offcuts: [],
    kerf: asScaled(0),
    trim: false,
    method: 'balanced',
    minRemnant: asScaled(0),
    angleCuts: null,
    unit: 'mm',
    unitFormat: 'decimal',
    timeLimit: typeof b.timeLimit === 'number' ? b.timeLimit : null,
    jobName: typeof b.jobName === 'string' ? b.jobName : null,
    paper: null,
    labelFormat: null,
  });
}

function partOf(line: unknown): [number, number] {
  if (typeof line === 'string') {
    const [length = '', quantity = '1'] = line.trim().split('x');
    return [Number(length), Number(quantity)];
  }
  if (Array.isArray(line)) return [Number(line[0]), Number(line[1])];
  if (typeof line === 'object' && line !== null) {
    const p = line as Record<string, unknown>;
    return [Number(p.length), Number(p.quantity)];
  }
  return [Number.NaN, Number.NaN];
}

function solve(
  request: OptimiseRequest,
  ctx: SolveContext<FakeLp>,
  options: FakeCoreOptions,
): Result<OptimiseResponse, CutplanError> {
  const stock = request.stocks[0]?.length ?? 0;
  const pieces = request.parts
    .flatMap((p) => Array.from({ length: p.quantity }, () => p))
    .sort((a, b) => b.length - a.length);
  const bars: Part[][] = [];
  for (const piece of pieces) {
    if (piece.length > stock)
      return err(ValidationError.of(`parts[${piece.index}]`, `${piece.length} fits no stock (${stock})`));
    const bar = options.wrongPlan
      ? undefined
      : bars.find((b) => b.reduce((s, p) => s + p.length, 0) + piece.length <= stock);
    if (bar === undefined) bars.push([piece]);
    else bar.push(piece);
  }
  const layouts = new Map<string, { parts: Part[]; count: number }>();
  for (const bar of bars) {
    const key = bar.map((p) => p.index).join(',');
    const entry = layouts.get(key);
    if (entry === undefined) layouts.set(key, { parts: bar, count: 1 });
    else entry.count += 1;
  }
  const partsLength = pieces.reduce((s, p) => s + p.length, 0);
  const bound = Math.ceil(partsLength / stock);
  const waste = bars.length * stock - partsLength;
  return ok({
    plan: {
      combinations: [...layouts.values()].map(({ parts, count }) => {
        const used = parts.reduce((s, p) => s + p.length, 0);
        return {
          count,
          usedComb: {
            combination: parts.map((p) => p.length),
            length: stock,
            source: 'stock',
            sourceIndex: 0,
            waste: { total: stock - used, remnant: stock - used, saw: 0 },
            parts: parts.map((p) => ({ part: p.index, length: p.length })),
            cutPositions: parts
              .slice(0, -1)
              .map((_, i) => parts.slice(0, i + 1).reduce((s, p) => s + p.length, 0)),
          },
        };
      }),
      purchases: [{ stock: 0, length: stock, count: bars.length }],
      usableRemnants: [],
      unusedOffcuts: [],
      stockBarsUsed: bars.length,
      stockBarsLowerBound: bound,
      totalWaste: waste,
      optimal: bars.length === bound,
      verified: options.unverified !== true,
      solveTimeMs: 1,
    },
    stats: {
      totalParts: pieces.length,
      totalPartsLength: partsLength,
      totalUsedLength: bars.length * stock,
      yieldPercent: Math.round((10_000 * partsLength) / (bars.length * stock)) / 100,
      cutCount: pieces.length,
      layoutCount: layouts.size,
      totalCost: null,
      trueWaste: waste,
    },
    costLowerBound: null,
    meta: {
      method: request.method,
      kerf: 0,
      tier: ctx.tier,
      poweredBy: ctx.poweredBy,
      unit: request.unit,
      unitFormat: request.unitFormat,
      ...budgetMeta(request, ctx.budgetMs),
    },
  });
}
