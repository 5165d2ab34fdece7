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
