/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): a message is signed as
 * `v1,<base64 HMAC-SHA256>` over `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes of the
 * secret's base64 part (`whsec_<base64>`). With several valid secrets (after a rotation) the
 * `webhook-signature` header carries one signature per secret, space-separated, as the spec allows, so a
 * receiver holding either secret accepts the delivery. The clients carry the receiver's twin of
 * {@link verifyWebhook} (clients/typescript, clients/python).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Random bytes in a new secret (the spec asks for 24 to 64). */
export const SECRET_BYTES = 32;
/** How far a delivery's timestamp may be from the receiver's clock (the spec's suggestion). */
export const DEFAULT_TOLERANCE_SEC = 5 * 60;

/** The three Standard Webhooks headers, as sent (lower-case names). */
export type WebhookHeaders = {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
};

/** A fresh secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(random: (bytes: number) => Buffer = randomBytes): string {
  return `${SECRET_PREFIX}${random(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key of a secret: its base64 part decoded (the `whsec_` prefix is optional, as in the spec's libraries). */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) throw new TypeError('a webhook secret is whsec_ + base64');
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new TypeError('a webhook secret must not be empty');
  return key;
}

function digest(key: Buffer, id: string, timestamp: number | string, body: string): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest();
}

/**
 * The `webhook-signature` value of one message under one secret: `v1,<base64>`.
 * `timestampSec`: whole seconds since the epoch, as sent in `webhook-timestamp`.
 */
export function signWebhook(secret: string, id: string, timestampSec: number, body: string): string {
  return `v1,${digest(secretKey(secret), id, timestampSec, body).toString('base64')}`;
}

/** The headers of one delivery, signed with every valid secret (space-separated signatures). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSec: number,
  body: string,
): WebhookHeaders {
  if (secrets.length === 0) throw new RangeError('a webhook is signed with at least one secret');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestampSec, body)).join(' '),
  };
}

export type VerifyOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface VerifyOptions {
  /** The receiver's clock, seconds since the epoch (default: now). */
  readonly nowSec?: number;
  /** How far the timestamp may be from `nowSec`, either way (default 300 s). */
  readonly toleranceSec?: number;
}

/** A header by name, whatever its case; the first value of a repeated one. */
function header(headers: Readonly<Record<string, string | readonly string[] | undefined>>, name: string) {
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== name) continue;
    return Array.isArray(v) ? (v[0] as string | undefined) : (v as string | undefined);
  }
  return undefined;
}

/**
 * Checks a received delivery: the three headers present, the timestamp within the tolerance of the
 * receiver's clock (either way: a replay of an old message is refused), and one of the `v1,` signatures
 * equal to ours, compared in constant time. `body` is the raw request body, exactly as received.
 */
export function verifyWebhook(
  secret: string,
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  body: string,
  options: VerifyOptions = {},
): VerifyOutcome {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature header' };
  }
  if (!/^\d{1,15}$/.test(timestamp)) return { ok: false, reason: 'webhook-timestamp is not a number' };
  const sent = Number(timestamp);
  const now = options.nowSec ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSec ?? DEFAULT_TOLERANCE_SEC;
  if (Math.abs(now - sent) > tolerance) {
    return { ok: false, reason: `webhook-timestamp is more than ${tolerance} s from now` };
  }
  let key: Buffer;
  try {
    key = secretKey(secret);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  // The signed text holds the header's timestamp as sent.
  const expected = digest(key, id, timestamp, body);
  for (const part of signatures.split(' ')) {
    const [version, value] = part.split(',', 2);
    if (version !== 'v1' || value === undefined) continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
  }
  return { ok: false, reason: 'no signature matches' };
}
