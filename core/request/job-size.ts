/**
 * A request's size for limits and logs: part lines, pieces and material groups.
 */
import type { OptimiseRequest } from '../types.ts';
import { largestLine } from './parts-limit.ts';

/**
 * The size of a job as the tier caps count it.
 * @returns `totalParts`: sum of part quantities; `distinctLines`: part entries after shorthand expansion;
 *   `largestLine`: the line with the most pieces and its name, so a 413 can name the part over the cap.
 */
export function jobSize(request: OptimiseRequest): {
  totalParts: number;
  distinctLines: number;
  largestLine: { name: string; quantity: number } | null;
} {
  let totalParts = 0;
  for (const part of request.parts) totalParts += part.quantity;
  return { totalParts, distinctLines: request.parts.length, largestLine: largestLine(request) };
}
