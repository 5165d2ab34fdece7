import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { apiEvent } from '../../../test/support/api-event.ts';
import { header, readRequest } from './request.ts';

const read = (event: APIGatewayProxyEvent, context?: { getRemainingTimeInMillis(): number }) =>
  readRequest(event, context, () => 'generated-id');

describe('readRequest', () => {
  it('reads method, path, request id and caller from a REST v1 event', () => {
    const req = read(
      apiEvent({
        method: 'POST',
        path: '/v1/optimise',
        headers: { 'X-Api-Key': 'k-123', Origin: 'https://shop.example' },
        sourceIp: '198.51.100.4',
        requestId: 'req-1',
      }),
    );
    expect(req).toMatchObject({
      method: 'POST',
      path: '/v1/optimise',
      requestId: 'req-1',
      remainingMs: null,
    });
    expect(req.caller).toEqual({
      ip: '198.51.100.4',
      apiKey: 'k-123',
      origin: 'https://shop.example',
      host: 'api.example.test',
    });
  });

  it('looks headers up case-insensitively and keeps every value of a repeated header', () => {
    const event = apiEvent({ headers: { Accept: 'a' } });
    const req = read({ ...event, multiValueHeaders: { ACCEPT: ['a', 'b'] } });
    expect(header(req, 'accept')).toBe('a');
    expect(req.headers.get('accept')).toEqual(['a', 'b']);
  });

  it('falls back to single-value headers and query parameters when the multi-value ones are absent', () => {
    const event = apiEvent({ headers: { 'X-API-Key': 'k' }, query: { parts: '500x4' } });
    const req = read({ ...event, multiValueHeaders: {}, multiValueQueryStringParameters: null });
    expect(req.caller.apiKey).toBe('k');
    expect(req.query).toEqual({ parts: '500x4' });
  });

  it('returns a repeated query parameter as every value and a single one as a string', () => {
    const req = read(apiEvent({ query: { parts: ['500x4', '300x2'], stock: '1000' } }));
    expect(req.query).toEqual({ parts: ['500x4', '300x2'], stock: '1000' });
  });

  it('keeps a parameter named __proto__ as a plain key', () => {
    const query: Record<string, string> = JSON.parse('{"__proto__":"x","parts":"500x4"}');
    const req = read(apiEvent({ query }));
    expect(Object.getPrototypeOf(req.query)).toBe(Object.prototype);
    expect(Object.hasOwn(req.query, '__proto__')).toBe(true);
    expect(req.query.parts).toBe('500x4');
  });

  it('reads the remaining Lambda time from the context', () => {
    expect(read(apiEvent(), { getRemainingTimeInMillis: () => 12_345 }).remainingMs).toBe(12_345);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'GET /'],
    ['an empty object', {}],
    ['wrong field types', { httpMethod: 7, path: [], headers: 'x', requestContext: { requestId: 3 } }],
  ])('never throws on %s, and generates a request id', (_, event) => {
    const req = read(event as APIGatewayProxyEvent);
    expect(req).toMatchObject({
      requestId: 'generated-id',
      method: '',
      path: '',
      body: null,
      isBase64Encoded: false,
    });
    expect(req.caller.ip).toBe('unknown');
  });
});
