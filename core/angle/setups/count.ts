/**
 * Saw setups of angle plans, counted (docs/angle-cuts.md, "Setups"). A setup is what the operator sets
 * before cutting a run of bars: the source length, and the pieces in cut order with what moves a saw stop
 * or the saw head, each piece's tip-to-tip length and its two end angles as placed (after any turn).
 * Labels, the stock entry and which part a piece is cut for do not; the turn itself does not either, only
 * the angles it gives (the placement and every cut follow from these figures).
 */
import { place } from '../../mitre/index.ts';
import { countSawStops, cutKey, type StopSequence } from '../../saw/index.ts';
import { type AngleJob, laid, type SeqBar } from '../search/index.ts';

/** The setup of a bar of `sourceLength` cutting `pieces` (as laid) in order. */
export function angleSetupKey(
  sourceLength: number,
  pieces: readonly { readonly length: number; readonly left: number; readonly right: number }[],
): string {
  return `${sourceLength}:${pieces.map((p) => `${p.length}/${p.left}/${p.right}`).join(',')}`;
}

/** The setup a plan's bar is cut on. */
export function barSetupKey(job: AngleJob, bar: SeqBar): string {
  return angleSetupKey(job.base.sources[bar.source]?.length ?? -1, laid(job, bar));
}

/** Distinct setups of a group's bars (bars with no pieces are none). */
export function countBarSetups(job: AngleJob, bars: readonly SeqBar[]): number {
  const keys = new Set<string>();
  for (const b of bars) if (b.pieces.length > 0) keys.add(barSetupKey(job, b));
  return keys.size;
}

/**
 * `stats.sawStops` of a group's bars before they are written out (core/saw/stops.ts counts it on the
 * response): each bar's cuts as the layout step places them (layouts.ts), a mitred cut a `[top, bottom]`
 * stop. The same count, so the setups stage can break `fewest_setups` ties on it.
 */
export function countBarSawStops(job: AngleJob, bars: readonly SeqBar[]): number {
  const sequences = new Map<string, StopSequence>();
  for (const b of bars) {
    const source = job.base.sources[b.source];
    if (source === undefined || b.pieces.length === 0) continue;
    const rack = `${source.kind}:${source.length}`;
    const key = `${rack}|${barSetupKey(job, b)}`;
    if (sequences.has(key)) continue;
    const { cuts } = place(job.table, source.length, laid(job, b), job.trimKerf > 0);
    sequences.set(key, { rack, cuts: cuts.map(cutKey) });
  }
  return countSawStops(sequences.values());
}
