/**
 * The core's own ceiling on pieces (`LIMITS`: per part line and per request), far above every tier's cap.
 * Too many pieces is not a malformed request but more work than any tier takes, so it is the contract's
 * 413 `partsLimit` (naming the part, or `parts` for the total, and the cap), never a 400. The tier's own,
 * lower caps are checked at admission from {@link jobSize}.
 */
import { PartsLimitError } from '../errors.ts';
import type { OptimiseRequest } from '../types.ts';
import { LIMITS } from './limits.ts';
import { itemName, locate, type Origins } from './origins.ts';
import type { LongPart } from './schemas.ts';

/** The first line over the per-line ceiling, else the total over the per-request ceiling, else null. */
export function partsLimitError(parts: readonly LongPart[], origins: Origins): PartsLimitError | null {
  let total = 0;
  for (const [i, p] of parts.entries()) {
    if (p.quantity > LIMITS.maxPartQuantity) {
      return new PartsLimitError(
        `${locate('parts', i, p, origins)}: quantity ${p.quantity} is more than any tier allows (at most ${LIMITS.maxPartQuantity} pieces on one part line; each tier caps a request's total parts lower)`,
      );
    }
    total += p.quantity;
  }
  if (total > LIMITS.maxTotalParts) {
    return new PartsLimitError(
      `parts: ${total} pieces in all are more than any tier allows (at most ${LIMITS.maxTotalParts} pieces per request; each tier caps it lower)`,
    );
  }
  return null;
}

/** The part line with the most pieces, named as messages name it (`parts[3] ("rail", 2400)`). */
export function largestLine(request: OptimiseRequest): { name: string; quantity: number } | null {
  let best: OptimiseRequest['parts'][number] | null = null;
  for (const p of request.parts) if (best === null || p.quantity > best.quantity) best = p;
  if (best === null) return null;
  const entry = { label: best.label, length: best.length / request.scale };
  return { name: itemName(`parts[${best.index}]`, undefined, entry), quantity: best.quantity };
}
