/**
 * `POST /v1/mcp` under arbitrary JSON-RPC-shaped messages: whatever arrives (any method, any tool name, any
 * arguments, any protocol header), the handler answers without a 500 while the core behaves, every
 * admission is released exactly once, and only a tools/call of one of our tools with arguments the parser
 * accepts is ever admitted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiEvent } from '../support/api-event.ts';
import { fakeCore } from '../support/fake-core.ts';
import { recordingAdmitter, testHandlers } from '../support/handlers.ts';

const RUNS = { seed: 20_261_127, numRuns: 150 };
const TOOLS = ['optimise_cut_list', 'cutting_plan_pdf'];

const args = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      parts: fc.constantFrom('500x4', '2400x5, 1800x3', '500x0', 'x'),
      stock: fc.constantFrom(1000, 6000, -1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ parts: fc.constant('500x4'), stock: fc.constant(1000), jobName: fc.string() }),
  },
  { weight: 1, arbitrary: fc.anything() },
);
/** Mostly well-formed messages (so tool calls get admitted), some not. */
const message = fc.record(
  {
    jsonrpc: fc.oneof({ weight: 9, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: fc.anything() }),
    id: fc.oneof(fc.integer(), fc.string({ minLength: 1 }), fc.constant(null)),
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant('tools/call') },
      {
        weight: 3,
        arbitrary: fc.constantFrom('tools/list', 'initialize', 'ping', 'notifications/initialized'),
      },
      { weight: 1, arbitrary: fc.string() },
    ),
    params: fc.oneof(
      {
        weight: 9,
        arbitrary: fc.record({
          name: fc.oneof(
            { weight: 9, arbitrary: fc.constantFrom(...TOOLS) },
            { weight: 1, arbitrary: fc.string() },
          ),
          arguments: args,
        }),
      },
      { weight: 1, arbitrary: fc.anything() },
    ),
  },
  { requiredKeys: ['jsonrpc', 'method', 'params'] },
);
const headers = fc.record({
  Accept: fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json, text/event-stream') },
    { weight: 2, arbitrary: fc.constantFrom('application/json', '*/*') },
  ),
  'MCP-Protocol-Version': fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('2025-06-18', '2025-03-26') },
    { weight: 2, arbitrary: fc.constantFrom('2026-07-28', 'nonsense') },
  ),
  Origin: fc.oneof(
    { weight: 8, arbitrary: fc.constant('https://shop.example') },
    { weight: 2, arbitrary: fc.constant('null') },
  ),
});

describe('POST /v1/mcp fuzz contract', () => {
  it('answers any message without a 500, admits only parsable tool calls, and releases every admission once', async () => {
    await fc.assert(
      fc.asyncProperty(message, headers, async (body, extra) => {
        const admitter = recordingAdmitter();
        const core = fakeCore();
        const h = testHandlers({ admitter, core });
        const res = await h.mcp(
          apiEvent({
            method: 'POST',
            path: '/v1/mcp',
            headers: { 'Content-Type': 'application/json', ...extra },
            body: JSON.stringify(body),
          }),
        );
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.headers?.['X-Request-Id']).toEqual(expect.stringMatching(/.+/));
        expect(admitter.releases).toHaveLength(admitter.calls.length);
        // Only a tool result is a counted call: anything else the protocol answers is refunded.
        const succeeded =
          res.statusCode === 200 &&
          !(JSON.parse(res.body) as { result?: { isError?: boolean } }).result?.isError;
        if (!succeeded) expect(admitter.releases.every((r) => r === 'failed')).toBe(true);
        for (const { size } of admitter.calls) expect(size.totalParts).toBeGreaterThan(0);
        const params = (body as { params?: { name?: unknown; arguments?: unknown } }).params;
        if (admitter.calls.length > 0) {
          expect(body).toMatchObject({ jsonrpc: '2.0', method: 'tools/call', id: expect.anything() });
          expect(TOOLS).toContain(params?.name);
        }
      }),
      RUNS,
    );
  }, 120_000);
});
