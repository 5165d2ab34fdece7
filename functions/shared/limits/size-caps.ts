/**
 * A tier's size caps on one request (parts per line, parts, distinct lines): a call over them is a 413
 * before anything is counted.
 */
import { PartsLimitError } from '../../../core/errors.ts';
import type { JobSize } from '../admission.ts';
import type { Tier } from '../tiers.ts';

export function checkCaps(tier: Tier, size: JobSize): PartsLimitError | null {
  const hint = tier.name === 'public' ? '; an API key raises it' : '';
  const line = size.largestLine;
  if (line && line.quantity > tier.maxParts) {
    return new PartsLimitError(
      `${line.name}: quantity ${line.quantity} alone exceeds the ${tier.name} tier's cap of ${tier.maxParts} parts per request${hint}`,
    );
  }
  if (size.totalParts > tier.maxParts) {
    return new PartsLimitError(
      `parts: ${size.totalParts} parts (sum of quantities) exceed the ${tier.name} tier's cap of ${tier.maxParts} parts per request${hint}`,
    );
  }
  if (size.distinctLines > tier.maxLines) {
    return new PartsLimitError(
      `parts: ${size.distinctLines} distinct part lines exceed the ${tier.name} tier's cap of ${tier.maxLines} distinct lines per request${hint}`,
    );
  }
  return null;
}
