/**
 * The webhook URL policy, checked when a job is submitted and again before every delivery attempt
 * (DNS can change in between). Deployed (`allowPrivate: false`): https only, and every address the host
 * resolves to must be public unicast (`addresses.ts`), so a job cannot make our functions call into our
 * own network or the cloud metadata service. Locally (`allowPrivate: true`: the local server and the
 * tests) http and private addresses are allowed, so a receiver on 127.0.0.1 works. Always refused: a URL
 * that is not absolute http(s), longer than 2,048 characters, or carrying credentials. The addresses
 * found are handed to the sender, which connects to them and to nothing resolved later (no rebinding
 * between the check and the connection).
 */
import { nonPublicReason, parseIpv4, parseIpv6 } from './addresses.ts';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Resolves a host name to its addresses (IPv4 and IPv6 literals); throws or returns [] when it cannot. */
export type Resolve = (host: string) => Promise<string[]>;

export interface UrlPolicy {
  /** True locally (the local server, tests): http and private addresses allowed. False deployed. */
  readonly allowPrivate: boolean;
  readonly resolve: Resolve;
}

export type UrlCheck =
  | { readonly ok: true; readonly url: URL; readonly addresses: readonly string[] }
  | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): UrlCheck => ({ ok: false, reason });

/** Checks a webhook URL against the policy; the reason reads after "webhook " in a 400's detail. */
export async function checkWebhookUrl(text: string, policy: UrlPolicy): Promise<UrlCheck> {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) {
    return refuse(`URL is ${text.length} characters long; at most ${MAX_WEBHOOK_URL_LENGTH} are allowed`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse(`URL must use https (got ${url.protocol.replace(/:$/, '')})`);
  }
  if (url.protocol === 'http:' && !policy.allowPrivate) return refuse('URL must use https');
  if (url.username !== '' || url.password !== '') {
    return refuse('URL must not carry credentials (user:password@); authenticate with the signature');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return refuse('URL has no host');
  let addresses: string[];
  if (parseIpv4(host) !== null || parseIpv6(host) !== null) {
    addresses = [host];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return refuse(`host ${host} does not resolve`);
  }
  if (!policy.allowPrivate) {
    for (const address of addresses) {
      const why = nonPublicReason(address);
      if (why !== null) {
        const shown = address === host ? address : `${host} (${address})`;
        return refuse(`URL must reach a public address; ${shown} is ${why}`);
      }
    }
  }
  return { ok: true, url, addresses };
}
