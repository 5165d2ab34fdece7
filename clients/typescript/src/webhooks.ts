/**
 * Checking a webhook from cutplan (Standard Webhooks, https://www.standardwebhooks.com): the
 * `webhook-signature` header holds one or more `v1,<base64 HMAC-SHA256>` over
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64 part of your `whsec_` secret; during a
 * secret rotation there are two, one per valid secret. Uses the platform's Web Crypto (Node 20+,
 * browsers, Deno, workers), whose HMAC verification compares in constant time.
 */

import type { components } from './schema.js';

/** The event a job's webhook carries: the job's end, and where to read it (`GET /v1/jobs/{id}`). */
export type WebhookEvent = components['schemas']['WebhookEvent'];

/** A delivery that did not verify: `reason` says why (never the secret). */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** Headers as Node's `IncomingMessage#headers`, a plain object, or fetch's `Headers`. */
export type WebhookHeaderSource =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions {
  /** How far the timestamp may be from now, either way, in seconds (default 300). */
  readonly toleranceSeconds?: number;
  /** Now, in seconds since the epoch (default: the clock). */
  readonly nowSeconds?: number;
}

function headerOf(headers: WebhookHeaderSource, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(
    headers as Record<string, string | readonly string[] | undefined>,
  )) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Verifies a delivery and returns its event; throws {@link WebhookVerificationError} when the headers are
 * missing, the timestamp is more than `toleranceSeconds` away (a replayed message), or no `v1` signature
 * matches. `body` must be the raw body as received (bytes or text), before any JSON parsing.
 *
 * ```ts
 * const event = await verifyWebhook(process.env.CUTPLAN_WEBHOOK_SECRET, req.headers, rawBody);
 * if (event.type === 'job.succeeded') await client.getJob(event.data.id);
 * ```
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaderSource,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = headerOf(headers, 'webhook-id');
  const timestamp = headerOf(headers, 'webhook-timestamp');
  const signatures = headerOf(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header');
  }
  if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number');
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError(`webhook-timestamp is more than ${tolerance} s from now`);
  }
  const keyBytes = base64Bytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (keyBytes === null || keyBytes.length === 0) {
    throw new WebhookVerificationError('the secret is not a whsec_ secret (whsec_ + base64)');
  }
  const encoder = new TextEncoder();
  const bodyBytes = typeof body === 'string' ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix);
  signed.set(bodyBytes, prefix.length);
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  for (const part of signatures.split(' ')) {
    const [version, value] = part.split(',', 2);
    if (version !== 'v1' || value === undefined) continue;
    const given = base64Bytes(value);
    if (given !== null && (await crypto.subtle.verify('HMAC', key, given, signed))) {
      try {
        return JSON.parse(new TextDecoder().decode(bodyBytes)) as WebhookEvent;
      } catch {
        throw new WebhookVerificationError('the body is signed but is not JSON');
      }
    }
  }
  throw new WebhookVerificationError('no signature matches the secret');
}
