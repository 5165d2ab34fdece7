/**
 * Turns a plain HTTP request into the API Gateway REST (v1 payload) event the deployed API would send, so
 * the local server runs exactly the handlers Lambda runs. Bodies arrive base64, as they do from the
 * deployed API (its binary media types cover every type so PDFs reach any client as bytes).
 */
import { isIP } from 'node:net';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { matchRoute } from '../shared/routes.ts';

export interface IncomingCall {
  readonly method: string;
  /** Path and query as sent on the request line. */
  readonly url: string;
  /** Node's `rawHeaders`: name, value, name, value… in the order and case sent. */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  readonly remoteAddress: string | undefined;
  /**
   * How many proxies you run in front of the server (`TRUST_PROXY`; 0: none, the socket address is the
   * caller): the caller is the address the outermost of them appended to `X-Forwarded-For`.
   */
  readonly trustProxy: number;
  readonly requestId: string;
  readonly nowMs: number;
}

export function toApiGatewayEvent(call: IncomingCall): APIGatewayProxyEvent {
  const url = requestUrl(call.url);
  const path = url.pathname;
  const { headers, multiValueHeaders } = readHeaders(call.rawHeaders);
  const match = matchRoute(call.method, path);
  const resource = match.kind === 'function' ? path : '/{proxy+}';
  const query = [...url.searchParams.keys()];
  return {
    resource,
    path,
    httpMethod: call.method,
    headers,
    multiValueHeaders,
    queryStringParameters:
      query.length === 0
        ? null
        : Object.fromEntries(query.map((k) => [k, url.searchParams.getAll(k).at(-1) ?? ''])),
    multiValueQueryStringParameters:
      query.length === 0 ? null : Object.fromEntries(query.map((k) => [k, url.searchParams.getAll(k)])),
    pathParameters: resource === '/{proxy+}' ? { proxy: path.slice(1) } : null,
    stageVariables: null,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: call.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: sourceIp(call, multiValueHeaders),
        user: null,
        userAgent: lookup(headers, 'user-agent') ?? null,
        userArn: null,
      },
      // The path as the client sent it: the local server has no stage prefix (as behind a custom domain).
      path,
      stage: 'local',
      requestId: call.requestId,
      requestTimeEpoch: call.nowMs,
      resourceId: 'local',
      resourcePath: resource,
    },
    body: call.body.length === 0 ? null : call.body.toString('base64'),
    isBase64Encoded: call.body.length > 0,
  };
}

/**
 * The request target as a URL. A path is always a path (`//v1/health` is not a host), and a target the
 * URL parser refuses stays a path, so routing answers 404 instead of the server failing.
 */
function requestUrl(target: string): URL {
  try {
    return target.startsWith('/')
      ? new URL(`http://localhost${target}`)
      : new URL(target, 'http://localhost');
  } catch (error: unknown) {
    if (!(error instanceof TypeError)) throw error;
    const url = new URL('http://localhost/');
    url.pathname = target;
    return url;
  }
}

/** Headers as API Gateway shows them: the case first sent, the last value in `headers`, all in multi. */
function readHeaders(raw: readonly string[]) {
  const multi = new Map<string, { name: string; values: string[] }>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const value = raw[i + 1] ?? '';
    const entry = multi.get(name.toLowerCase());
    if (entry === undefined) multi.set(name.toLowerCase(), { name, values: [value] });
    else entry.values.push(value);
  }
  const entries = [...multi.values()];
  return {
    headers: Object.fromEntries(entries.map((e) => [e.name, e.values.at(-1)])),
    multiValueHeaders: Object.fromEntries(entries.map((e) => [e.name, e.values])),
  };
}

function sourceIp(call: IncomingCall, multi: Readonly<Record<string, string[] | undefined>>): string {
  const forwarded = forwardedClient(lookup(multi, 'x-forwarded-for') ?? [], call.trustProxy);
  if (forwarded !== undefined) return forwarded;
  const address = call.remoteAddress ?? 'unknown';
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; API Gateway would say a.b.c.d.
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/**
 * The caller's address behind `hops` trusted proxies that each append the address they were reached from
 * to `X-Forwarded-For` (nginx's `$proxy_add_x_forwarded_for`, AWS ALB, HAProxy `option forwardfor`,
 * Traefik, Caddy): the `hops`-th entry from the right, since everything left of it is whatever the client
 * sent. Repeated headers are one list, in order. Undefined (use the socket address) when trust is off, the
 * list is shorter than the hops, or that entry is not a valid IP address.
 */
export function forwardedClient(values: readonly string[], hops: number): string | undefined {
  if (hops < 1) return undefined;
  const list = values.flatMap((v) => v.split(',')).map((hop) => hop.trim());
  const hop = list[list.length - hops];
  return hop !== undefined && isIP(hop) !== 0 ? hop : undefined;
}

function lookup<T>(record: Readonly<Record<string, T | undefined>>, lowerName: string): T | undefined {
  const key = Object.keys(record).find((k) => k.toLowerCase() === lowerName);
  return key === undefined ? undefined : record[key];
}
