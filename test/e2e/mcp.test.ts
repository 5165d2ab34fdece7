/**
 * The MCP tools through the SDK's own client (`@modelcontextprotocol/client`), over both transports:
 * `cutplan mcp` on stdio (a child process, as an assistant starts it) and `POST /v1/mcp` on the local
 * server (real core, real admitter over an embedded DynamoDB; and a fresh `npm start` process, whose solver
 * workers serve the route). Each lists the tools, calls both, and sends
 * a bad argument; the HTTP side also checks what the transport must answer as HTTP: admission refusals,
 * GET, notifications, a bad Origin, and that only a successful tools/call is counted.
 */

import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../../bin/keys.ts';
import { makeMcpHandler } from '../../functions/handlers/mcp-handler.ts';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import { realCore } from '../../functions/shared/real-core.ts';
import { lazyPdfRenderer } from '../../functions/shared/real-pdf.ts';
import { solveServices } from '../../functions/shared/services.ts';
import { collectingLogger, collectingTelemetry, testHandlers } from '../support/handlers.ts';
import { realAdmitter } from '../support/limits.ts';
import { type RunningServer, startServer } from '../support/local-server.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** The spec's first example: 4 bars of 6000, 3 distinct layouts, proven. */
const EXAMPLE = { parts: '2400x5, 1800x3', stock: 6000 };
const BAD = { parts: '2400x0', stock: 6000 };

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const texts = (result: ToolResult) =>
  (result.content as { type: string; text?: string }[]).filter((c) => c.type === 'text').map((c) => c.text);

let dynamo: EmbeddedDynamo;
let server: RunningServer;
let limits: Awaited<ReturnType<typeof realAdmitter>>;

beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  limits = await realAdmitter(dynamo);
  const { admitter } = limits;
  const log = collectingLogger();
  const services = await solveServices({ log, telemetry: collectingTelemetry(), admitter });
  server = await startServer({
    ...testHandlers(),
    mcp: makeMcpHandler({ ...services, renderPdf: lazyPdfRenderer() }),
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await dynamo?.close();
});

/** What a 400 of POST /v1/optimise says about `body` (the tool error must say the same). */
function apiDetail(body: unknown): string {
  const parsed = realCore.parseOptimiseBody(body, 'json');
  if (parsed.ok) throw new Error('the body was meant to be refused');
  return parsed.error.message;
}

function exercises(connectClient: () => Promise<Client>) {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient();
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it('lists both tools with the request schema as input and the response schema as output', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual([
      'book_plan',
      'cutting_plan_pdf',
      'list_offcuts',
      'optimise_cut_list',
    ]);
    const optimise = byName.get('optimise_cut_list');
    expect(optimise?.inputSchema).toMatchObject({ type: 'object', required: ['parts'] });
    expect(Object.keys(optimise?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['parts', 'stock', 'stocks', 'kerf', 'method', 'timeLimit']),
    );
    expect(optimise?.outputSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['plan']),
    });
    expect(Object.keys(byName.get('cutting_plan_pdf')?.inputSchema.properties ?? {})).toContain('jobName');
  });

  it('solves with optimise_cut_list: the response as structured content and JSON text, and a summary', async () => {
    const result = await client.callTool({ name: 'optimise_cut_list', arguments: EXAMPLE });
    expect(result.isError).not.toBe(true);
    const response = result.structuredContent as {
      plan: { verified: boolean; optimal: boolean; stockBarsUsed: number };
      meta: { objective?: string };
    };
    expect(response.plan).toMatchObject({ verified: true, optimal: true, stockBarsUsed: 4 });
    const [summary, json] = texts(result);
    expect(JSON.parse(json ?? '')).toEqual(response);
    expect(summary).toBe(
      'Buy 4 bars: 4 × 6000 mm. Yield 72.5 % (8 pieces, 3 layouts). Proven optimal for material: no plan uses less stock material.',
    );
  });

  it('returns the PDF from cutting_plan_pdf as an embedded resource', async () => {
    const result = await client.callTool({
      name: 'cutting_plan_pdf',
      arguments: { ...EXAMPLE, jobName: 'Carport' },
    });
    expect(result.isError).not.toBe(true);
    const resource = (
      result.content as { type: string; resource?: { uri: string; mimeType: string; blob: string } }[]
    ).find((c) => c.type === 'resource')?.resource;
    expect(resource?.mimeType).toBe('application/pdf');
    expect(resource?.uri).toBe('cutplan://plans/cutting-plan-Carport.pdf');
    expect(
      Buffer.from(resource?.blob ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it("answers a bad argument with a tool error whose text is the API's 400 detail", async () => {
    const result = await client.callTool({ name: 'optimise_cut_list', arguments: BAD });
    expect(result.isError).toBe(true);
    expect(texts(result)).toEqual([apiDetail(BAD)]);
    expect(texts(result)[0]).toContain('quantity must be ≥ 1');
  });
}

describe('cutplan mcp (stdio)', () => {
  exercises(async () => {
    const client = new Client({ name: 'cutplan-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(ROOT, 'bin', 'cutplan.js'), 'mcp'],
        cwd: ROOT,
        stderr: 'ignore',
      }),
    );
    return client;
  });
});

describe('cutplan mcp (stdio) and the offcut rack', () => {
  it('says the rack needs a key it does not have, for the rack tools and for offcuts "rack"', async () => {
    const client = new Client({ name: 'cutplan-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(ROOT, 'bin', 'cutplan.js'), 'mcp'],
        cwd: ROOT,
        stderr: 'ignore',
      }),
    );
    try {
      const tools = await client.listTools();
      const book = tools.tools.find((t) => t.name === 'book_plan');
      expect(book?.annotations?.readOnlyHint).toBe(false);
      for (const [name, args] of [
        ['book_plan', { planId: 'pl_ea-V4-f0J3hfaxTljUNkjg' }],
        ['list_offcuts', {}],
        ['optimise_cut_list', { parts: '500', stock: 1000, minRemnant: 10, offcuts: 'rack' }],
      ] as const) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, name).toBe(true);
        expect(texts(result)[0], name).toContain('has no key');
      }
    } finally {
      await client.close();
    }
  });
});

describe('POST /v1/mcp (Streamable HTTP, 2025 handshake)', () => {
  exercises(async () => {
    const client = new Client({ name: 'cutplan-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`)));
    return client;
  });
});

describe('POST /v1/mcp (Streamable HTTP, negotiated 2026-07-28)', () => {
  exercises(async () => {
    const client = new Client(
      { name: 'cutplan-test', version: '1.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`)));
    return client;
  });
});

describe('POST /v1/mcp on a fresh npm start (served by its solver workers)', () => {
  let process_: ServerProcess;
  exercises(async () => {
    process_ = await startServerProcess({ env: { SOLVER_WORKERS: '1' } });
    const client = new Client({ name: 'cutplan-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${process_.url}/v1/mcp`)));
    return client;
  });
  afterAll(async () => {
    await process_?.stop();
  });
});

describe('POST /v1/mcp with an API key', () => {
  const SHOP = 'https://shop.example';
  let key: string;
  beforeAll(async () => {
    let stdout = '';
    const code = await runKeys(['create', '--workspace', 'acme', '--tier', 'pro', '--origins', SHOP], {
      env: limits.keysEnv,
      cwd: '/nonexistent',
      clock: limits.clock,
      stdout: (t) => {
        stdout += t;
      },
      stderr: () => {},
    });
    expect(code).toBe(0);
    key = stdout.trim();
  });

  const post = (message: unknown, headers: Readonly<Record<string, string>>) =>
    fetch(`${server.url}/v1/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(message),
    });
  const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  const call = {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'optimise_cut_list', arguments: EXAMPLE },
  };

  it("serves the key's tier from its origin, and counts only the tools/call", async () => {
    const listed = await post(list, { 'X-API-Key': key, Origin: SHOP });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-ratelimit-remaining')).toBeNull();
    const called = await post(call, { 'X-API-Key': key, Origin: SHOP });
    expect(called.status).toBe(200);
    const limit = Number(called.headers.get('x-ratelimit-limit'));
    expect(Number(called.headers.get('x-ratelimit-remaining'))).toBe(limit - 1);
    const body = (await called.json()) as { result: { structuredContent: { meta: { tier: string } } } };
    expect(body.result.structuredContent.meta.tier).toBe('pro');
  });

  it.each([
    ['tools/list', list],
    ['tools/call', call],
  ])("refuses %s from an origin not on the key's list with 401 badKey", async (_, message) => {
    const res = await post(message, { 'X-API-Key': key, Origin: 'https://elsewhere.example' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'badKey', detail: expect.stringContaining('elsewhere') });
  });

  it('refuses an unknown key at initialize, before any tool is called', async () => {
    const client = new Client({ name: 'cutplan-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`), {
      requestInit: { headers: { 'X-API-Key': 'cp_live_0000000000000000_notakey' } },
    });
    await expect(client.connect(transport)).rejects.toThrow(/badKey/);
  });
});
