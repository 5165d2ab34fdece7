/**
 * What a handler answers: a {@link Reply} (any status, ready to send) or a {@link Failure} (a typed
 * error, rendered by `serve` with the request id). Rendering follows the exposure rule: below 500 the
 * error's detail is shown; from 500 up the body is generic and names only the request id.
 */
import type { CutplanError } from '../../../core/errors.ts';
import { errorHeaders } from './headers.ts';

export interface Reply {
  readonly kind: 'reply';
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly isBase64Encoded: boolean;
}

export interface Failure {
  readonly kind: 'failure';
  readonly error: CutplanError;
  /** Headers added to the error's own (e.g. the admission's `X-RateLimit-*`). */
  readonly headers: Readonly<Record<string, string>>;
}

export type Answer = Reply | Failure;

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A JSON reply. */
export function jsonReply(
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): Reply {
  return {
    kind: 'reply',
    status,
    headers: { ...headers, 'Content-Type': JSON_CONTENT_TYPE },
    body: JSON.stringify(value),
    isBase64Encoded: false,
  };
}

/** A PDF reply, base64 for API Gateway; `inline` so a browser shows it ready to print. */
export function pdfReply(pdf: Uint8Array, jobName: string | null, prefix = 'cutting-plan'): Reply {
  return fileReply(pdf, 'application/pdf', `${fileBaseName(prefix, jobName)}.pdf`, 'inline');
}

/**
 * A file to keep (a saw list, a label printer's job): `attachment`, named after the job. Text goes as
 * UTF-8, bytes as base64 for API Gateway.
 */
export function downloadReply(
  body: string | Uint8Array,
  contentType: string,
  prefix: string,
  jobName: string | null,
  extension: string,
): Reply {
  return fileReply(body, contentType, `${fileBaseName(prefix, jobName)}.${extension}`, 'attachment');
}

function fileReply(
  body: string | Uint8Array,
  contentType: string,
  name: string,
  disposition: 'inline' | 'attachment',
): Reply {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    kind: 'reply',
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`,
    },
    body: typeof body === 'string' ? body : Buffer.from(body).toString('base64'),
    isBase64Encoded: typeof body !== 'string',
  };
}

/** A failure answer for `error`, with extra headers. */
export function fail(error: CutplanError, headers: Readonly<Record<string, string>> = {}): Failure {
  return { kind: 'failure', error, headers };
}

/** `reply` with `headers` added (the reply's own win on a clash). */
export function withHeaders(reply: Reply, headers: Readonly<Record<string, string>>): Reply {
  return { ...reply, headers: { ...headers, ...reply.headers } };
}

/** Generic details of 5xx codes: what the client may do, nothing about the cause. */
export const GENERIC_5XX: Readonly<Partial<Record<CutplanError['code'], string>>> = {
  busy: 'the service is at capacity; retry shortly',
};

/** The JSON reply of a failure: `{error, detail, ...extras}` with the error's and the failure's headers. */
export function failureReply(failure: Failure, requestId: string): Reply {
  const { error } = failure;
  const status = error.status;
  const detail =
    status >= 500 ? `${GENERIC_5XX[error.code] ?? 'internal error'}; request id ${requestId}` : error.message;
  const body = { ...error.bodyExtras(), error: error.code, detail };
  return jsonReply(status, body, { ...failure.headers, ...errorHeaders(error) });
}

/** `cutting-plan-<job name>.pdf`: the PDF's file name. */
export function pdfFileName(jobName: string | null): string {
  return `${fileBaseName('cutting-plan', jobName)}.pdf`;
}

/** `<prefix>-<job name>` (control characters and path separators dropped), or `prefix` without a name. */
export function fileBaseName(prefix: string, jobName: string | null): string {
  const slug = (jobName ?? '')
    .normalize('NFC')
    // Control characters, path separators and lone surrogates (which encodeURIComponent throws on) go.
    .replace(/[\p{Cc}\p{Cs}/\\:*?"<>|]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return slug === '' ? prefix : `${prefix}-${slug}`;
}

function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
