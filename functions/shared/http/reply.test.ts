import { describe, expect, it } from 'vitest';
import { InternalError, ValidationError } from '../../../core/errors.ts';
import { BusyError, MethodNotAllowedError, RateLimitedError } from '../errors.ts';
import { fail, failureReply, pdfReply } from './reply.ts';

const body = (text: string): unknown => JSON.parse(text);

describe('failureReply', () => {
  it('shows the detail of a 4xx error with its body extras and headers', () => {
    const resetAtMs = Date.UTC(2026, 0, 1, 13);
    const error = new RateLimitedError('30 calls per hour', resetAtMs, 120, {
      limit: 30,
      remaining: 0,
      resetAtMs,
    });
    const reply = failureReply(fail(error, { 'X-Extra': 'kept' }), 'rid');
    expect(reply.status).toBe(429);
    expect(reply.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'Retry-After': '120',
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(resetAtMs / 1000),
      'X-Extra': 'kept',
    });
    expect(body(reply.body)).toEqual({
      error: 'rateLimited',
      detail: '30 calls per hour',
      retryAfterSeconds: 120,
      resetAt: '2026-01-01T13:00:00.000Z',
    });
  });

  it('renders a busy error without a rate limit as Retry-After alone', () => {
    const reply = failureReply(fail(new BusyError('no slot', 5)), 'rid');
    expect(reply.headers['Retry-After']).toBe('5');
    expect(Object.keys(reply.headers).filter((h) => h.startsWith('X-RateLimit'))).toEqual([]);
  });

  it('keeps the Allow header of a 405', () => {
    const reply = failureReply(fail(new MethodNotAllowedError('no', ['GET', 'OPTIONS'])), 'rid');
    expect(reply.headers.Allow).toBe('GET, OPTIONS');
  });

  it.each([
    [new InternalError('plan failed verification at bar 3'), 500, 'internal error; request id rid-9'],
    [
      new BusyError('DynamoDB ProvisionedThroughputExceededException', 2),
      503,
      'the service is at capacity; retry shortly; request id rid-9',
    ],
  ])('hides the detail of a 5xx behind a generic text with the request id', (error, status, detail) => {
    const reply = failureReply(fail(error), 'rid-9');
    expect(reply.status).toBe(status);
    expect((body(reply.body) as { detail: string }).detail).toBe(detail);
    expect(reply.body).not.toContain(error.message);
  });

  it('names the offending field of a validation error', () => {
    const reply = failureReply(fail(ValidationError.of('parts[2].length', 'must be > 0')), 'rid');
    expect(body(reply.body)).toEqual({ error: 'validation', detail: 'parts[2].length: must be > 0' });
  });
});

describe('pdfReply', () => {
  it('returns the bytes base64 with a PDF content type', () => {
    const reply = pdfReply(new Uint8Array([0x25, 0x50, 0x44, 0x46]), null);
    expect(reply).toMatchObject({ status: 200, isBase64Encoded: true, body: 'JVBERg==' });
    expect(reply.headers['Content-Type']).toBe('application/pdf');
    expect(reply.headers['Content-Disposition']).toBe(
      `inline; filename="cutting-plan.pdf"; filename*=UTF-8''cutting-plan.pdf`,
    );
  });

  it.each([
    ['Job 42', 'filename="cutting-plan-Job-42.pdf"', "filename*=UTF-8''cutting-plan-Job-42.pdf"],
    [
      'Küche "A"/B',
      'filename="cutting-plan-K_che-A-B.pdf"',
      "filename*=UTF-8''cutting-plan-K%C3%BCche-A-B.pdf",
    ],
    ['\u0000\r\n', 'filename="cutting-plan.pdf"', "filename*=UTF-8''cutting-plan.pdf"],
    ['Job \uD83D', 'filename="cutting-plan-Job.pdf"', "filename*=UTF-8''cutting-plan-Job.pdf"],
    ['\uDE9A\u{1FA9A}', 'filename="cutting-plan-__.pdf"', "filename*=UTF-8''cutting-plan-%F0%9F%AA%9A.pdf"],
  ])('names the file after the job name %j, safely', (jobName, ascii, utf8) => {
    const disposition = pdfReply(new Uint8Array(), jobName).headers['Content-Disposition'];
    expect(disposition).toContain(ascii);
    expect(disposition).toContain(utf8);
  });
});
