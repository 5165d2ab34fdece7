/**
 * Saw setups of angle plans, counted (docs/angle-cuts.md, "Setups"). A setup is what the operator sets
 * before cutting a run of bars: the source length, and the pieces in cut order with what moves a saw stop
 * or the saw head, each piece's tip-to-tip length and its two end angles as placed (after any turn).
 * Labels, the stock entry and which part a piece is cut for do not; the turn itself does not either, only
 * the angles it gives (the placement and every cut follow from these figures).
 */
import { type AngleJob, laid, type SeqBar } from './job.ts';

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
