import { describe, expect, it } from 'vitest';
import { parseOptimiseBody } from '../core/request/index.ts';
import { TIER_NAMES, TIERS } from '../functions/shared/tiers.ts';
import { largestJob } from './file-routes.ts';

/** The file-route benchmark measures what its name says: each tier's largest job, valid on every route. */
describe.each(TIER_NAMES)('the %s tier’s largest job (bench/file-routes.ts)', (tier) => {
  const body = largestJob(tier) as { parts: { quantity: number; label: string }[] };

  it('has every line and every part the tier allows, labels in Greek, Chinese, Hebrew and Latin', () => {
    expect(body.parts).toHaveLength(TIERS[tier].maxLines);
    expect(body.parts.reduce((a, p) => a + p.quantity, 0)).toBe(TIERS[tier].maxParts);
    const labels = body.parts.map((p) => p.label).join(' ');
    for (const script of [/\p{Script=Greek}/u, /\p{Script=Han}/u, /\p{Script=Hebrew}/u, /\p{Script=Latin}/u])
      expect(labels).toMatch(script);
  });

  it.each(['pdf', 'labels'] as const)('parses for the %s route', (endpoint) => {
    const parsed = parseOptimiseBody(body, endpoint);
    expect(parsed.ok ? 'ok' : parsed.error.message).toBe('ok');
  });
});
