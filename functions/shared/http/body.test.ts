import { describe, expect, it } from 'vitest';
import { apiEvent } from '../../../test/support/api-event.ts';
import { MAX_BODY_BYTES, readJsonBody } from './body.ts';
import { readRequest } from './request.ts';

const request = (body: string | null, headers: Record<string, string> = {}, base64 = false) =>
  readRequest(
    apiEvent({ method: 'POST', path: '/v1/optimise', headers, body, base64 }),
    undefined,
    () => 'id',
  );
const json = { 'Content-Type': 'application/json' };

describe('readJsonBody', () => {
  it.each([
    ['a plain body', '{"parts":"500x4"}', json, false],
    ['a base64 body', '{"parts":"500x4"}', json, true],
    ['no Content-Type at all', '{"parts":"500x4"}', {}, false],
    [
      'a charset parameter',
      '{"parts":"500x4"}',
      { 'content-type': 'Application/JSON; charset=UTF-8' },
      false,
    ],
    ['a +json type', '{"parts":"500x4"}', { 'Content-Type': 'application/vnd.cutplan+json' }, false],
    ['a byte-order mark', '\uFEFF{"parts":"500x4"}', json, true],
  ])('parses %s', (_, body, headers, base64) => {
    expect(readJsonBody(request(body, headers, base64))).toEqual({ ok: true, value: { parts: '500x4' } });
  });

  it.each([
    ['malformed JSON', '{"parts": [', json, 'body: the request body is not valid JSON'],
    ['an empty body', '', json, 'body: the request body is empty'],
    ['a blank body', '  \n', json, 'body: the request body is empty'],
    ['text/plain', '{}', { 'Content-Type': 'text/plain' }, 'Content-Type: the body must be JSON'],
    ['a form body', 'a=1', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'application/json'],
    ['a latin-1 charset', '{}', { 'Content-Type': 'application/json; charset=latin1' }, 'UTF-8'],
  ])('rejects %s with a 400 that says what to send', (_, body, headers, detail) => {
    const result = readJsonBody(request(body, headers));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('validation');
    expect(result.error.message).toContain(detail);
  });

  it.each([false, true])('refuses a body that starts with two byte-order marks (base64: %s)', (base64) => {
    const result = readJsonBody(request('\uFEFF\uFEFF{"parts":"500x4"}', json, base64));
    expect(result.ok ? 'ok' : result.error.message).toBe(
      'body: the request body starts with two byte-order marks; send UTF-8 JSON with at most one (none is best)',
    );
  });

  it('rejects base64 that is not UTF-8', () => {
    const event = apiEvent({ method: 'POST', path: '/v1/optimise', headers: json });
    const result = readJsonBody(
      readRequest(
        { ...event, body: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'), isBase64Encoded: true },
        undefined,
        () => 'id',
      ),
    );
    expect(result.ok ? 'ok' : result.error.message).toContain('not valid UTF-8');
  });

  it.each([false, true])('accepts exactly 1 MiB and refuses one byte more (base64: %s)', (base64) => {
    const exact = `"${'x'.repeat(MAX_BODY_BYTES - 2)}"`;
    expect(readJsonBody(request(exact, json, base64)).ok).toBe(true);
    const over = readJsonBody(request(`${exact} `, json, base64));
    expect(over.ok ? 'ok' : over.error.code).toBe('payloadTooLarge');
  });

  it('counts bytes, not characters', () => {
    const body = `"${'é'.repeat(MAX_BODY_BYTES / 2)}"`;
    const result = readJsonBody(request(body, json));
    expect(result.ok ? 'ok' : result.error.code).toBe('payloadTooLarge');
  });

  it('checks the size before the content type', () => {
    const result = readJsonBody(request('x'.repeat(MAX_BODY_BYTES + 1), { 'Content-Type': 'text/plain' }));
    expect(result.ok ? 'ok' : result.error.code).toBe('payloadTooLarge');
  });
});
