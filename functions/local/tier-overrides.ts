/**
 * `TIER_OVERRIDES`: a local-only way to change tier limits for `npm start`, e.g. to load-test the solve
 * path without being stopped at 240 calls a minute. JSON of the form `{"scale":{"rateLimit":100000}}`;
 * any field of a tier but its name, positive integers (`monthlyCap` may be null). The Lambda functions
 * never read it: deployed limits are the ones in `functions/shared/tiers.ts`.
 */
import * as v from 'valibot';
import { err, ok, type Result } from '../../core/errors.ts';
import { TIER_NAMES, TIERS, type Tier, type TierName } from '../shared/tiers.ts';

const count = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

const TierPatch = v.strictObject({
  rateLimit: v.optional(count),
  rateWindowSeconds: v.optional(count),
  monthlyCap: v.optional(v.nullable(count)),
  maxParts: v.optional(count),
  maxLines: v.optional(count),
  budgetSeconds: v.optional(count),
  concurrency: v.optional(count),
  rackEntries: v.optional(count),
  rackCallsPerMinute: v.optional(count),
  jobsInFlight: v.optional(count),
});

const Overrides = v.strictObject(
  Object.fromEntries(TIER_NAMES.map((name) => [name, v.optional(TierPatch)])) as Record<
    TierName,
    v.OptionalSchema<typeof TierPatch, undefined>
  >,
);

export interface TierTable {
  readonly tiers: Readonly<Record<TierName, Tier>>;
  /** `scale.rateLimit=100000, …`: what differs from the deployed tiers, for the startup banner. */
  readonly changes: readonly string[];
}

/** The tier table with `text` (the variable's value) applied; the deployed table when it is unset. */
export function readTierOverrides(text: string | undefined): Result<TierTable, string> {
  if (text === undefined || text.trim() === '') return ok({ tiers: TIERS, changes: [] });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error: unknown) {
    if (!(error instanceof SyntaxError)) throw error;
    return err(`TIER_OVERRIDES is not JSON (${error.message})`);
  }
  const parsed = v.safeParse(Overrides, json);
  if (!parsed.success) {
    const problems = parsed.issues.map((i) => `${v.getDotPath(i) ?? '(top)'}: ${i.message}`);
    return err(
      `TIER_OVERRIDES must look like {"scale":{"rateLimit":100000}} (tiers ${TIER_NAMES.join(', ')}; positive integers): ${problems.join('; ')}`,
    );
  }
  const tiers = { ...TIERS };
  const changes: string[] = [];
  for (const name of TIER_NAMES) {
    const patch = parsed.output[name];
    if (patch === undefined) continue;
    let tier: Tier = tiers[name];
    for (const [field, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      tier = { ...tier, [field]: value };
      changes.push(`${name}.${field}=${value}`);
    }
    tiers[name] = tier;
  }
  return ok({ tiers, changes });
}
