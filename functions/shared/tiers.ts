/**
 * The service tiers. `public` is the free tier of the spec's Limits table; the paid tiers sit inside the
 * spec's ranges (20–240 requests a minute, 500–5,000 parts, up to 1,000 lines, 60–300 s).
 */
export interface Tier {
  readonly name: TierName;
  /** Requests allowed per rate window. */
  readonly rateLimit: number;
  /** Length of the rate window in seconds (3600 for public, 60 for paid). */
  readonly rateWindowSeconds: number;
  /** Requests per calendar month (UTC); null when lifted. */
  readonly monthlyCap: number | null;
  /** Total parts (sum of quantities) per request. */
  readonly maxParts: number;
  /** Distinct part lines per request. */
  readonly maxLines: number;
  /** Cap on `timeLimit`, in seconds. */
  readonly budgetSeconds: number;
  /** Concurrent solves: the shared public pool, or each key's own. */
  readonly concurrency: number;
  /** Entries the workspace's offcut rack may hold (0: no rack, the public tier has no workspace). */
  readonly rackEntries: number;
  /** Rack and stored-plan calls per key per minute (not solves: counted apart from the rate limit). */
  readonly rackCallsPerMinute: number;
  /** Async jobs queued or running at once per key (0: no jobs, the public tier has no key). */
  readonly jobsInFlight: number;
}

export const TIER_NAMES = ['public', 'starter', 'pro', 'scale'] as const;
export type TierName = (typeof TIER_NAMES)[number];

export const TIERS: Readonly<Record<TierName, Tier>> = {
  public: {
    name: 'public',
    rateLimit: 30,
    rateWindowSeconds: 3600,
    monthlyCap: 250,
    maxParts: 300,
    maxLines: 60,
    budgetSeconds: 20,
    concurrency: 8,
    rackEntries: 0,
    rackCallsPerMinute: 0,
    jobsInFlight: 0,
  },
  starter: {
    name: 'starter',
    rateLimit: 20,
    rateWindowSeconds: 60,
    monthlyCap: null,
    maxParts: 500,
    maxLines: 150,
    budgetSeconds: 60,
    concurrency: 2,
    rackEntries: 200,
    rackCallsPerMinute: 60,
    jobsInFlight: 2,
  },
  pro: {
    name: 'pro',
    rateLimit: 60,
    rateWindowSeconds: 60,
    monthlyCap: null,
    maxParts: 2000,
    maxLines: 400,
    budgetSeconds: 120,
    concurrency: 4,
    rackEntries: 1000,
    rackCallsPerMinute: 120,
    jobsInFlight: 5,
  },
  scale: {
    name: 'scale',
    rateLimit: 240,
    rateWindowSeconds: 60,
    monthlyCap: null,
    maxParts: 5000,
    maxLines: 1000,
    budgetSeconds: 300,
    concurrency: 8,
    rackEntries: 2000,
    rackCallsPerMinute: 300,
    jobsInFlight: 20,
  },
};
