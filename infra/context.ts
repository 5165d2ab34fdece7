/**
 * The deploy-time settings, read from CDK context (`npx cdk deploy -c key=value`, or `context` in
 * cdk.json). Each is optional; a malformed value stops the synthesis with a message naming it.
 */
import type { CutplanStackProps } from './stack.ts';

export const CONTEXT_KEYS = {
  /** An e-mail address subscribed to the alarm topic. */
  alarmEmail: 'alarmEmail',
  /** A Secrets Manager secret name holding the synthetic check's API key. */
  syntheticKeySecret: 'syntheticKeySecret',
  /** `true`: a WAFv2 web ACL with a per-IP rate rule in front of the API (costs money). */
  waf: 'waf',
  /** `false`: no reserved concurrency (an account whose Lambda concurrency quota is below what it needs). */
  reservedConcurrency: 'reservedConcurrency',
} as const;

/**
 * A setting of earlier versions: the account's integration timeout quota. The solving routes now stream,
 * which needs no quota, so a deploy that still passes it is stopped and told to drop it.
 */
const RETIRED_QUOTA_KEY = 'integrationTimeoutQuota';

type Settings = Pick<
  CutplanStackProps,
  'alarmEmail' | 'syntheticKeySecret' | 'webAcl' | 'reservedConcurrency'
>;

/** `get` is `node.tryGetContext`: values come as strings from `-c` and as JSON values from cdk.json. */
export function readContext(get: (key: string) => unknown): Settings {
  if (text(get, RETIRED_QUOTA_KEY) !== undefined) {
    throw new Error(
      `context ${RETIRED_QUOTA_KEY} is no longer used: the solving routes stream their answers, so no tier needs an integration timeout quota raise; drop the setting`,
    );
  }
  const email = text(get, CONTEXT_KEYS.alarmEmail);
  const secret = text(get, CONTEXT_KEYS.syntheticKeySecret);
  const settings: { -readonly [K in keyof Settings]: Settings[K] } = {};
  if (email !== undefined) {
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      throw new Error(`context ${CONTEXT_KEYS.alarmEmail} must be an e-mail address, got "${email}"`);
    }
    settings.alarmEmail = email;
  }
  if (secret !== undefined) settings.syntheticKeySecret = secret;
  const waf = text(get, CONTEXT_KEYS.waf);
  if (waf !== undefined) {
    if (waf !== 'true' && waf !== 'false') {
      throw new Error(`context ${CONTEXT_KEYS.waf} must be true or false, got "${waf}"`);
    }
    settings.webAcl = waf === 'true';
  }
  const reserved = text(get, CONTEXT_KEYS.reservedConcurrency);
  if (reserved !== undefined) {
    if (reserved !== 'true' && reserved !== 'false') {
      throw new Error(`context ${CONTEXT_KEYS.reservedConcurrency} must be true or false, got "${reserved}"`);
    }
    settings.reservedConcurrency = reserved === 'true';
  }
  return settings;
}

function text(get: (key: string) => unknown, key: string): string | undefined {
  const value = get(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new Error(`context ${key} must be a string or number, got ${JSON.stringify(value)}`);
  }
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}
