/**
 * The streaming edge in Lambda's shape, end to end: a real optimise handler (real core, HiGHS) wrapped by
 * `streamingLambda`, run through the `awslambda` shim, which reads back the runtime's wire format (JSON
 * prelude, eight NULs, body) as API Gateway would. The job's budget is 60 s, longer than API Gateway's
 * 29 s buffered limit; time is a test clock that moves a fixed step on every reading (a work budget, so
 * the run is deterministic and takes well under a second of wall time).
 */
import { describe, expect, it } from 'vitest';
import { makeOptimiseHandler } from '../../functions/handlers/index.ts';
import {
  installAwsLambdaShim,
  invokeStreaming,
  isStreamingHandler,
} from '../../functions/local/awslambda-shim.ts';
import { streamingLambda } from '../../functions/shared/http/lambda-stream.ts';
import { JSON_KEEP_ALIVE, readStreamedJson } from '../../functions/shared/http/stream.ts';
import { createLpEngine, realCore } from '../../functions/shared/real-core.ts';
import { postJson } from '../support/api-event.ts';
import { collectingLogger, collectingTelemetry, recordingAdmitter } from '../support/handlers.ts';

/** A clock that moves `stepMs` on every monotonic reading: elapsed time is a count of the solver's work. */
function stepClock(stepMs: number) {
  let t = 0;
  let readings = 0;
  return {
    now: () => 1_790_000_000_000 + t,
    monotonic: () => {
      readings += 1;
      t += stepMs;
      return t;
    },
    /** The time without moving it (the edge's own reading). */
    peek: () => t,
    readings: () => readings,
  };
}

/** 30 lengths of 100–700 mm from 1 m bars (CUTGEN-like): the bound is not proven, so the solve runs to its budget. */
const HARD_PARTS =
  '493x13,479x40,507x27,203x36,524x34,543x14,576x8,447x10,225x32,622x34,166x19,538x15,267x15,651x35,351x18,' +
  '591x7,194x13,326x21,683x19,552x10,361x35,591x13,421x34,520x5,453x4,514x16,519x11,329x17,350x38,358x1';

const lp = await createLpEngine();
const rateLimit = { limit: 60, remaining: 59, resetAtMs: 1_790_000_060_000 };

function streamingOptimise(clock: ReturnType<typeof stepClock>, tier: 'pro' | 'public' = 'pro') {
  installAwsLambdaShim();
  const handler = makeOptimiseHandler({
    core: realCore,
    lp,
    clock,
    admitter: recordingAdmitter({ tier, rateLimit }),
    poweredBy: 'cutplan test',
    log: collectingLogger(),
    telemetry: collectingTelemetry(),
  });
  const entry = streamingLambda(handler, { keepAlive: JSON_KEEP_ALIVE, now: clock.peek });
  if (!isStreamingHandler(entry)) throw new Error('streamingLambda did not mark its handler as streaming');
  return entry;
}

const context = { getRemainingTimeInMillis: () => 306_000 };

describe('a streamed solve longer than 29 s (awslambda shim, test clock)', () => {
  it('keeps the stream alive with whitespace, then sends the whole plan, which parses', async () => {
    const clock = stepClock(2_000);
    const entry = streamingOptimise(clock);
    const event = postJson('/v1/optimise', { parts: HARD_PARTS, stock: 1000, kerf: 0, timeLimit: 60 });
    const streamed = await invokeStreaming(entry, event, context, clock.peek);

    // The solve ran past API Gateway's buffered limit on the test clock.
    expect(clock.peek()).toBeGreaterThan(29_000);
    expect(streamed.prelude.statusCode).toBe(200);
    expect(streamed.prelude.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '59',
      'X-Request-Id': event.requestContext.requestId,
      'Cache-Control': 'no-store',
    });
    // Keep-alive spaces came first, none before 20 s, then the body.
    const spaces = streamed.chunks.filter((c) => c.bytes.toString() === ' ');
    expect(spaces.length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...spaces.map((c) => c.atMs))).toBeGreaterThanOrEqual(JSON_KEEP_ALIVE.firstMs);
    const text = streamed.body.toString('utf8');
    expect(text).toMatch(/^ +\{"plan":/);
    const { status, body } = readStreamedJson(200, text);
    expect(status).toBe(200);
    expect(body).toMatchObject({ plan: { verified: true }, meta: { tier: 'pro' } });
    expect((body as { stats: { totalParts: number } }).stats.totalParts).toBe(
      HARD_PARTS.split(',').reduce((n, line) => n + Number(line.split('x')[1]), 0),
    );
  });

  it('sends a quick solve as it is: no whitespace, its own status and headers', async () => {
    const clock = stepClock(1);
    const entry = streamingOptimise(clock);
    const event = postJson('/v1/optimise', { parts: '2400x4,1150x6', stock: 6000 });
    const streamed = await invokeStreaming(entry, event, context, clock.peek);
    expect(streamed.prelude.statusCode).toBe(200);
    expect(streamed.body.toString('utf8')).toMatch(/^\{"plan":/);
    expect(JSON.parse(streamed.body.toString('utf8')).plan.verified).toBe(true);
  });

  it('answers a refusal before admission as a plain, complete answer', async () => {
    const clock = stepClock(1);
    const entry = streamingOptimise(clock, 'public');
    // 400 parts exceed the public tier's 300: refused with 413 at admission.
    const event = postJson('/v1/optimise', { parts: '500x400', stock: 6000, timeLimit: 60 });
    const streamed = await invokeStreaming(entry, event, context, clock.peek);
    expect(streamed.prelude.statusCode).toBe(413);
    expect(JSON.parse(streamed.body.toString('utf8'))).toMatchObject({ error: 'partsLimit' });
  });
});
