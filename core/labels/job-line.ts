/**
 * The job and material line of a label, fitted so the material survives: it tells the picker which stock
 * a piece is, where the job name only repeats what every label of the job says. When the line is too long,
 * the job name is cut (with the format's ellipsis) to leave the material whole, as long as the material
 * takes at most half the room; a longer material is cut with the line as a whole.
 */
import type { PieceLabel } from './pieces.ts';

/** How a format measures and cuts text on the job line. */
export interface LineMetrics {
  width(text: string): number;
  /** `text` cut to `room` with the format's ellipsis ('' when nothing fits). */
  fit(text: string, room: number): string;
}

/** `job · material` (or the job alone) for a line `room` wide. */
export function jobLine(
  label: Pick<PieceLabel, 'job' | 'material'>,
  room: number,
  metrics: LineMetrics,
): string {
  if (label.material === null) return label.job;
  const whole = `${label.job} · ${label.material}`;
  if (metrics.width(whole) <= room) return whole;
  const tail = ` · ${label.material}`;
  if (metrics.width(tail) > room / 2) return whole;
  const job = metrics.fit(label.job, room - metrics.width(tail));
  return job === '' ? label.material : `${job}${tail}`;
}
