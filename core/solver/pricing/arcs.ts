/**
 * An arc of the arc-flow view of a bar: item `item` cut at position `pos` when a bar of `source` is laid out
 * in canonical order (longest items first). Every pattern is one path of such arcs, so bounds on arc flows
 * are a complete branching rule: when every arc flow is integral, the flow splits into whole bars.
 */
export interface Arc {
  readonly source: number;
  readonly pos: number;
  readonly item: number;
}

export function arcKey(a: Arc): string {
  return `${a.source}:${a.pos}:${a.item}`;
}

/** The arcs of a pattern laid out in canonical order. */
export function arcsOf(weights: ArrayLike<number>, source: number, counts: Int32Array): Arc[] {
  const arcs: Arc[] = [];
  let pos = 0;
  for (let i = 0; i < counts.length; i++) {
    for (let c = counts[i] ?? 0; c > 0; c--) {
      arcs.push({ source, pos, item: i });
      pos += weights[i] ?? 0;
    }
  }
  return arcs;
}

/**
 * Duals of the arc rows bounded at this node, clamped to the sign their active bound allows (so the
 * Lagrangian bound stays valid), grouped by source → position → item; plus Σ bound·dual for the bound.
 */
export function activeArcDuals(
  arcRows: ReadonlyMap<string, { readonly row: number; readonly arc: Arc }>,
  bounds: ReadonlyMap<string, { readonly lo: number; readonly hi: number }> | undefined,
  masterDuals: Float64Array,
): {
  bySource: Map<number, Map<number, Map<number, number>>>;
  raw: Map<number, Map<number, Map<number, number>>>;
  rhs: number;
} {
  const bySource: ArcMap = new Map();
  const raw: ArcMap = new Map();
  let rhs = 0;
  const put = (target: ArcMap, a: Arc, d: number): void => {
    arcCell(target, a).set(a.item, d);
  };
  for (const [key, b] of bounds ?? []) {
    const r = arcRows.get(key);
    if (!r) continue;
    const d = masterDuals[r.row] ?? 0;
    if (d !== 0) put(raw, r.arc, d);
    let sigma = d;
    if (!Number.isFinite(b.lo)) sigma = Math.min(0, sigma);
    if (!Number.isFinite(b.hi)) sigma = Math.max(0, sigma);
    if (sigma === 0) continue;
    put(bySource, r.arc, sigma);
    rhs += sigma > 0 ? b.lo * sigma : b.hi * sigma;
  }
  return { bySource, raw, rhs };
}

/** Values by source → position → item. */
export type ArcMap = Map<number, Map<number, Map<number, number>>>;

/** The item map of an arc's source and position in `map`, created when missing. */
export function arcCell(map: ArcMap, a: Pick<Arc, 'source' | 'pos'>): Map<number, number> {
  let byPos = map.get(a.source);
  if (!byPos) {
    byPos = new Map();
    map.set(a.source, byPos);
  }
  let byItem = byPos.get(a.pos);
  if (!byItem) {
    byItem = new Map();
    byPos.set(a.pos, byItem);
  }
  return byItem;
}
