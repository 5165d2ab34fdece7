/** The bounded knapsack's input, options and answer, shared by the DP and the branch and bound. */

export interface KnapsackInput {
  /** Item values (duals); items with value ≤ 0 are never packed. */
  readonly values: Float64Array;
  /** Integer weights (part length + kerf), > 0. */
  readonly weights: Float64Array | Int32Array;
  /** Upper bounds on copies per item. */
  readonly bounds: Int32Array;
  /** Integer capacity. */
  readonly capacity: number;
}

export interface KnapsackResult {
  /** Best packing found (copies per item); it always fits. */
  readonly counts: Int32Array;
  readonly value: number;
  /** An upper bound on the optimum; equals `value` when `exact`. */
  readonly upperBound: number;
  readonly exact: boolean;
  /** Further distinct good packings found on the way (best first), for multi-column pricing. */
  readonly extra: readonly Int32Array[];
}

export interface KnapsackOptions {
  /** `exact` proves the optimum where the caps allow; `fast` is cheap and still reports a valid bound. */
  readonly mode?: 'exact' | 'fast';
  /** Number of extra packings wanted. */
  readonly extras?: number;
  /**
   * The `fast` answers already computed for these same values, bounds and capacities: `exact` mode starts
   * from them instead of running the same quick branch and bound a second time.
   */
  readonly quick?: readonly KnapsackResult[] | undefined;
  /**
   * `exact` mode: where the quick branch and bound stopped, resume it from its own best packing before
   * anything else (it usually finishes with few item types, rarely with many).
   */
  readonly resume?: boolean;
  /**
   * `exact` mode, past the choice bitmap's size: the sparse DP over undominated states before the node-limited
   * branch and bound (default on; off only to measure it, technique `sparse-dp`).
   */
  readonly sparse?: boolean;
  /**
   * The dense DP's sweep by the WebAssembly SIMD kernel where it compiles (default on; off only to
   * measure it, technique `wasm-sweep`): the same answers either way.
   */
  readonly wasm?: boolean;
}
