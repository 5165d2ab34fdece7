import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRequest } from '../shared/http/index.ts';
import { forwardedClient, type IncomingCall, toApiGatewayEvent } from './to-event.ts';

const call = (over: Partial<IncomingCall> = {}): IncomingCall => ({
  method: 'GET',
  url: '/v1/health',
  rawHeaders: ['Host', 'localhost:3000', 'User-Agent', 'curl/8.5.0'],
  body: Buffer.alloc(0),
  remoteAddress: '::ffff:127.0.0.1',
  trustProxy: 0,
  requestId: 'rid-1',
  nowMs: 1_767_225_600_000,
  ...over,
});

describe('toApiGatewayEvent', () => {
  it('builds a REST v1 event for a routed GET', () => {
    const event = toApiGatewayEvent(call());
    expect(event).toMatchObject({
      resource: '/v1/health',
      path: '/v1/health',
      httpMethod: 'GET',
      headers: { Host: 'localhost:3000', 'User-Agent': 'curl/8.5.0' },
      multiValueHeaders: { Host: ['localhost:3000'], 'User-Agent': ['curl/8.5.0'] },
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: null,
      body: null,
      isBase64Encoded: false,
    });
    expect(event.requestContext).toMatchObject({
      requestId: 'rid-1',
      httpMethod: 'GET',
      resourcePath: '/v1/health',
      requestTimeEpoch: 1_767_225_600_000,
      identity: { sourceIp: '127.0.0.1', userAgent: 'curl/8.5.0' },
    });
  });

  it('decodes the query string, keeping repeated parameters', () => {
    const event = toApiGatewayEvent(call({ url: '/v1/optimise?parts=500x4%2C300x2&stock=1000&parts=200x1' }));
    expect(event.queryStringParameters).toEqual({ parts: '200x1', stock: '1000' });
    expect(event.multiValueQueryStringParameters).toEqual({
      parts: ['500x4,300x2', '200x1'],
      stock: ['1000'],
    });
    expect(readRequest(event, undefined, () => 'x').query).toEqual({
      parts: ['500x4,300x2', '200x1'],
      stock: '1000',
    });
  });

  it('sends the body base64, as the deployed API does', () => {
    const event = toApiGatewayEvent(
      call({ method: 'POST', url: '/v1/optimise', body: Buffer.from('{"a":1}') }),
    );
    expect(event).toMatchObject({ body: 'eyJhIjoxfQ==', isBase64Encoded: true });
  });

  it('routes unknown paths through the proxy resource', () => {
    const event = toApiGatewayEvent(call({ url: '/v1/nope/x' }));
    expect(event).toMatchObject({ resource: '/{proxy+}', pathParameters: { proxy: 'v1/nope/x' } });
  });

  it.each([
    ['//v1/health', '//v1/health'],
    ['http://localhost:3000/v1/health?x=1', '/v1/health'],
    ['http://[bad/', '/http://[bad/'],
  ])('reads the request target %s as the path %s', (url, path) => {
    expect(toApiGatewayEvent(call({ url })).path).toBe(path);
  });

  it('groups repeated headers case-insensitively under the case first sent', () => {
    const event = toApiGatewayEvent(call({ rawHeaders: ['X-Thing', 'a', 'x-thing', 'b'] }));
    expect(event.headers).toEqual({ 'X-Thing': 'b' });
    expect(event.multiValueHeaders).toEqual({ 'X-Thing': ['a', 'b'] });
  });

  // The socket address is 127.0.0.1 (the proxy, in these calls); the client may send any header it likes.
  it.each<[number, string[], string]>([
    [0, ['198.51.100.9'], '127.0.0.1'],
    [1, [], '127.0.0.1'],
    [1, ['198.51.100.9'], '198.51.100.9'],
    // A client-set first hop is not the caller: the proxy appended the last one.
    [1, ['1.2.3.4, 127.0.0.1'], '127.0.0.1'],
    [1, ['1.2.3.4, 198.51.100.9'], '198.51.100.9'],
    [1, [' 1.2.3.4 ,2001:db8::7 '], '2001:db8::7'],
    // Repeated headers are one list, in order (HAProxy adds its own header line).
    [1, ['1.2.3.4', '198.51.100.9'], '198.51.100.9'],
    // Two proxies (say a CDN, then nginx): the caller is the second hop from the right.
    [2, ['1.2.3.4, 198.51.100.9, 10.0.0.5'], '198.51.100.9'],
    [2, ['10.0.0.5'], '127.0.0.1'],
    // Only a valid IP address becomes the caller; anything else leaves the socket address.
    [1, ['not-an-ip'], '127.0.0.1'],
    [1, ['198.51.100.9, not-an-ip'], '127.0.0.1'],
    [1, ['198.51.100.9:4711'], '127.0.0.1'],
    [1, ['198.51.100.9, '], '127.0.0.1'],
    [1, ['999.1.1.1'], '127.0.0.1'],
  ])('with TRUST_PROXY=%s and X-Forwarded-For %j sees the caller as %s', (trustProxy, forwarded, ip) => {
    const rawHeaders = forwarded.flatMap((value) => ['X-Forwarded-For', value]);
    expect(toApiGatewayEvent(call({ trustProxy, rawHeaders })).requestContext.identity.sourceIp).toBe(ip);
  });
});

describe('forwardedClient', () => {
  const ip = fc.oneof(fc.ipV4(), fc.ipV6());
  // Whatever a client puts in front: addresses, junk, commas, spaces.
  const forged = fc.array(fc.oneof(ip, fc.string({ maxLength: 12 })), { maxLength: 5 });
  it('behind N appending proxies, is the hop the outermost appended, whatever the client sent before it', () => {
    fc.assert(
      fc.property(forged, fc.array(ip, { minLength: 1, maxLength: 4 }), (client, appended) => {
        const header = [...client, ...appended].join(', ');
        expect(forwardedClient([header], appended.length)).toBe(appended[0]);
      }),
      { seed: 32, numRuns: 300 },
    );
  });
  it('never returns text that is not an IP address', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 3 }), fc.integer({ min: 0, max: 4 }), (values, hops) => {
        const hop = forwardedClient(values, hops);
        expect(hop === undefined || isIP(hop) !== 0).toBe(true);
      }),
      { seed: 33, numRuns: 300 },
    );
  });
});
