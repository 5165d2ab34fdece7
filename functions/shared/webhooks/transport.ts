/**
 * The two ports a delivery needs from the network, and their Node adapters: `resolve` (DNS, all
 * addresses of a host) and `send` (one POST). The sender connects to the address the URL policy checked,
 * not to whatever the host resolves to a moment later (no DNS rebinding between check and connection),
 * while TLS still verifies the host name; it follows no redirect (a 3xx is a failed attempt) and gives up
 * after the timeout, response included. Tests inject fakes.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/** One delivery attempt. */
export interface WebhookRequest {
  readonly url: URL;
  /** The addresses the policy checked; the sender connects to the first. */
  readonly addresses: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
}

/** The receiver's status, or null with what went wrong (refused, timed out, TLS, …). */
export type SendOutcome = { readonly status: number } | { readonly status: null; readonly error: string };

export type Send = (request: WebhookRequest) => Promise<SendOutcome>;

/** Every address of `host` (IPv4 and IPv6), as the system resolver gives them. */
export async function dnsResolve(host: string): Promise<string[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/** The largest response body read (then dropped): a receiver's answer is not ours to keep. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** POSTs with Node's http(s), pinned to the checked address. */
export const nodeSend: Send = (req) =>
  new Promise((resolve) => {
    const address = req.addresses[0];
    if (address === undefined) {
      resolve({ status: null, error: 'no address to connect to' });
      return;
    }
    const family = isIP(address);
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all === true) {
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address, family },
        ]);
      } else callback(null, address, family);
    };
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const send = req.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      req.url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          ...req.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(req.body)),
          'user-agent': 'cutplan-webhooks/1',
        },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        res.on('close', () => finish({ status: res.statusCode ?? 0 }));
        res.on('error', () => finish({ status: res.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy(new Error(`no answer within ${req.timeoutMs / 1000} s`));
    }, req.timeoutMs);
    outgoing.on('error', (error) => finish({ status: null, error: error.message }));
    outgoing.end(req.body);
  });
