/**
 * Rules across fields, checked on the typed long form once every field is valid on its own: total
 * quantity, angles and angleCuts, the bundle method, prices per material. Feasibility (does every part fit
 * a source, does finite supply cover demand) needs exact lengths and runs after scaling, in feasibility.ts.
 */
import { LIMITS } from './limits.ts';
import { groupName, type ListName, locate, type Origins } from './origins.ts';
import type { LongForm } from './schemas.ts';
import type { IssueStream } from './sink.ts';

/** A part angle after the top-angle transform (−60 → 120), or null for a square end (90 or none). */
export function bottomAngle(angle: number | null | undefined): number | null {
  if (angle === null || angle === undefined) return null;
  const a = angle < 0 ? 180 + angle : angle;
  return a === 90 ? null : a;
}

function angleIssues(body: LongForm, origins: Origins, issues: IssueStream): void {
  const enabled = body.angleCuts?.enabled === true;
  if (enabled && (body.angleCuts?.width ?? null) === null) {
    issues.add({
      path: 'angleCuts.width',
      message: 'is required when angle cuts are enabled (the material width)',
    });
  }
  for (const [i, part] of body.parts.entries()) {
    if (issues.dropped) return;
    for (const field of ['leftAngle', 'rightAngle'] as const) {
      const raw = part[field];
      if (raw === null || raw === undefined) continue;
      const at = locate('parts', i, part, origins);
      if (!enabled) {
        issues.add({ path: at, message: `${field} needs "angleCuts": {"enabled": true, "width": …}` });
        continue;
      }
      const a = raw < 0 ? 180 + raw : raw;
      if (a < LIMITS.minAngle || a > LIMITS.maxAngle) {
        const top = raw < 0 ? ` (a top angle: ${a} at the bottom)` : '';
        issues.add({
          path: at,
          message: `${field} must be between ${LIMITS.minAngle} and ${LIMITS.maxAngle} degrees, or −${LIMITS.maxAngle} to −${LIMITS.minAngle} for a top angle, got ${raw}${top}`,
        });
      }
    }
  }
}

/** The first tagged item of the request, for the "bundle does not combine with materials" message. */
function firstTagged(body: LongForm, origins: Origins): { at: string; material: string } | null {
  const lists: [ListName, readonly { material?: string | null | undefined }[]][] = [
    ['parts', body.parts],
    ['stocks', body.stocks ?? []],
    ['offcuts', body.offcuts ?? []],
  ];
  for (const [list, items] of lists) {
    const i = items.findIndex((x) => typeof x.material === 'string');
    const material = items[i]?.material;
    if (typeof material === 'string') return { at: locate(list, i, items[i], origins), material };
  }
  return null;
}

function bundleIssues(body: LongForm, origins: Origins, issues: IssueStream): void {
  if (body.method !== 'bundle') return;
  const needs = 'method "bundle" needs stocks[] with a bundleSize on every entry';
  if (body.stockLength !== null && body.stockLength !== undefined) {
    issues.add({ path: origins.names.stockLength, message: `${needs}, not a single stock length` });
  } else if ((body.stocks ?? []).length === 0) {
    issues.add({ path: 'method', message: needs });
  }
  for (const [i, stock] of (body.stocks ?? []).entries()) {
    if (issues.dropped) return;
    if (stock.bundleSize === null || stock.bundleSize === undefined) {
      issues.add({
        path: locate('stocks', i, stock, origins),
        message: 'bundleSize is required with method "bundle"',
      });
    }
  }
  const tagged = firstTagged(body, origins);
  if (tagged !== null) {
    issues.add({
      path: 'method',
      message: `"bundle" does not combine with material groups (${tagged.at} has material "${tagged.material}")`,
    });
  }
  if (body.angleCuts?.enabled === true) {
    issues.add({ path: 'method', message: '"bundle" does not combine with angle cuts' });
  }
}

/** Prices are all-or-none within a material: a mix could not be compared, cost against length. */
function priceIssues(body: LongForm, origins: Origins, issues: IssueStream): void {
  const groups = new Map<string | null, { priced: number | null; unpriced: number | null }>();
  (body.stocks ?? []).forEach((stock, i) => {
    const key = stock.material ?? null;
    const g = groups.get(key) ?? { priced: null, unpriced: null };
    const hasPrice = stock.price !== null && stock.price !== undefined;
    if (hasPrice && g.priced === null) g.priced = i;
    if (!hasPrice && g.unpriced === null) g.unpriced = i;
    groups.set(key, g);
  });
  const stocks = body.stocks ?? [];
  for (const [material, g] of groups) {
    if (g.priced === null || g.unpriced === null) continue;
    const priced = locate('stocks', g.priced, stocks[g.priced], origins);
    const unpriced = locate('stocks', g.unpriced, stocks[g.unpriced], origins);
    issues.add({
      path: groupName(material),
      message: `${priced} has a price but ${unpriced} has none: price every stock entry of a material, or none`,
    });
  }
}

/** Every cross-field rule; each stops once the stream has more issues than are shown. */
export function crossFieldIssues(body: LongForm, origins: Origins, issues: IssueStream): void {
  angleIssues(body, origins, issues);
  bundleIssues(body, origins, issues);
  priceIssues(body, origins, issues);
}
