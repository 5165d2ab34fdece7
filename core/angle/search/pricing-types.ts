/**
 * The sequence pricing's types: what a pricing call returns, the scaled graph both searches walk, and a
 * branch and price node's arc rows as the demand-bounded search reads them.
 */
import type { GraphShape } from './pricing-graph.ts';

export interface PricedSequence {
  readonly value: number;
  /** Shape and pose of each piece from the zero end. */
  readonly pieces: readonly { readonly shape: number; readonly pose: number }[];
}

export interface PricingResult {
  /** Best value found; an upper bound on every sequence's value in `bound` mode. */
  readonly value: number;
  /** The best sequences, best first (plan mode only): one per last edge class, or the search's best. */
  readonly sequences: readonly PricedSequence[];
  /**
   * `exact`: `value` is the best value itself in the rounded model (within the bounds, when given);
   * `bounded`: the demand-bounded search hit its node limit (`value` is then only an upper bound in bound
   * mode, and the best sequence found in plan mode); `tooLarge`: the job was too large for the cell limit
   * at some step (value 0, nothing found).
   */
  readonly status: PricingStatus;
}

/** How a pricing call ended (see {@link PricingResult.status}). */
export type PricingStatus = 'exact' | 'bounded' | 'tooLarge';

export interface Move {
  readonly shape: number;
  readonly pose: number;
  readonly value: number;
  readonly length: number;
  readonly leftClass: number;
  readonly rightClass: number;
}

/**
 * The scaled graph of one bar length: moves (with the round's values), edge classes (`e`), the scaled
 * room (`cap`, trims taken off), `adv[c·moves + t]` the scaled room move t takes after a piece whose right
 * edge is of class c, `first[t]` as the bar's first piece, each class's cut angle, and `labelAdv`, the
 * same advances in the plan geometry unscaled (a sequence's arc labels; the first piece takes its length).
 */
export interface Graph extends Pick<GraphShape, 'e' | 'cap' | 'adv' | 'first' | 'angles' | 'labelAdv'> {
  readonly moves: readonly Move[];
  /** The cached part (pricing-graph.ts): what does not depend on the values. */
  readonly shape: GraphShape;
}

/**
 * A branch and price node's arc rows on one source, as the demand-bounded search reads them. An arc is
 * a piece (shape, pose) starting where the piece before it ends, in the plan geometry, unscaled, after a
 * piece with a given right angle (`sequence-arcs.ts` names them).
 */
export interface SequenceArcDuals {
  /** Arc name (`arcName`) → σ, the row's dual clamped to the sign its bound allows. */
  readonly sigma: ReadonlyMap<string, number>;
  /** Arcs bounded to no flow: no sequence crosses them. */
  readonly forbidden: ReadonlySet<string>;
  /** Positions where some arc of the map or the set starts (most moves need no name). */
  readonly at: ReadonlySet<number>;
  /** Σ max(0, σ): what arcs can add to any sequence's value at most. */
  readonly positive: number;
}
