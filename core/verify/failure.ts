/**
 * What the verifier reports. Each problem carries a stable check id (for logs, metrics and tests) and a
 * sentence that names the offending layout, part or field in the caller's unit.
 */

/** Every check the verifier runs; ids are stable, new ones are only added. */
export const CHECK_IDS = [
  /** The response is not the shape of an optimise response (missing field, wrong type). */
  'shape',
  /** A length or price is not a whole number of the request's scale (or price scale) units. */
  'grid',
  /** A count is not a positive integer (or `stockBarsUsed` not a non-negative one). */
  'count',
  /** `source` / `sourceIndex` / `length` do not name an existing stock or offcut entry. */
  'source',
  /** A placed part names no request part, or its length or label disagrees with it. */
  'parts',
  /** `combination` disagrees with the layout's placed parts. */
  'combination',
  /** A layout's material tag differs from its source's or one of its parts'. */
  'material',
  /** A layout does not fit its source under the kerf/trim rule. */
  'fit',
  /** `waste {total, remnant, saw}` differs from the bar model. */
  'waste',
  /** `cutPositions` differ from the bar model. */
  'cutPositions',
  /** Two combinations describe the same layout (they must be merged). */
  'layouts',
  /** A part's demand is not met exactly. */
  'demand',
  /** More bars taken from a finite stock entry than it has. */
  'stockSupply',
  /** More pieces taken from an offcut entry than are owned. */
  'offcutSupply',
  /** The purchase list disagrees with the stock layouts (entries, lengths, counts, prices, costs). */
  'purchases',
  /** `stockBarsUsed` is not the number of purchased bars. */
  'stockBarsUsed',
  /** `stats.setups`, the setups bound or `setupsOptimal` is not what the layouts show. */
  'setups',
  /** `bundleBars` or the bundle stats are not what the layouts show. */
  'bundles',
  /** `totalWaste` is not the sum of the bars' waste. */
  'totalWaste',
  /** `usableRemnants` disagrees with the leftovers at or above `minRemnant`. */
  'remnants',
  /** `unusedOffcuts` disagrees with the offcuts the plan left. */
  'unusedOffcuts',
  /** A job figure in `stats` is wrong. */
  'stats',
  /** `stats.byMaterial` is missing, superfluous or wrong for a group. */
  'byMaterial',
  /** A lower bound is invalid for the plan (above it, or null/non-null against the prices). */
  'bounds',
  /** `meta` does not echo the request. */
  'meta',
  /** The plan uses something the verifier cannot check yet: fail closed. */
  'unsupported',
  /** Angle mode: a piece lies in a turn the symmetry forbids, or its stated angles are not that turn of its own. */
  'orientation',
  /** The verifier itself stopped on an unexpected error: fail closed. */
  'internal',
  /** A bar cut from an entry while a prioritised one of the same kind, material, length and price has bars left. */
  'priority',
] as const;

export type CheckId = (typeof CHECK_IDS)[number];

/** One problem found in a plan. */
export interface VerificationIssue {
  readonly check: CheckId;
  readonly message: string;
}

/** Why a plan was rejected: at least one issue; `omitted` counts issues past the reporting cap. */
export interface VerificationFailure {
  readonly issues: readonly [VerificationIssue, ...VerificationIssue[]];
  readonly omitted: number;
}

/** The most issues one failure lists (a badly broken plan would otherwise flood the log). */
export const MAX_REPORTED_ISSUES = 100;

/** Collects issues while the checks run. */
export class Findings {
  readonly #issues: VerificationIssue[] = [];
  #omitted = 0;

  add(check: CheckId, message: string): void {
    if (this.#issues.length < MAX_REPORTED_ISSUES) this.#issues.push({ check, message });
    else this.#omitted += 1;
  }

  /** The failure, or null when every check passed. */
  failure(): VerificationFailure | null {
    const [first, ...rest] = this.#issues;
    return first ? { issues: [first, ...rest], omitted: this.#omitted } : null;
  }
}

/** One line per issue, for logs: `[check] message`. */
export function formatFailure(failure: VerificationFailure): string {
  const lines = failure.issues.map((i) => `[${i.check}] ${i.message}`);
  if (failure.omitted > 0) lines.push(`(and ${failure.omitted} more)`);
  return lines.join('\n');
}
