/**
 * The one place the limits store's settings are read from the environment, and the one place its
 * DynamoDB client is configured. Handlers call these once per container and inject the results.
 *
 * - `TABLE_NAME`: the limits table (default `cutplan-limits`).
 * - `DYNAMODB_ENDPOINT`: a DynamoDB-compatible endpoint (e.g. a dynalite); unset = AWS's regional endpoint.
 * - `AWS_REGION`: the usual AWS setting; credentials come from the default AWS chain (in Lambda, the
 *   function role's keys in `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DEFAULT_TABLE_NAME } from './table.ts';

export interface LimitsConfig {
  readonly tableName: string;
  /** undefined = the AWS regional endpoint. */
  readonly endpoint: string | undefined;
  readonly region: string | undefined;
  /**
   * The environment holds access keys (`AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`), as Lambda's does;
   * then even a loopback endpoint is called with them, through the SDK's default chain.
   */
  readonly environmentCredentials?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

export function readLimitsConfig(env: Env = process.env): LimitsConfig {
  return {
    tableName: nonEmpty(env.TABLE_NAME) ?? DEFAULT_TABLE_NAME,
    endpoint: nonEmpty(env.DYNAMODB_ENDPOINT),
    region: nonEmpty(env.AWS_REGION) ?? nonEmpty(env.AWS_DEFAULT_REGION),
    environmentCredentials:
      nonEmpty(env.AWS_ACCESS_KEY_ID) !== undefined && nonEmpty(env.AWS_SECRET_ACCESS_KEY) !== undefined,
  };
}

/**
 * A client for the limits table. Admission sits in front of every solve, so the client fails fast:
 * 1 s timeouts that throw, and two retries (counting is idempotent, so a retry never counts twice); a
 * store that does not answer becomes a 503 within the admission deadline, never a hang. A loopback endpoint (the
 * embedded dynalite) gets placeholder credentials so the SDK does not go looking for real ones, unless
 * the environment holds keys: then the SDK's default chain finds them at once, as in Lambda (the bundle
 * tests run the built functions that way).
 */
export function createDynamoClient(
  config: Pick<LimitsConfig, 'endpoint' | 'region' | 'environmentCredentials'>,
  /** Per request (and per connection); the embedded dynalite, which shares its process's CPU, gets more. */
  timeoutMs = 1_000,
): DynamoDBClient {
  const local = config.endpoint !== undefined && isLoopback(config.endpoint);
  const placeholder = local && config.environmentCredentials !== true;
  return new DynamoDBClient({
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    region: config.region ?? (local ? 'local' : 'us-east-1'),
    ...(placeholder ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: 3,
    // Without throwOnRequestTimeout the SDK only logs a warning and keeps waiting. The admitter's own
    // deadline (3 s over all requests and retries) bounds a call whatever the client does.
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs, throwOnRequestTimeout: true },
  });
}

function isLoopback(endpoint: string): boolean {
  try {
    const host = new URL(endpoint).hostname;
    return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
  } catch {
    return false;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Where a running `npm start` announces its embedded DynamoDB, relative to the project directory. */
export const LOCAL_DISCOVERY_FILE = join('.data', 'dynamodb.json');

/** What the discovery file says. */
export interface LocalDiscovery {
  readonly endpoint: string;
  readonly tableName: string;
  readonly pid: number;
}

/** The table `cutplan keys` manages: configured by the environment, else a running `npm start`'s. */
export type KeysTarget =
  | { readonly kind: 'configured'; readonly config: LimitsConfig }
  | { readonly kind: 'local'; readonly config: LimitsConfig; readonly file: string }
  | { readonly kind: 'none'; readonly reason: string };

/**
 * `DYNAMODB_ENDPOINT` or `TABLE_NAME` set: that table (AWS when no endpoint). Otherwise the table of the
 * `npm start` running in `cwd`, found through its discovery file.
 */
export async function resolveKeysTarget(env: Env, cwd: string): Promise<KeysTarget> {
  const config = readLimitsConfig(env);
  if (config.endpoint !== undefined || nonEmpty(env.TABLE_NAME) !== undefined)
    return { kind: 'configured', config };
  const file = join(cwd, LOCAL_DISCOVERY_FILE);
  let discovery: unknown;
  try {
    discovery = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    return {
      kind: 'none',
      reason: missing
        ? `no table configured: set TABLE_NAME (and AWS_REGION, or DYNAMODB_ENDPOINT), or run \`npm start\` in ${cwd} so its local table can be found (${LOCAL_DISCOVERY_FILE})`
        : `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!isDiscovery(discovery)) return { kind: 'none', reason: `${file} is not a cutplan discovery file` };
  return {
    kind: 'local',
    file,
    config: { tableName: discovery.tableName, endpoint: discovery.endpoint, region: 'local' },
  };
}

function isDiscovery(value: unknown): value is LocalDiscovery {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.endpoint === 'string' && typeof v.tableName === 'string' && typeof v.pid === 'number';
}
