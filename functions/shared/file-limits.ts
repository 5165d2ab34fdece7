/**
 * How large a file route's answer may be (docs/deploy.md, "Response sizes"). The file routes stream
 * through API Gateway (REST, `STREAM` transfer mode) from Lambda's InvokeWithResponseStream: Lambda streams
 * up to 200 MB, but only the first 6 MB at full speed and the rest at 2 MB/s (API Gateway likewise past
 * 10 MB). The whole file is rendered before its first byte is sent, inside the few seconds the function
 * keeps after the solve, so a file past 6 MB would spend those seconds, and more, at 2 MB/s and could be
 * cut off by the function's timeout after its 200 status: a broken download. Such a file is refused with
 * 413 `payloadTooLarge` instead, naming its size and the limit (and refunded: nothing is counted).
 */
import { PayloadTooLargeError } from '../../core/errors.ts';
import type { Reply } from './http/index.ts';

export const FILE_LIMITS = {
  /** Lambda's uncapped first part of a streamed response. */
  responseBytes: 6_000_000,
  why: "Lambda streams a response's first 6 MB at full speed, the rest at 2 MB/s",
} as const;

/** The limit a route's file is held to (one for every file route today). */
export function fileLimitOf(_output: 'zpl' | 'other'): number {
  return FILE_LIMITS.responseBytes;
}

/** The bytes a reply's body puts on the wire (base64 bodies are sent decoded). */
export function replyBytes(reply: Reply): number {
  return reply.isBase64Encoded
    ? Buffer.from(reply.body, 'base64').length
    : Buffer.byteLength(reply.body, 'utf8');
}

/** What a file reply is, by its content type, for the refusal's detail. */
function fileKind(reply: Reply): string {
  const type = reply.headers['Content-Type'] ?? '';
  if (type.startsWith('application/zpl')) return 'ZPL labels file';
  if (type.startsWith('text/csv')) return 'saw list';
  return 'PDF';
}

/** A 413 naming the file's size and the limit when `reply` is over it, else null. */
export function fileTooLarge(reply: Reply): PayloadTooLargeError | null {
  const bytes = replyBytes(reply);
  if (bytes <= FILE_LIMITS.responseBytes) return null;
  const what = fileKind(reply);
  const size = (n: number): string => `${n.toLocaleString('en-US')} bytes`;
  return new PayloadTooLargeError(
    `the ${what} for this job is ${size(bytes)}, over the ${size(FILE_LIMITS.responseBytes)} a file answer may be (${FILE_LIMITS.why}, and a longer answer could be cut off); split the job into smaller ones${what.includes('ZPL') ? ' or ask for PDF labels' : ''}. Not counted.`,
  );
}
