/**
 * The fuzz contract (after middy): for any event at all, every HTTP handler resolves, never throws,
 * answers one of our statuses with an `X-Request-Id`, and every error is a JSON `{error, detail}` body
 * with one of our codes. 5xx bodies never carry what the core threw.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CutplanError, PartsLimitError, ValidationError } from '../../core/errors.ts';
import {
  BadKeyError,
  BusyError,
  type ErrorCode,
  RateLimitedError,
  statusOf,
} from '../../functions/shared/errors.ts';
import type { ApiHandler } from '../../functions/shared/http/index.ts';
import { matchRoute } from '../../functions/shared/routes.ts';
import { fakeCore } from '../support/fake-core.ts';
import { recordingAdmitter, testHandlers } from '../support/handlers.ts';

const CODES: readonly ErrorCode[] = [
  'validation',
  'badKey',
  'partsLimit',
  'noPlanFound',
  'rateLimited',
  'busy',
  'notFound',
  'methodNotAllowed',
  'payloadTooLarge',
  'queryTooLong',
  'headersTooLarge',
  'internal',
];
const OUR_STATUSES = new Set([200, 204, ...CODES.map(statusOf)]);
const SECRET = 'SECRET-stack-detail-7f3a';
const RUNS = { seed: 20_260_301, numRuns: 250 };

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 2, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('/v1/optimise', '/v1/optimise/pdf', '/v1/health') },
  { weight: 1, arbitrary: fc.constantFrom('/', '/v1/optimise/', '/__proto__', '/v1/Health') },
  { weight: 1, arbitrary: fc.webPath() },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const headerName = fc.oneof(
  fc.constantFrom('Content-Type', 'content-type', 'X-API-Key', 'Origin'),
  fc.string(),
);
const headerValue = fc.oneof(
  fc.constantFrom(
    'application/json',
    'text/plain',
    'application/json; charset=latin1',
    'application/ld+json',
    '',
  ),
  fc.string(),
);
const headers = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ 'Content-Type': 'application/json' }) },
  { weight: 2, arbitrary: fc.dictionary(headerName, headerValue) },
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.anything()) },
);
const job = fc
  .record(
    {
      parts: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('500x4', '500x4,300x2', '1x301', '0x1', '2000x1') },
        { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
        {
          weight: 2,
          arbitrary: fc.array(
            fc.tuple(fc.integer({ min: -5, max: 1200 }), fc.integer({ min: -1, max: 400 })),
            {
              maxLength: 5,
            },
          ),
        },
      ),
      stock: fc.oneof(
        { weight: 4, arbitrary: fc.constant(1000) },
        { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 6 })) },
      ),
      timeLimit: fc.oneof(fc.double(), fc.integer({ min: -1, max: 400 })),
      jobName: fc.string({ maxLength: 10 }),
    },
    { requiredKeys: ['parts', 'stock'] },
  )
  .map((j) => JSON.stringify(j));
/** Malformed JSON: a job cut short. */
const truncated = job.chain((j) => fc.nat({ max: j.length - 1 }).map((n) => j.slice(0, n)));
/** A body with its encoding: plain, correctly base64-encoded (as the deployed API sends), or garbage. */
const body = fc.oneof(
  { weight: 3, arbitrary: job.map((b) => ({ body: b, isBase64Encoded: false })) },
  {
    weight: 2,
    arbitrary: job.map((b) => ({ body: Buffer.from(b).toString('base64'), isBase64Encoded: true })),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      body: fc.jsonValue().map((v) => JSON.stringify(v)),
      isBase64Encoded: fc.constant(false),
    }),
  },
  { weight: 1, arbitrary: truncated.map((b) => ({ body: b, isBase64Encoded: false })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(job, fc.constantFrom('\uFEFF', '\uFEFF\uFEFF'), fc.boolean())
      .map(([b, bom, base64]) => ({
        body: base64 ? Buffer.from(bom + b).toString('base64') : bom + b,
        isBase64Encoded: base64,
      })),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      body: fc.oneof(fc.string(), fc.constant(null), fc.anything()),
      isBase64Encoded: fc.anything(),
    }),
  },
);
const query = fc.oneof(
  fc.constant(null),
  fc.record({
    parts: fc.constantFrom('500x4', '500x4,300x2', '1x301', 'x', ''),
    stock: fc.constantFrom('1000', '-1', 'abc'),
  }),
  fc.record({ parts: fc.constantFrom('500x4', '500x4,300x2'), stock: fc.constant('1000') }),
  fc.dictionary(fc.constantFrom('parts', 'stock', 'timeLimit', '__proto__'), fc.string()),
  fc.record({
    parts: fc
      .integer({ min: 1_500, max: 4_000 })
      .map((n) => Array.from({ length: n }, () => '5x1').join(',')),
    stock: fc.constant('1000'),
  }),
  fc.anything(),
);
const requestContext = fc.oneof(
  fc.record({
    requestId: fc.oneof(fc.uuid(), fc.string()),
    identity: fc.oneof(fc.record({ sourceIp: fc.ipV4() }), fc.anything()),
  }),
  fc.anything(),
);
const fields = {
  httpMethod: method,
  path,
  headers,
  multiValueHeaders: fc.oneof(
    fc.dictionary(headerName, fc.array(headerValue)),
    fc.constant(null),
    fc.anything(),
  ),
  queryStringParameters: query,
  multiValueQueryStringParameters: fc.oneof(
    fc.constant(null),
    fc.dictionary(fc.string(), fc.array(fc.string())),
    fc.anything(),
  ),
  requestContext,
};
/** Mostly plausible events (every handler path gets exercised), some with fields missing, some garbage. */
const anyEvent = fc
  .oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.record(fields, { requiredKeys: ['httpMethod', 'path', 'headers', 'queryStringParameters'] }),
          body,
        )
        .map(([event, payload]) => ({ ...event, ...payload })),
    },
    { weight: 2, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything() },
  )
  .map((e) => e as APIGatewayProxyEvent);

function expectContract(res: APIGatewayProxyResult): Record<string, unknown> | undefined {
  expect(OUR_STATUSES.has(res.statusCode), `status ${res.statusCode}`).toBe(true);
  expect(res.headers?.['X-Request-Id']).toEqual(expect.stringMatching(/.+/));
  if (res.statusCode < 400) return undefined;
  expect(res.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
  const error = JSON.parse(res.body) as Record<string, unknown>;
  expect(CODES).toContain(error.error);
  expect(typeof error.detail).toBe('string');
  expect(statusOf(error.error as ErrorCode)).toBe(res.statusCode);
  return error;
}

/** Whether `event` is a request the fallback should never see (its route has its own function). */
function routedElsewhere(event: APIGatewayProxyEvent): boolean {
  const e: unknown = event;
  if (typeof e !== 'object' || e === null) return false;
  const { httpMethod, path } = e as { httpMethod?: unknown; path?: unknown };
  if (typeof httpMethod !== 'string' || typeof path !== 'string') return false;
  return matchRoute(httpMethod, path).kind === 'function';
}

const NAMES = ['optimise', 'optimise-pdf', 'health', 'docs', 'fallback'] as const;

describe('handler fuzz contract', () => {
  it.each(NAMES)(
    '%s answers any event with our statuses and never a 500 when the core behaves',
    async (name) => {
      const handler: ApiHandler = testHandlers()[name];
      await fc.assert(
        fc.asyncProperty(anyEvent, async (event) => {
          const res = await handler(event);
          const error = expectContract(res);
          const wiringError = name === 'fallback' && routedElsewhere(event);
          expect(error?.error === 'internal').toBe(wiringError);
        }),
        RUNS,
      );
    },
  );

  it.each(NAMES)('%s keeps what a throwing core says out of the body', async (name) => {
    const core = fakeCore({ throws: new Error(SECRET) });
    const throwing = {
      ...core,
      parseOptimiseBody: () => {
        throw new TypeError(SECRET);
      },
    };
    const handler: ApiHandler = testHandlers({ core: throwing })[name];
    await fc.assert(
      fc.asyncProperty(anyEvent, async (event) => {
        const res = await handler(event);
        expectContract(res);
        expect(res.body).not.toContain(SECRET);
      }),
      RUNS,
    );
  });

  const refusals: readonly CutplanError[] = [
    new BadKeyError('unknown key'),
    new PartsLimitError('too many parts'),
    new RateLimitedError('30 per hour', 0, 60),
    new BusyError('no slot', 2),
    ValidationError.of('parts', 'bad'),
  ];
  it.each(refusals)(
    'optimise answers a refusal ($code) with its status, on any valid job',
    async (refuse) => {
      const handler = testHandlers({ admitter: recordingAdmitter({ refuse }) }).optimise;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('500x4', '500x4,300x2', [[700, 3]]), async (parts) => {
          const res = await handler({
            httpMethod: 'POST',
            path: '/v1/optimise',
            body: JSON.stringify({ parts, stock: 1000 }),
          } as APIGatewayProxyEvent);
          expect(expectContract(res)?.error).toBe(refuse.code);
          expect(res.statusCode).toBe(refuse.status);
        }),
        { ...RUNS, numRuns: 10 },
      );
    },
  );
});
