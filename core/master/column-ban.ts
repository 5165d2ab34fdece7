/**
 * The master's columns held at zero by reduced-cost fixing (technique `rc-fixing`): a pure test names the
 * columns crossing a fixed arc; they are held at zero at residuals of the root's demand (the tree's
 * nodes) and free elsewhere (dives). The master applies the bounds; this keeps the bookkeeping.
 */
export class ColumnBan<C> {
  private test: ((column: C) => boolean) | null = null;
  /** Per column, whether the test refused it (tests are pure: asked once per ban). */
  private readonly refused = new Map<number, boolean>();
  /** Columns (indices into the master's `columns`) held at zero now. */
  private readonly held = new Set<number>();

  /** Whether some test is set. */
  get active(): boolean {
    return this.test !== null;
  }

  /** A new test (a wider fixing): every column is asked again. */
  set(test: (column: C) => boolean): void {
    this.test = test;
    this.refused.clear();
  }

  /** Whether column j must be held at zero, `on` a residual of the root's demand. */
  wants(j: number, column: C | undefined, on: boolean): boolean {
    const test = this.test;
    if (!test || !on) return false;
    let refused = this.refused.get(j);
    if (refused === undefined) {
      refused = column ? test(column) : false;
      this.refused.set(j, refused);
    }
    return refused;
  }

  /** Whether column j is held at zero now. */
  isHeld(j: number): boolean {
    return this.held.has(j);
  }

  /** Records that column j is now held at zero or free (a column that left the LP is free). */
  mark(j: number, zero: boolean): void {
    if (zero) this.held.add(j);
    else this.held.delete(j);
  }
}
