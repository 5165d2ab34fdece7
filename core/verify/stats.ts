/**
 * Job figures (docs/solver.md "Job figures"), recomputed from the layouts for the whole job and for each
 * material group, and compared with `stats`, `stats.byMaterial` and `plan.totalWaste`.
 */
import type { Material } from '../types.ts';
import { type CheckedLayout, type Context, groupKey, usableRemnantOf } from './context.ts';
import type { CheckId } from './failure.ts';

/** The figures of one job or group, in scale units, price units and plain counts. */
export interface Figures {
  readonly totalParts: bigint;
  readonly totalPartsLength: bigint;
  readonly totalUsedLength: bigint;
  readonly totalWaste: bigint;
  readonly trueWaste: bigint;
  readonly yieldPercent: number;
  readonly cutCount: bigint;
  readonly layoutCount: bigint;
  readonly stockBarsUsed: bigint;
  /** null when no stock entry of the job (or group) has a price. */
  readonly totalCost: bigint | null;
}

/** Figures over the layouts of `material` (every layout when `material` is undefined). */
export function figuresOf(ctx: Context, layouts: readonly CheckedLayout[], material?: Material): Figures {
  const mine = material === undefined ? layouts : layouts.filter((l) => l.material === material);
  const stocks = ctx.request.stocks.filter((s) => material === undefined || s.material === material);
  let parts = 0n;
  let partsLength = 0n;
  let usedLength = 0n;
  let remnants = 0n;
  let cuts = 0n;
  let bars = 0n;
  let cost = 0n;
  for (const layout of mine) {
    const n = layout.count;
    parts += BigInt(layout.pieces.length) * n;
    partsLength += layout.partsLength * n;
    usedLength += BigInt(layout.source.entry.length) * n;
    remnants += usableRemnantOf(layout.bar, ctx.minRemnant) * n;
    cuts += BigInt(layout.bar.cutPositions.length) * n;
    if (layout.source.kind === 'stock') {
      bars += n;
      if (layout.source.entry.price !== null) cost += BigInt(layout.source.entry.price) * n;
    }
  }
  const waste = usedLength - partsLength;
  return {
    totalParts: parts,
    totalPartsLength: partsLength,
    totalUsedLength: usedLength,
    totalWaste: waste,
    trueWaste: waste - remnants,
    yieldPercent: yieldPercentOf(partsLength, usedLength),
    cutCount: cuts,
    layoutCount: BigInt(mine.length),
    stockBarsUsed: bars,
    totalCost: stocks.some((s) => s.price !== null) ? cost : null,
  };
}

/**
 * `100 · parts / used` rounded half up to 2 decimals, computed exactly; the double returned is the one
 * a JSON number with those two decimals parses to. A job or group that cuts nothing yields 0.
 */
export function yieldPercentOf(partsLength: bigint, usedLength: bigint): number {
  if (usedLength <= 0n) return 0;
  const hundredths = (20_000n * partsLength + usedLength) / (2n * usedLength);
  return Number(hundredths) / 100;
}

/** Compares one stats object (`stats` or a `byMaterial` entry) with the figures. */
export function checkStats(ctx: Context, raw: unknown, path: string, want: Figures, check: CheckId): void {
  const { reader, findings } = ctx;
  const stats = reader.record(raw, path);
  if (stats === null) return;
  reader.sameInteger(stats.totalParts, `${path}.totalParts`, want.totalParts, check);
  reader.sameLength(stats.totalPartsLength, `${path}.totalPartsLength`, want.totalPartsLength, check);
  reader.sameLength(stats.totalUsedLength, `${path}.totalUsedLength`, want.totalUsedLength, check);
  reader.sameLength(stats.trueWaste, `${path}.trueWaste`, want.trueWaste, check);
  reader.sameInteger(stats.cutCount, `${path}.cutCount`, want.cutCount, check);
  reader.sameInteger(stats.layoutCount, `${path}.layoutCount`, want.layoutCount, check);
  if (stats.yieldPercent !== want.yieldPercent) {
    findings.add(
      check,
      `${path}.yieldPercent is ${String(stats.yieldPercent)}, expected ${want.yieldPercent}`,
    );
  }
  if (want.totalCost === null) {
    if (stats.totalCost !== null)
      findings.add(check, `${path}.totalCost must be null: no stock entry has a price`);
  } else if (stats.totalCost === null) {
    findings.add(check, `${path}.totalCost is null, but stock entries carry prices`);
  } else {
    reader.sameMoney(stats.totalCost, `${path}.totalCost`, want.totalCost, check);
  }
  if (check === 'byMaterial') {
    reader.sameInteger(stats.stockBarsUsed, `${path}.stockBarsUsed`, want.stockBarsUsed, check);
  }
}

/** `stats.byMaterial`: present iff the request tags any item; one entry per material group. */
export function checkByMaterial(ctx: Context, layouts: readonly CheckedLayout[], raw: unknown): void {
  const { request, findings } = ctx;
  const items = [...request.parts, ...request.stocks, ...request.offcuts];
  const tagged = items.some((item) => item.material !== null);
  if (!tagged) {
    if (raw !== undefined)
      findings.add('byMaterial', 'stats.byMaterial is present, but the request tags no material');
    return;
  }
  const byMaterial = ctx.reader.record(raw, 'stats.byMaterial');
  if (byMaterial === null) return;
  const groups = new Map<string, Material>(items.map((item) => [groupKey(item.material), item.material]));
  for (const [key, material] of groups) {
    const path = `stats.byMaterial[${JSON.stringify(key)}]`;
    if (!Object.hasOwn(byMaterial, key)) findings.add('byMaterial', `${path} is missing`);
    else checkStats(ctx, byMaterial[key], path, figuresOf(ctx, layouts, material), 'byMaterial');
  }
  for (const key of Object.keys(byMaterial)) {
    if (!groups.has(key))
      findings.add('byMaterial', `stats.byMaterial[${JSON.stringify(key)}] is no group of the request`);
  }
}
