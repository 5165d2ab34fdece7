import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { err, NoPlanFoundError, PartsLimitError } from '../../core/errors.ts';
import { apiEvent } from '../../test/support/api-event.ts';
import { fakeCore } from '../../test/support/fake-core.ts';
import { recordingAdmitter, testHandlers } from '../../test/support/handlers.ts';
import { BadKeyError, BusyError, RateLimitedError } from '../shared/errors.ts';
import { requestMetrics } from '../shared/telemetry.ts';

/** What an MCP client sends with every POST. */
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

const rpc = (message: unknown, headers: Readonly<Record<string, string>> = {}) =>
  apiEvent({
    method: 'POST',
    path: '/v1/mcp',
    headers: { ...MCP_HEADERS, ...headers },
    body: JSON.stringify(message),
  });

const call = (name: string, args: unknown, id = 7) =>
  rpc({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

const json = (res: APIGatewayProxyResult) => JSON.parse(res.body) as Record<string, unknown>;
const toolResult = (res: APIGatewayProxyResult) =>
  json(res).result as {
    isError?: boolean;
    content: { type: string; text?: string }[];
    structuredContent?: unknown;
  };

describe('makeMcpHandler', () => {
  it('admits a tools/call like an optimise call, with the job size, and releases it as succeeded', async () => {
    const admitter = recordingAdmitter({
      rateLimit: { limit: 30, remaining: 29, resetAtMs: 1_767_229_200_000 },
    });
    const h = testHandlers({ admitter });
    const res = await h.mcp(call('optimise_cut_list', { parts: '500x4, 300x2', stock: 1000 }));
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '29' });
    expect(admitter.calls.map((c) => c.size)).toEqual([{ totalParts: 6, distinctLines: 2 }]);
    expect(admitter.releases).toEqual(['succeeded']);
    const result = toolResult(res);
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({ plan: { verified: true } });
    expect(json(res)).toMatchObject({ jsonrpc: '2.0', id: 7 });
  });

  it('counts nothing for initialize, tools/list and notifications; a notification is answered 202', async () => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter });
    const init = await h.mcp(
      rpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    );
    expect(json(init)).toMatchObject({ result: { serverInfo: { name: 'cutplan' } } });
    const list = await h.mcp(rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    const tools = (json(list).result as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(tools.sort()).toEqual([
      'book_plan',
      'cutting_plan_pdf',
      'get_job',
      'get_usage',
      'list_offcuts',
      'optimise_cut_list',
      'piece_labels',
      'saw_list',
      'start_job',
    ]);
    const note = await h.mcp(rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(note.statusCode).toBe(202);
    expect(admitter.calls).toEqual([]);
  });

  it('answers a bad argument with a tool error carrying the 400 detail, without admitting it', async () => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter });
    const body = { parts: '500x0', stock: 1000 };
    const res = await h.mcp(call('optimise_cut_list', body));
    const parsed = fakeCore().parseOptimiseBody(body, 'json');
    expect(parsed.ok).toBe(false);
    expect(res.statusCode).toBe(200);
    expect(toolResult(res)).toEqual({
      isError: true,
      content: [{ type: 'text', text: parsed.ok ? '' : parsed.error.message }],
      structuredContent: {
        error: 'validation',
        detail: parsed.ok ? '' : parsed.error.message,
        status: 400,
      },
    });
    expect(admitter.calls).toEqual([]);
  });

  it('keeps a bad key an HTTP 401 with our error body', async () => {
    const refuse = new BadKeyError('unknown API key');
    const h = testHandlers({ admitter: recordingAdmitter({ refuse }) });
    const res = await h.mcp(call('optimise_cut_list', { parts: '500x4', stock: 1000 }));
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ error: 'badKey', detail: expect.any(String) });
    expect(json(res)).not.toHaveProperty('jsonrpc');
  });

  it.each([
    [
      'optimise_cut_list',
      429,
      'rateLimited',
      new RateLimitedError('30 calls an hour', 1_767_229_200_000, 60),
      60,
      '30 calls an hour',
    ],
    ['piece_labels', 503, 'busy', new BusyError('every solve slot is taken', 1), 1, 'at capacity'],
    [
      'saw_list',
      413,
      'partsLimit',
      new PartsLimitError('the public tier takes 300 parts'),
      undefined,
      '300 parts',
    ],
  ])(
    'answers %s refused on admission with %i as a tool error the agent can act on',
    async (tool, status, error, refuse, wait, detail) => {
      const h = testHandlers({ admitter: recordingAdmitter({ refuse }) });
      const res = await h.mcp(call(tool, { parts: '500x4', stock: 1000 }));
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ jsonrpc: '2.0', id: 7 });
      const result = toolResult(res);
      expect(result.isError).toBe(true);
      expect(result.content[0]?.text).toContain(detail);
      if (wait !== undefined) expect(result.content[0]?.text).toContain(`Retry after ${wait} s.`);
      expect(result.structuredContent).toMatchObject({
        error,
        status,
        detail: expect.stringContaining(detail),
        ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
      });
      if (wait !== undefined) expect(res.headers?.['Retry-After']).toBe(String(wait));
      expect(h.telemetry.records[0]?.toolError).toBe(error);
      // Still a refusal on the dashboard, though the HTTP status is 200.
      const metrics = requestMetrics(h.telemetry.records[0] as never).metrics;
      expect(metrics).toContainEqual({ name: 'Refused', unit: 'Count', value: 1 });
      expect(metrics).toContainEqual({ name: 'Busy', unit: 'Count', value: error === 'busy' ? 1 : 0 });
    },
  );

  it('answers a job over the tier caps as a tool error with 413 partsLimit, not an HTTP 413', async () => {
    const h = testHandlers();
    const res = await h.mcp(call('cutting_plan_pdf', { parts: '500x301', stock: 1000 }));
    expect(res.statusCode).toBe(200);
    expect(toolResult(res)).toMatchObject({
      isError: true,
      structuredContent: { error: 'partsLimit', status: 413 },
    });
  });

  it.each([
    [
      '[tools/call, tools/call]',
      [1, 2].map((id) => ({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'optimise_cut_list', arguments: { parts: '500x4', stock: 1000 } },
      })),
    ],
    ['[tools/list]', [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]],
    ['[]', []],
  ])(
    'refuses a JSON-RPC batch %s as an invalid request (400, -32600), solving and logging nothing',
    async (_, batch) => {
      const admitter = recordingAdmitter();
      const h = testHandlers({ admitter });
      const res = await h.mcp(rpc(batch));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('batch') },
      });
      expect(admitter.calls).toEqual([]);
      expect(h.core.solves).toEqual([]);
      expect(h.log.lines.filter((l) => l.level.toUpperCase() === 'ERROR')).toEqual([]);
      expect(h.telemetry.records[0]).toMatchObject({ status: 400, mcpMethod: 'batch' });
    },
  );

  it.each([
    ['piece_labels', {}, 'pdf', 'application/pdf'],
    ['piece_labels', { format: 'zpl' }, 'zpl', null],
    ['saw_list', { separator: 'semicolon' }, null, null],
  ])('solves %s %j as one counted call', async (tool, option, output, mimeType) => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter });
    const res = await h.mcp(call(tool, { parts: '500x4', stock: 1000, jobName: 'Shelf', ...option }));
    const result = toolResult(res);
    expect(result.isError).not.toBe(true);
    expect(admitter.calls).toHaveLength(1);
    expect(admitter.releases).toEqual(['succeeded']);
    if (output !== null) expect(h.renderLabels.jobs.map((j) => j.output)).toEqual([output]);
    const resource = result.content.find((c) => c.type === 'resource') as
      | { resource: { mimeType: string; uri: string } }
      | undefined;
    expect(resource?.resource.mimeType ?? null).toBe(mimeType);
    if (tool === 'saw_list') expect(result.content[1]?.text).toMatch(/^\ufefflayout;copies;/);
    if (output === 'zpl') expect(result.content[1]?.text).toMatch(/^\^XA\n\^FDShelf \/ 4 labels/);
  });

  it("refuses a file over the file routes' limit as a tool error 413, and refunds the call", async () => {
    const admitter = recordingAdmitter();
    // 4.6 MB of PDF is 6.1 MB of base64 in the JSON answer: over the 6,000,000 bytes a file answer may be.
    const renderPdf = async () => new Uint8Array(4_600_000);
    const h = testHandlers({ admitter, renderPdf });
    const res = await h.mcp(call('cutting_plan_pdf', { parts: '500x4', stock: 1000 }));
    expect(toolResult(res)).toMatchObject({
      isError: true,
      structuredContent: {
        error: 'payloadTooLarge',
        status: 413,
        detail: expect.stringContaining('6,000,000'),
      },
    });
    expect(admitter.releases).toEqual(['failed']);
  });

  it('answers a bad format as a tool error naming it, without admitting the call', async () => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter });
    const res = await h.mcp(call('piece_labels', { parts: '500x4', stock: 1000, format: 'png' }));
    expect(toolResult(res)).toMatchObject({
      isError: true,
      content: [{ text: 'format: must be one of pdf, zpl, got "png"' }],
    });
    expect(admitter.calls).toEqual([]);
  });

  it.each([
    [
      'optimise_cut_list',
      { jobName: 'Shelf' },
      '"jobName" belongs to the file tools (cutting_plan_pdf, piece_labels and saw_list); optimise_cut_list does not take it',
    ],
    [
      'optimise_cut_list',
      { paper: 'A4' },
      '"paper" belongs to the file tools (cutting_plan_pdf, piece_labels and saw_list); optimise_cut_list does not take it',
    ],
    [
      'cutting_plan_pdf',
      { separator: 'semicolon' },
      '"separator" is an argument of saw_list; cutting_plan_pdf does not take it',
    ],
    ['saw_list', { format: 'zpl' }, '"format" is an argument of piece_labels; saw_list does not take it'],
  ])('refuses %s an argument of other tools %o, naming the tools, unadmitted', async (tool, extra, text) => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter });
    const res = await h.mcp(call(tool, { parts: '500x4', stock: 1000, ...extra }));
    expect(toolResult(res)).toMatchObject({
      isError: true,
      content: [{ text }],
      structuredContent: { error: 'validation', status: 400, detail: text },
    });
    expect(toolResult(res).content[0]?.text).not.toContain('/v1/');
    expect(admitter.calls).toEqual([]);
  });

  it('refunds a call whose tool failed after admission, and names only the request id', async () => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter, core: fakeCore({ unverified: true }) });
    const res = await h.mcp(call('optimise_cut_list', { parts: '500x4', stock: 1000 }));
    expect(res.statusCode).toBe(200);
    expect(toolResult(res)).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'internal error; request id c0ffee00-0000-4000-8000-000000000001' }],
    });
    expect(admitter.releases).toEqual(['failed']);
  });

  it("renders the PDF with the key's branding, as an embedded resource", async () => {
    const admitter = recordingAdmitter({ tier: 'pro', branding: 'Cut by Acme' });
    const h = testHandlers({ admitter });
    const res = await h.mcp(call('cutting_plan_pdf', { parts: '500x4', stock: 1000, jobName: 'Shelf' }));
    const [summary, resource] = toolResult(res).content as [
      { text: string },
      { type: string; resource: { uri: string; mimeType: string; blob: string } },
    ];
    expect(summary.text).toContain('The PDF is cutting-plan-Shelf.pdf.');
    expect(resource.type).toBe('resource');
    expect(resource.resource).toMatchObject({
      uri: 'cutplan://plans/cutting-plan-Shelf.pdf',
      mimeType: 'application/pdf',
    });
    expect(Buffer.from(resource.resource.blob, 'base64').toString()).toMatch(
      /^%PDF-1\.7\n% fake plan: Shelf \/ Cut by Acme/,
    );
    expect(h.renderPdf.jobs.map((j) => j.branding)).toEqual(['Cut by Acme']);
    expect(admitter.releases).toEqual(['succeeded']);
  });

  it('solves the PDF tool within the PDF headroom but not its 240 s cap (its answer is JSON, kept alive)', async () => {
    const h = testHandlers({ admitter: recordingAdmitter({ tier: 'scale' }) });
    const args = { parts: '500x4', stock: 1000, timeLimit: 300 };
    const long = await h.mcp(call('cutting_plan_pdf', args), { getRemainingTimeInMillis: () => 900_000 });
    const short = await h.mcp(call('cutting_plan_pdf', args), { getRemainingTimeInMillis: () => 10_000 });
    expect([toolResult(long).isError, toolResult(short).isError]).toEqual([undefined, undefined]);
    expect(h.core.solves.map((s) => s.budgetMs)).toEqual([300_000, 7_000]);
    expect(h.telemetry.records.map((r) => r.pdfMs !== undefined)).toEqual([true, true]);
  });

  it('answers GET 405 (no server-initiated stream on a stateless endpoint)', async () => {
    const res = await testHandlers().mcp(apiEvent({ method: 'GET', path: '/v1/mcp', headers: MCP_HEADERS }));
    expect(res.statusCode).toBe(405);
    expect(res.headers?.Allow).toBe('POST, OPTIONS');
    expect(json(res)).toMatchObject({ error: 'methodNotAllowed' });
  });

  it.each(['null', 'file://', 'https://shop.example/path'])(
    'refuses an Origin that is not a web origin (%s) with 403',
    async (origin) => {
      const admitter = recordingAdmitter();
      const res = await testHandlers({ admitter }).mcp(
        rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { Origin: origin }),
      );
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({
        error: 'forbiddenOrigin',
        detail: expect.stringContaining('Origin'),
      });
    },
  );

  it('serves a web origin (whose key, if any, the admitter checks)', async () => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter });
    const res = await h.mcp(
      rpc(
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'optimise_cut_list', arguments: { parts: '500x4', stock: 1000 } },
        },
        { Origin: 'https://shop.example' },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(admitter.calls[0]?.caller.origin).toBe('https://shop.example');
  });

  it('keeps what a throwing core says out of the answer, logs it, and counts it as a server error', async () => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter, core: fakeCore({ throws: new Error('secret stack detail') }) });
    const res = await h.mcp(call('optimise_cut_list', { parts: '500x4', stock: 1000 }));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret');
    expect(toolResult(res)).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^internal error; request id /) }],
    });
    expect(admitter.releases).toEqual(['failed']);
    const failed = h.log.lines.filter((l) => l.message === 'tool failed');
    expect(JSON.stringify(failed)).toContain('secret stack detail');
    const [record] = h.telemetry.records;
    expect(record).toMatchObject({
      route: 'POST /v1/mcp',
      status: 200,
      mcpMethod: 'tools/call',
      toolError: 'internal',
    });
    expect(requestMetrics(record as never).metrics).toContainEqual({
      name: 'ServerErrors',
      unit: 'Count',
      value: 1,
    });
  });

  it('notes the method and a refused argument on the log line', async () => {
    const h = testHandlers();
    await h.mcp(call('optimise_cut_list', { parts: '500x0', stock: 1000 }));
    await h.mcp(rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(h.telemetry.records.map((r) => [r.mcpMethod, r.toolError])).toEqual([
      ['tools/call', 'validation'],
      ['notification', undefined],
    ]);
  });

  it('answers a 422 noPlanFound as a tool error with its detail, and refunds the call', async () => {
    const admitter = recordingAdmitter();
    const core = fakeCore();
    const detail = 'no plan found within 5 s for the finite stock, and none is proven impossible';
    const h = testHandlers({
      admitter,
      core: { ...core, optimise: async () => err(new NoPlanFoundError(detail)) },
    });
    const res = await h.mcp(call('optimise_cut_list', { parts: '500x4', stock: 1000 }));
    expect(res.statusCode).toBe(200);
    expect(toolResult(res)).toMatchObject({ isError: true, content: [{ type: 'text', text: detail }] });
    expect(admitter.releases).toEqual(['failed']);
    expect(h.telemetry.records[0]?.toolError).toBe('noPlanFound');
  });
});
