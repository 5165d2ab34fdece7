/**
 * Test helper: a naive first-fit-decreasing planner that returns a complete, correct API response for
 * any request where every part fits an unlimited stock of its material. Written apart from the verifier
 * (plain numbers on the scaled integers), so the property test compares two readings of docs/solver.md.
 */
import type {
  Combination,
  Leftover,
  Material,
  MaterialStats,
  Offcut,
  OptimiseRequest,
  OptimiseResponse,
  Part,
  Purchase,
  Stock,
} from '../../core/types.ts';

interface OpenBar {
  readonly kind: 'stock' | 'offcut';
  readonly entry: Stock | Offcut;
  readonly pieces: Part[];
}

const trimOf = (req: OptimiseRequest) => (req.trim && req.kerf > 0 ? 1 : 0);
const needed = (req: OptimiseRequest, pieces: readonly Part[]) =>
  pieces.reduce((s, p) => s + p.length, 0) + (pieces.length - 1) * req.kerf + 2 * trimOf(req) * req.kerf;

/** Waste split and cut positions of one bar, in scale units. */
function cutBar(req: OptimiseRequest, length: number, pieces: readonly Part[]) {
  const k = req.kerf;
  const t = trimOf(req);
  const free = length - needed(req, pieces);
  const endCut = free > 0 ? Math.min(k, free) : 0;
  const cuts: number[] = t ? [0] : [];
  let end = t * k;
  pieces.forEach((p, i) => {
    end += (i === 0 ? 0 : k) + p.length;
    if (i < pieces.length - 1) cuts.push(end);
  });
  if (free > 0) cuts.push(end);
  if (t) cuts.push(length - k);
  const partsLength = pieces.reduce((n, p) => n + p.length, 0);
  return {
    total: length - partsLength,
    remnant: free - endCut,
    saw: (pieces.length - 1) * k + 2 * t * k + endCut,
    cuts,
  };
}

function firstFit(req: OptimiseRequest): OpenBar[] {
  const pieces = req.parts
    .flatMap((p) => Array.from({ length: p.quantity }, () => p))
    .sort((a, b) => b.length - a.length);
  const offcutsLeft = req.offcuts.map((o) => o.quantity);
  const stocksLeft = req.stocks.map((s) => s.quantity ?? Number.POSITIVE_INFINITY);
  const bars: OpenBar[] = [];
  for (const piece of pieces) {
    const open = bars.find(
      (b) => b.entry.material === piece.material && needed(req, [...b.pieces, piece]) <= b.entry.length,
    );
    if (open) {
      open.pieces.push(piece);
      continue;
    }
    const fitsAlone = (e: Stock | Offcut, left: number | undefined) =>
      e.material === piece.material && (left ?? 0) > 0 && needed(req, [piece]) <= e.length;
    const offcut = req.offcuts.find((o, i) => fitsAlone(o, offcutsLeft[i]));
    const stock = offcut ? undefined : req.stocks.find((s, i) => fitsAlone(s, stocksLeft[i]));
    const entry = offcut ?? stock;
    if (!entry) throw new Error('generator bug: a part fits no source');
    const left = offcut ? offcutsLeft : stocksLeft;
    left[entry.index] = (left[entry.index] ?? 0) - 1;
    bars.push({ kind: offcut ? 'offcut' : 'stock', entry, pieces: [piece] });
  }
  return bars;
}

export const tag = (m: Material): { material?: string } => (m === null ? {} : { material: m });
const yieldOf = (parts: number, used: number) => (used === 0 ? 0 : Math.round((10_000 * parts) / used) / 100);

function groupLeftovers(
  items: readonly { length: number; material: Material; count: number }[],
  scale: number,
): Leftover[] {
  const piles = new Map<string, { length: number; material: Material; count: number }>();
  for (const item of items) {
    const key = `${item.length}/${item.material}`;
    const pile = piles.get(key) ?? { ...item, count: 0 };
    pile.count += item.count;
    piles.set(key, pile);
  }
  return [...piles.values()]
    .filter((p) => p.count > 0)
    .sort((a, b) => b.length - a.length || String(a.material).localeCompare(String(b.material)))
    .map((p) => ({ length: p.length / scale, count: p.count, ...tag(p.material) }));
}

/** The naive plan as the API would return it. */
export function naivePlan(req: OptimiseRequest): OptimiseResponse {
  const s = req.scale;
  const layouts = new Map<string, { bar: OpenBar; count: number }>();
  for (const bar of firstFit(req)) {
    const key = `${bar.kind}${bar.entry.index}:${bar.pieces.map((p) => p.index)}`;
    const seen = layouts.get(key);
    if (seen) seen.count += 1;
    else layouts.set(key, { bar, count: 1 });
  }
  const rows = [...layouts.values()].map(({ bar, count }) => ({
    bar,
    count,
    cut: cutBar(req, bar.entry.length, bar.pieces),
  }));
  const combinations: Combination[] = rows.map(({ bar, count, cut }) => ({
    count,
    usedComb: {
      combination: bar.pieces.map((p) => p.length / s),
      length: bar.entry.length / s,
      source: bar.kind,
      sourceIndex: bar.entry.index,
      waste: { total: cut.total / s, remnant: cut.remnant / s, saw: cut.saw / s },
      ...tag(bar.entry.material),
      parts: bar.pieces.map((p) => ({ part: p.index, length: p.length / s })),
      cutPositions: cut.cuts.map((c) => c / s),
    },
  }));
  const usable = (r: (typeof rows)[number]) => r.cut.remnant > 0 && r.cut.remnant >= req.minRemnant;
  const purchases: Purchase[] = req.stocks.flatMap((stock) => {
    const count = rows
      .filter((r) => r.bar.kind === 'stock' && r.bar.entry.index === stock.index)
      .reduce((n, r) => n + r.count, 0);
    if (count === 0) return [];
    const base = { stock: stock.index, length: stock.length / s, count, ...tag(stock.material) };
    return [
      stock.price === null
        ? base
        : { ...base, price: stock.price / req.priceScale, cost: (stock.price * count) / req.priceScale },
    ];
  });
  const figures = (material: Material | undefined): MaterialStats => {
    const mine = rows.filter((r) => material === undefined || r.bar.entry.material === material);
    const sum = (f: (r: (typeof rows)[number]) => number) => mine.reduce((n, r) => n + f(r) * r.count, 0);
    const partsLength = sum((r) => r.bar.pieces.reduce((n, p) => n + p.length, 0));
    const used = sum((r) => r.bar.entry.length);
    const priced = req.stocks.filter(
      (st) => (material === undefined || st.material === material) && st.price !== null,
    );
    return {
      totalParts: sum((r) => r.bar.pieces.length),
      totalPartsLength: partsLength / s,
      totalUsedLength: used / s,
      yieldPercent: yieldOf(partsLength, used),
      cutCount: sum((r) => r.cut.cuts.length),
      layoutCount: mine.length,
      totalCost:
        priced.length === 0
          ? null
          : sum((r) => (r.bar.kind === 'stock' ? ((r.bar.entry as Stock).price ?? 0) : 0)) / req.priceScale,
      trueWaste: (used - partsLength - sum((r) => (usable(r) ? r.cut.remnant : 0))) / s,
      stockBarsUsed: sum((r) => (r.bar.kind === 'stock' ? 1 : 0)),
    };
  };
  const items = [...req.parts, ...req.stocks, ...req.offcuts];
  const groups = [...new Set(items.map((i) => i.material))];
  const { stockBarsUsed, ...stats } = figures(undefined);
  const tagged = items.some((i) => i.material !== null);
  const anyPrice = req.stocks.some((st) => st.price !== null);
  return {
    plan: {
      combinations,
      purchases,
      usableRemnants: groupLeftovers(
        rows
          .filter(usable)
          .map((r) => ({ length: r.cut.remnant, material: r.bar.entry.material, count: r.count })),
        s,
      ),
      unusedOffcuts: groupLeftovers(
        req.offcuts.map((o) => ({
          length: o.length,
          material: o.material,
          count:
            o.quantity -
            rows
              .filter((r) => r.bar.kind === 'offcut' && r.bar.entry.index === o.index)
              .reduce((n, r) => n + r.count, 0),
        })),
        s,
      ),
      stockBarsUsed,
      stockBarsLowerBound: 0,
      totalWaste: rows.reduce((n, r) => n + r.cut.total * r.count, 0) / s,
      optimal: false,
      verified: false,
      solveTimeMs: 0,
    },
    stats: tagged
      ? { ...stats, byMaterial: Object.fromEntries(groups.map((m) => [m ?? '', figures(m)])) }
      : stats,
    costLowerBound: anyPrice ? 0 : null,
    meta: {
      method: req.method,
      kerf: req.kerf / s,
      tier: 'public',
      poweredBy: 'test',
      unit: req.unit,
      unitFormat: req.unitFormat,
      timeLimit: 5,
    },
  };
}
