/**
 * Saw stop settings (`stats.sawStops`, docs/api.md "Saw stops"): how often the saw's length stop must
 * move when the plan is cut in the saw sheet's order (order.ts). The machine model is the saw sheet's:
 * stops at positions measured from the bar's zero end, one per cut of a layout ("Saw at" on the sheet).
 * For a layout the operator sets its stops, then cuts all its bars (bar after bar, a full bundle's bars at
 * once) without moving them; the next layout keeps the stops of the leading cuts it shares with the one
 * before (same rack: material, source kind and length) and moves the rest.
 *
 * In the saw sheet's order (a depth-first walk of the trie of cut sequences per rack) that sum is the
 * number of distinct non-empty prefixes of the layouts' cut sequences per rack: each trie node is one stop
 * setting, made when the walk first reaches it. No other order of the layouts moves the stops less often.
 */
import type { Combination, CutPosition } from '../types.ts';

/** A layout as the length stop sees it: its rack, and its cuts in order, each as a comparable key. */
export interface StopSequence {
  readonly rack: string;
  readonly cuts: readonly (string | number)[];
}

interface Node {
  readonly next: Map<string | number, Node>;
}

/** Stop settings of the layouts cut in the saw sheet's order: distinct (rack, cut-sequence prefix) pairs. */
export function countSawStops(sequences: Iterable<StopSequence>): number {
  const racks = new Map<string, Node>();
  let stops = 0;
  for (const { rack, cuts } of sequences) {
    let node = racks.get(rack);
    if (node === undefined) {
      node = { next: new Map() };
      racks.set(rack, node);
    }
    for (const cut of cuts) {
      let child: Node | undefined = node.next.get(cut);
      if (child === undefined) {
        child = { next: new Map() };
        node.next.set(cut, child);
        stops++;
      }
      node = child;
    }
  }
  return stops;
}

/** `2400` for a square cut, `2400/2430` for an angled one (top / bottom): equal keys, same stop. */
export function cutKey(cut: CutPosition): string | number {
  return typeof cut === 'number' ? cut : `${cut[0]}/${cut[1]}`;
}

/** The rack a layout is cut on: bars of one material, source kind and length lie together. */
export function rackOf(comb: Combination['usedComb']): string {
  return `${comb.material ?? ''}\u0000${comb.source}\u0000${comb.length}`;
}

/** `stats.sawStops` of a response's layouts (layouts of no bars set no stop). */
export function sawStopsOf(combinations: readonly Combination[]): number {
  return countSawStops(
    combinations
      .filter((c) => c.count > 0)
      .map(({ usedComb }) => ({ rack: rackOf(usedComb), cuts: usedComb.cutPositions.map(cutKey) })),
  );
}
