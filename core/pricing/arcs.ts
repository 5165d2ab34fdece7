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

/**
 * Arcs of a one-bar job that no plan beating the incumbent uses (reduced-cost fixing, technique
 * `rc-fixing`): item j may not start at position p (in the bar's length units, canonical order) when
 * `cells[j · width + p]` is 1. Pricing that honours a ban never offers a pattern crossing a banned arc.
 */
export interface ArcBan {
  /** Positions per item row: the capacity + 1. */
  readonly width: number;
  readonly cells: Uint8Array;
}

/** Whether item `item` starting at `pos` is banned (positions off the table are not). */
export function isBanned(ban: ArcBan | null | undefined, item: number, pos: number): boolean {
  if (!ban || pos < 0 || pos >= ban.width) return false;
  return ban.cells[item * ban.width + pos] === 1;
}

/** Whether a pattern (copies per item, laid out in canonical order) crosses a banned arc. */
export function crossesBan(ban: ArcBan, weights: ArrayLike<number>, counts: ArrayLike<number>): boolean {
  let pos = 0;
  for (let i = 0; i < counts.length; i++) {
    for (let c = counts[i] ?? 0; c > 0; c--) {
      if (isBanned(ban, i, pos)) return true;
      pos += weights[i] ?? 0;
    }
  }
  return false;
}
