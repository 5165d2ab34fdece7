/**
 * The deploy-time settings, read from CDK context (`npx cdk deploy -c key=value`, or `context` in
 * cdk.json). Each is optional; a malformed value stops the synthesis with a message naming it.
 */
import type { CutplanStackProps } from './stack.ts';

export const CONTEXT_KEYS = {
  /** The account's REST API integration timeout quota, seconds (29 until raised). */
  integrationTimeoutQuota: 'integrationTimeoutQuota',
  /** An e-mail address subscribed to the alarm topic. */
  alarmEmail: 'alarmEmail',
  /** A Secrets Manager secret name holding the synthetic check's API key. */
  syntheticKeySecret: 'syntheticKeySecret',
  /** `true`: a WAFv2 web ACL with a per-IP rate rule in front of the API (costs money). */
  waf: 'waf',
} as const;

/** API Gateway's default; a lower quota does not exist. */
const MIN_QUOTA_SECONDS = 29;
/** Lambda's longest timeout. */
const MAX_QUOTA_SECONDS = 900;

type Settings = Pick<
  CutplanStackProps,
  'integrationTimeoutQuotaSeconds' | 'alarmEmail' | 'syntheticKeySecret' | 'webAcl'
>;

/** `get` is `node.tryGetContext`: values come as strings from `-c` and as JSON values from cdk.json. */
export function readContext(get: (key: string) => unknown): Settings {
  const quota = text(get, CONTEXT_KEYS.integrationTimeoutQuota);
  const email = text(get, CONTEXT_KEYS.alarmEmail);
  const secret = text(get, CONTEXT_KEYS.syntheticKeySecret);
  const settings: { -readonly [K in keyof Settings]: Settings[K] } = {};
  if (quota !== undefined) {
    const value = Number(quota);
    if (!Number.isInteger(value) || value < MIN_QUOTA_SECONDS || value > MAX_QUOTA_SECONDS) {
      throw new Error(
        `context ${CONTEXT_KEYS.integrationTimeoutQuota} must be whole seconds from ${MIN_QUOTA_SECONDS} to ${MAX_QUOTA_SECONDS}, got "${quota}"`,
      );
    }
    settings.integrationTimeoutQuotaSeconds = value;
  }
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
