/**
 * Upper bounds on individual field values. The spec leaves them "not shown"; issue 2 decided them and
 * `docs/api.md` lists them. Tier caps (total parts, distinct lines, solve budget) are checked later, by
 * the admission step, and are usually far lower.
 */
export const LIMITS = {
  /** Any length (part, stock, offcut, kerf, minRemnant, angleCuts.width), in the caller's unit. */
  maxLength: 10_000_000,
  /** Decimals a length or price may carry; `10 ** maxDecimals` is the largest scale. */
  maxDecimals: 6,
  /** Quantity of one part line. */
  maxPartQuantity: 100_000,
  /** Sum of all part quantities. */
  maxTotalParts: 1_000_000,
  /** Quantity of one stock or offcut entry (and a bundle size). */
  maxSupplyQuantity: 1_000_000,
  maxPrice: 1_000_000_000,
  /** Largest integer every sum of scaled lengths and prices must stay under, so arithmetic is exact. */
  maxExact: Number.MAX_SAFE_INTEGER,
  minAngle: 10,
  maxAngle: 170,
  maxLabel: 100,
  maxMaterial: 64,
  maxUnit: 16,
  maxJobName: 200,
} as const;
