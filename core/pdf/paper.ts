/**
 * Paper sizes in PDF points, and the one a request gets (its `paper`, else A4 or US Letter by its unit).
 */
import type { PaperSize } from '../types.ts';
import { isInchUnit } from './format.ts';

/** A sheet size in PDF points (1/72 in), portrait. */
export interface Paper {
  /** `A4`, `Letter`, or a label stock's name (core/labels). */
  readonly name: PaperSize | string;
  readonly width: number;
  readonly height: number;
}

const SIZES: Readonly<Record<PaperSize, Paper>> = {
  A4: { name: 'A4', width: 595.28, height: 841.89 },
  Letter: { name: 'Letter', width: 612, height: 792 },
};

/**
 * The paper a plan prints on: the request's `paper` when given, else Letter for inch jobs (a shop
 * that measures in inches almost always prints on Letter) and A4 for everything else.
 */
export function paperFor(paper: PaperSize | null, unit: string): Paper {
  return SIZES[paper ?? (isInchUnit(unit) ? 'Letter' : 'A4')];
}
