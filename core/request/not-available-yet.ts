/**
 * Parts of the contract the solver does not implement yet, refused at the door: the request is valid, but
 * no plan can be made for it, so it gets a 400 before admission (never counted, no solve slot taken)
 * instead of failing inside the solver. The one place to lift a refusal when its feature lands.
 */
import type { OptimiseRequest } from '../types.ts';
import { locate, type Origins } from './origins.ts';
import type { IssueStream } from './sink.ts';

/**
 * Angle cuts (spec, "Angle cuts"): a part with a real angle, that is a bottom angle other than 90 once
 * `angleCuts` is enabled, cannot be planned yet. Square ends (90, or no angle) are planned as usual, and
 * the angle rules (range, `angleCuts.width`) are still checked first, so a broken rule is named as such.
 */
export function notAvailableYetIssues(request: OptimiseRequest, origins: Origins, issues: IssueStream): void {
  if (request.angleCuts === null) return;
  for (const p of request.parts) {
    if (issues.dropped) return;
    if (p.leftAngle === null && p.rightAngle === null) continue;
    const entry = { label: p.label, length: p.length / request.scale };
    issues.add({
      path: locate('parts', p.index, entry, origins),
      message:
        'angle cuts are not available yet; send square ends (leftAngle and rightAngle 90 or absent) until they are',
    });
  }
}
