/** Pagination: content as unsplittable segments, placed top to bottom across pages. */
import type { Frame, Op } from './model.ts';

/**
 * A slice of content that is never split across pages. `keepWithNext` glues it to the following
 * segment (headings); `repeat` is what a new page repeats before it when a block breaks just here
 * (a "continued" heading and the table header).
 */
export interface Segment {
  readonly height: number;
  readonly keepWithNext?: boolean;
  readonly repeat?: readonly Segment[];
  /** Ops for this segment with its top edge at `top`. */
  draw(top: number): readonly Op[];
}

/** Pages filled top to bottom with segments; blocks move to a new page rather than split, when they can. */
export class Flow {
  readonly pages: Op[][] = [[]];
  private y: number;

  readonly frame: Frame;

  constructor(frame: Frame) {
    this.frame = frame;
    this.y = frame.top;
  }

  get bodyHeight(): number {
    return this.frame.top - this.frame.bottom;
  }

  private get remaining(): number {
    return this.y - this.frame.bottom;
  }

  private get atTop(): boolean {
    return this.y === this.frame.top;
  }

  /** Starts a new page, unless nothing has been placed on the current one yet. */
  newPage(): void {
    if (this.atTop) return;
    this.pages.push([]);
    this.y = this.frame.top;
  }

  /** Vertical space, dropped at the top of a page. */
  gap(height: number): void {
    if (!this.atTop) this.y = Math.max(this.frame.bottom, this.y - height);
  }

  private put(segment: Segment): void {
    const page = this.pages[this.pages.length - 1];
    page?.push(...segment.draw(this.y));
    this.y -= segment.height;
  }

  /**
   * Places a block: whole on this page if it fits, else whole on the next; a block taller than a page
   * breaks between segments, keeping `keepWithNext` chains together and repeating headers.
   */
  place(block: readonly Segment[]): void {
    const total = block.reduce((sum, s) => sum + s.height, 0);
    if (total > this.remaining && total <= this.bodyHeight) this.newPage();
    if (total <= this.remaining) {
      for (const s of block) this.put(s);
      return;
    }
    let i = 0;
    while (i < block.length) {
      let j = i;
      while (j < block.length - 1 && block[j]?.keepWithNext) j++;
      const group = block.slice(i, j + 1);
      const height = group.reduce((sum, s) => sum + s.height, 0);
      if (height > this.remaining && !this.atTop) {
        this.newPage();
        if (i > 0) for (const r of group[0]?.repeat ?? []) this.put(r);
      }
      for (const s of group) this.put(s);
      i = j + 1;
    }
  }
}
