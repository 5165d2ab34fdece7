/**
 * Reads an API Gateway REST (v1 payload) event into the few facts a handler needs. The event is read
 * defensively: API Gateway always sends the documented shape, but a handler must answer cleanly whatever
 * arrives (a misconfigured test event, a fuzzer), so every field is checked before use.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Caller } from '../admission.ts';
import type { Progress } from './progress.ts';

/** Query parameters: one value as a string, a repeated parameter as every value in order. */
export type QueryParams = Readonly<Record<string, string | readonly string[]>>;

export interface HttpRequest {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  /** Lower-cased header name → every value sent. */
  readonly headers: ReadonlyMap<string, readonly string[]>;
  readonly query: QueryParams;
  /** The raw body as API Gateway delivered it; see {@link isBase64Encoded}. */
  readonly body: string | null;
  readonly isBase64Encoded: boolean;
  readonly caller: Caller;
  /** ms before the Lambda times out, or null when not running in Lambda. */
  readonly remainingMs: number | null;
  /** Where the call stands, for a streaming edge (`progress.ts`); absent behind a buffered one. */
  readonly progress?: Progress;
  /**
   * The path prefix before the route as the caller sent it (`/prod` on API Gateway's own endpoint, where
   * the stage leads the path; empty behind a custom domain and locally): links the API gives out (a job's
   * `Location`) put it back.
   */
  readonly basePath?: string;
}

/** The part of the Lambda context the shell uses. */
export interface LambdaContextLike {
  getRemainingTimeInMillis(): number;
  /** Set by the streaming edge (`stream.ts`), never by Lambda. */
  readonly progress?: Progress;
}

/** The first value of a header, by case-insensitive name. */
export function header(req: Pick<HttpRequest, 'headers'>, name: string): string | undefined {
  return req.headers.get(name.toLowerCase())?.[0];
}

/** Builds the {@link HttpRequest} of an event; never throws, whatever `event` is. */
export function readRequest(
  event: APIGatewayProxyEvent,
  context: LambdaContextLike | undefined,
  newId: () => string,
): HttpRequest {
  const e: unknown = event;
  const ctx = field(e, 'requestContext');
  const headers = readHeaders(field(e, 'headers'), field(e, 'multiValueHeaders'));
  return {
    requestId: nonEmptyString(field(ctx, 'requestId')) ?? newId(),
    method: stringOr(field(e, 'httpMethod'), ''),
    path: stringOr(field(e, 'path'), ''),
    headers,
    query: readQuery(field(e, 'queryStringParameters'), field(e, 'multiValueQueryStringParameters')),
    body: typeof field(e, 'body') === 'string' ? String(field(e, 'body')) : null,
    isBase64Encoded: field(e, 'isBase64Encoded') === true,
    caller: {
      ip: nonEmptyString(field(field(ctx, 'identity'), 'sourceIp')) ?? 'unknown',
      apiKey: headers.get('x-api-key')?.[0],
      origin: headers.get('origin')?.[0],
      ...hostOf(headers),
    },
    remainingMs: remainingMs(context),
    basePath: basePathOf(stringOr(field(ctx, 'path'), ''), stringOr(field(e, 'path'), '')),
  };
}

/** `requestContext.path` less the route's path: the stage prefix, or empty. */
function basePathOf(full: string, path: string): string {
  if (path === '' || !full.endsWith(path)) return '';
  const prefix = full.slice(0, full.length - path.length);
  return /^(\/[A-Za-z0-9._~-]+)*$/.test(prefix) ? prefix : '';
}

/**
 * The absolute URL of `path` (`/v1/jobs/…`) as this caller reaches the API: its scheme
 * (`X-Forwarded-Proto`, which API Gateway sets; else http), its `Host` and the stage prefix.
 */
export function publicUrl(req: Pick<HttpRequest, 'headers' | 'basePath'>, path: string): string {
  const host = req.headers.get('host')?.[0] ?? 'localhost';
  const proto = req.headers.get('x-forwarded-proto')?.[0]?.split(',')[0]?.trim().toLowerCase();
  const scheme = proto === 'https' || proto === 'http' ? proto : 'http';
  return `${scheme}://${host}${req.basePath ?? ''}${path}`;
}

function hostOf(headers: ReadonlyMap<string, readonly string[]>): { host?: string } {
  const host = headers.get('host')?.[0];
  return host === undefined || host === '' ? {} : { host };
}

function readHeaders(single: unknown, multi: unknown): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>();
  // multiValueHeaders carries every value; headers only the last. Prefer the full list when present.
  for (const [name, values] of entries(multi)) {
    const list = Array.isArray(values) ? values.filter((v) => typeof v === 'string') : [];
    if (list.length > 0) out.set(name.toLowerCase(), [...(out.get(name.toLowerCase()) ?? []), ...list]);
  }
  for (const [name, value] of entries(single)) {
    if (typeof value === 'string' && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), [value]);
  }
  return out;
}

function readQuery(single: unknown, multi: unknown): QueryParams {
  const out = new Map<string, string | readonly string[]>();
  for (const [name, values] of entries(multi)) {
    const list = Array.isArray(values) ? values.filter((v) => typeof v === 'string') : [];
    if (list.length === 1 && list[0] !== undefined) out.set(name, list[0]);
    else if (list.length > 1) out.set(name, list);
  }
  for (const [name, value] of entries(single)) {
    if (typeof value === 'string' && !out.has(name)) out.set(name, value);
  }
  // fromEntries defines own properties, so a parameter named `__proto__` stays a plain key.
  return Object.fromEntries(out);
}

function remainingMs(context: LambdaContextLike | undefined): number | null {
  if (typeof context?.getRemainingTimeInMillis !== 'function') return null;
  const ms: unknown = context.getRemainingTimeInMillis();
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function entries(value: unknown): [string, unknown][] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
