import type { OptimiseRequest } from '../types.ts';

/**
 * The size of a job as the tier caps count it.
 * @returns `totalParts`: sum of part quantities; `distinctLines`: part entries after shorthand expansion.
 */
export function jobSize(request: OptimiseRequest): { totalParts: number; distinctLines: number } {
  let totalParts = 0;
  for (const part of request.parts) totalParts += part.quantity;
  return { totalParts, distinctLines: request.parts.length };
}
