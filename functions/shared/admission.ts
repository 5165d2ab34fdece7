/**
 * The port between handlers and the limits store. A handler parses the request first (so validation
 * failures are never counted), then asks an {@link Admitter} to admit the call, solves, and releases the
 * admission in `finally`. The DynamoDB implementation lives in `functions/shared/limits/`.
 */
import type { CutplanError, Result } from '../../core/errors.ts';
import type { RateLimitStatus } from './errors.ts';
import type { Tier } from './tiers.ts';

/** Who is calling, as the HTTP adapter sees it. */
export interface Caller {
  /** Client IP (socket address, or X-Forwarded-For when trusted / from API Gateway's sourceIp). */
  readonly ip: string;
  /** The `X-API-Key` header as sent: undefined when absent, possibly empty. */
  readonly apiKey: string | undefined;
  /** The `Origin` header of a browser call. */
  readonly origin: string | undefined;
  /** The `Host` header: the service's own host as the caller reached it (its own page calls from there). */
  readonly host?: string;
}

/** The size of a parsed job, checked against the tier's caps before anything is counted. */
export interface JobSize {
  /** Sum of part quantities. */
  readonly totalParts: number;
  /** Number of distinct part lines. */
  readonly distinctLines: number;
  /** The line with the most pieces, named as messages name it, so a 413 can name the part over the cap. */
  readonly largestLine?: { readonly name: string; readonly quantity: number } | null;
}

/** An admitted call: the tier to serve it with, and a release to call exactly once. */
export interface Admission {
  readonly tier: Tier;
  /** Workspace of the key, or null for the public tier. */
  readonly workspace: string | null;
  /** The key's PDF branding line, or null. */
  readonly branding: string | null;
  /** The API key's public id (safe to log), or null for the public tier. */
  readonly keyId: string | null;
  /** The binding rate window after this call (the HTTP shell sends it as `X-RateLimit-*`). */
  readonly rateLimit: RateLimitStatus | null;
  /** Every window of the tier after this call (the HTTP shell sends them as `RateLimit-Policy`/`RateLimit`). */
  readonly windows?: readonly WindowUsage[];
  /** Frees the solve slot; `failed` also refunds the counted request. Never throws. */
  release(outcome: 'succeeded' | 'failed'): Promise<void>;
}

/** Where a caller stands in one window of its tier. */
export interface WindowUsage {
  /** `hour`, `minute` or `month` (the window's name in messages). */
  readonly window: string;
  /** The window's length in seconds (a month's own length). */
  readonly seconds: number;
  readonly limit: number;
  readonly used: number;
  readonly remaining: number;
  /** When the window resets (ms since the epoch). */
  readonly resetAtMs: number;
}

/** What `GET /v1/usage` answers: the caller's tier, its windows now, and its month. */
export interface Usage {
  readonly tier: string;
  readonly windows: readonly WindowUsage[];
  /**
   * The calendar month (UTC): calls counted and answered, and calls admitted then refunded. A key's
   * month is kept whether or not its tier caps it; the public tier's `used` is its monthly counter and
   * `refunded` is not kept per IP (null).
   */
  readonly month: { readonly used: number; readonly refunded: number | null };
}

/** Whom stored state (an idempotent call's outcome) belongs to, known before anything is counted. */
export interface CallerScope {
  readonly tier: Tier;
  /** `ws:<workspace>` for a key, `ip:<address or /64>` for the public tier. */
  readonly scope: string;
  /** The key's workspace, or null for the public tier. */
  readonly workspace: string | null;
  /** The key's branding line, or null. */
  readonly branding: string | null;
}

/** The 401 detail of a rack or plan call without a key: a key is needed, and how to make one locally. */
export const KEY_REQUIRED =
  'the offcut rack and stored plans belong to a workspace: send X-API-Key (locally, make one with `npx cutplan keys create --workspace demo --tier pro` while `npm start` runs)';

/** A keyed call to the workspace's stored state (rack, plans): no solve, no slot. */
export interface WorkspaceCall {
  readonly tier: Tier;
  readonly workspace: string;
  readonly keyId: string;
  /** The key's PDF branding line, or null (a stored plan's PDF is printed with it). */
  readonly branding: string | null;
  readonly rateLimit: RateLimitStatus | null;
}

/**
 * What a job's count and in-flight lease are known by after its accepting call has ended: kept on the
 * job, so whichever process ends the job (its worker, a sweep) settles it ({@link Admitter.settleJob}).
 */
export interface JobTicket {
  readonly keyId: string;
  readonly tier: string;
  /** The counting token (its refund and its in-flight lease are conditional on it). */
  readonly token: string;
  /** When the job was counted: its windows and its month are those of this instant. */
  readonly countedAtMs: number;
}

/** An accepted job: counted once, holding one of the key's jobs in flight until it is settled. */
export interface JobAdmission {
  readonly tier: Tier;
  readonly workspace: string;
  readonly keyId: string;
  readonly branding: string | null;
  readonly rateLimit: RateLimitStatus | null;
  readonly windows: readonly WindowUsage[];
  readonly ticket: JobTicket;
  /** Takes the job back (refund and lease) when it could not be stored after all. Never throws. */
  undo(): Promise<void>;
}

/** The 401 detail of a job call without a key. */
export const JOB_KEY_REQUIRED =
  'async jobs belong to a workspace (their inputs and results are stored for it): send X-API-Key (locally, make one with `npx cutplan keys create --workspace demo --tier pro` while `npm start` runs); without a key, call POST /v1/optimise directly';

/** Identifies the caller and admits or refuses the call (401, 413, 429, 503 as errors). */
export interface Admitter {
  admit(caller: Caller, size: JobSize): Promise<Result<Admission, CutplanError>>;
  /**
   * Checks the caller's key (and the key's origins) as `admit` would, counting nothing: for requests that
   * are answered without a solve (MCP's initialize and tools/list). Absent: nothing to check.
   */
  check?(caller: Caller): Promise<Result<true, CutplanError>>;
  /** The caller's scope (401 or 503 as `admit` would), counting nothing. Absent: no stored state. */
  identify?(caller: Caller): Promise<Result<CallerScope, CutplanError>>;
  /** The caller's usage now (401 or 503 as `admit` would), counting nothing. */
  usage?(caller: Caller): Promise<Result<Usage, CutplanError>>;
  /**
   * Admits a call to the workspace's stored state: a key is required (401 `keyRequired` without one),
   * and the call is counted against the tier's rack calls per minute (429), never against its solves.
   */
  workspace?(caller: Caller): Promise<Result<WorkspaceCall, CutplanError>>;
  /**
   * Accepts an async job: a key is required (401 `keyRequired`), its size is checked (413), it is counted
   * like a call (429) and leases one of the key's jobs in flight for `holdMs(tier)` (429 naming the cap).
   */
  admitJob?(
    caller: Caller,
    size: JobSize,
    holdMs: (tier: Tier) => number,
  ): Promise<Result<JobAdmission, CutplanError>>;
  /**
   * Ends a job's admission from any process: frees its in-flight lease, adds it to the key's month as
   * `used` or `refunded`, and refunds its count when it ended without a plan. Idempotent per ticket;
   * throws `StoreUnavailableError` when the store failed (the caller tries again later).
   */
  settleJob?(ticket: JobTicket, outcome: 'succeeded' | 'failed'): Promise<void>;
}
