/**
 * The pricing port of the covering master: what the master needs to know about a kind of pattern, so
 * that one master (item rows, source range rows, the usage row, arc rows, artificial columns, smoothing,
 * the Lagrangian bound, the stops) serves square multisets and angle sequences alike. A pattern kind
 * says what a column's item coefficients, key and branching arcs are, and prices at given duals.
 */

/** What is still to be decided: the demand left, and how many bars of each source may (must) be used. */
export interface Residual {
  readonly demand: Int32Array;
  /** At least this many bars of each source (branching decisions; 0 by default). */
  readonly lo: Float64Array;
  /** At most this many (supply left, or a branching decision; `Infinity` when unlimited). */
  readonly hi: Float64Array;
  /** Owned offcut material still to be used under `offcuts_first` (0 otherwise). */
  usage: number;
  /** Branching bounds on arc flows (key from the pattern kind's arcs); arcs not listed are free. */
  readonly arcs?: ReadonlyMap<string, { readonly lo: number; readonly hi: number }>;
}

/** A column of the covering master: one bar of one source. */
export interface PatternColumn {
  readonly source: number;
}

/** An arc row bounded at the current node, with its dual (as solved, and clamped to its active bound). */
export interface ActiveArc {
  readonly key: string;
  /** The row's dual as the LP gave it (reduced costs use it). */
  readonly dual: number;
  /** The dual clamped to the sign its active bound allows (the Lagrangian bound uses it); 0 when none. */
  readonly sigma: number;
}

/** What the master hands a pricing call. */
export interface PriceQuery<C extends PatternColumn> {
  /** Item duals to price at (clamped at 0, maybe smoothed towards the stability centre). */
  readonly pi: Float64Array;
  /** The residual the master is at (demand, source ranges, usage, arc bounds). */
  readonly residual: Residual;
  /** The usage row's dual ν ≥ 0 under `offcuts_first` (0 otherwise). */
  readonly nu: number;
  /** What the usage row pays a bar of source k at ν (ν·Lₖ / scale for an offcut, else 0). */
  readonly usagePay: (k: number) => number;
  /** Arc rows bounded at this node, in the order of the residual's arc bounds. */
  readonly arcs: readonly ActiveArc[];
  /** Whether a column would enter: it cuts something, its reduced cost is negative, and it is new. */
  readonly pricesOut: (column: C) => boolean;
}

/** A pricing call's answer. */
export interface PortPricing<C extends PatternColumn> {
  /** Columns that enter (each passed `pricesOut`). */
  readonly columns: readonly C[];
  /**
   * Per source, an upper bound on any bar's value at `pi` (usage pay and every positive arc dual
   * included): the Lagrangian bound's vₖ. 0 for a source with no bar left.
   */
  readonly values: readonly number[];
  /** True when no column prices out only because none exists (the LP is then solved). */
  readonly exact: boolean;
  /**
   * Per source, the value bound of the count cut recorded at the root's demand (usage pay included), or
   * null when the pattern kind records no cut.
   */
  readonly cutValues: Float64Array | null;
}

/** A kind of pattern, as the covering master sees it. */
export interface PricingPort<C extends PatternColumn> {
  /** Item rows: one ≥ row per item (the residual demand). */
  readonly itemCount: number;
  /** Equal keys, one column. */
  key(column: C): string;
  /** A column's non-zero coefficients on the item rows, items ascending. */
  coefficients(column: C): readonly (readonly [item: number, count: number])[];
  /** Keys of the branching arcs a column crosses (each once, in the path's order). */
  arcKeys(column: C): readonly string[];
  /** The column the master keeps (a copy, when the caller may change the one it passed). */
  own(column: C): C;
  /** Prices at the query's duals. */
  price(query: PriceQuery<C>): PortPricing<C>;
}
