/**
 * Builders for API Gateway REST (v1 payload) events in tests, and the loader of the sample events in
 * `events/`. Every call returns a fresh object, so no test can change another's fixture.
 */
import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEvent } from 'aws-lambda';

export interface EventSpec {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: string | null;
  readonly base64?: boolean;
  readonly sourceIp?: string;
  readonly requestId?: string;
}

/** A realistic REST v1 event for `spec`. */
export function apiEvent(spec: EventSpec = {}): APIGatewayProxyEvent {
  const method = spec.method ?? 'GET';
  const path = spec.path ?? '/v1/health';
  const headers = { Host: 'api.example.test', 'User-Agent': 'vitest', ...spec.headers };
  const query = Object.entries(spec.query ?? {});
  const body = spec.body ?? null;
  return {
    resource: path,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters:
      query.length === 0
        ? null
        : Object.fromEntries(query.map(([k, v]) => [k, typeof v === 'string' ? v : v.at(-1)])),
    multiValueQueryStringParameters:
      query.length === 0
        ? null
        : Object.fromEntries(query.map(([k, v]) => [k, typeof v === 'string' ? [v] : [...v]])),
    pathParameters: null,
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'a1b2c3d4e5',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: method,
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
        sourceIp: spec.sourceIp ?? '203.0.113.7',
        user: null,
        userAgent: 'vitest',
        userArn: null,
      },
      path: `/prod${path}`,
      stage: 'prod',
      requestId: spec.requestId ?? 'c0ffee00-0000-4000-8000-000000000001',
      requestTimeEpoch: 1_767_225_600_000,
      resourceId: 'abc123',
      resourcePath: path,
    },
    body: spec.base64 === true && body !== null ? Buffer.from(body, 'utf8').toString('base64') : body,
    isBase64Encoded: spec.base64 === true,
  };
}

/** A JSON POST event. */
export function postJson(path: string, body: unknown, headers: Readonly<Record<string, string>> = {}) {
  return apiEvent({
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const cache = new Map<string, unknown>();

/** A sample event from `events/` (path relative to that folder), as a fresh copy. */
export function sampleEvent(name: string): APIGatewayProxyEvent {
  return structuredClone(loadJson(name)) as APIGatewayProxyEvent;
}

/** Any sample file from `events/` as parsed JSON, fresh copy. */
export function loadJson(name: string): unknown {
  let parsed = cache.get(name);
  if (parsed === undefined) {
    parsed = JSON.parse(readFileSync(new URL(`../../events/${name}`, import.meta.url), 'utf8'));
    cache.set(name, parsed);
  }
  return structuredClone(parsed);
}
