/**
 * The MCP tools through the SDK's own client (`@modelcontextprotocol/client`), over both transports:
 * `cutplan mcp` on stdio (a child process, as an assistant starts it) and `POST /v1/mcp` on the local
 * server (real core, real admitter over an embedded DynamoDB; and a fresh `npm start` process, whose solver
 * workers serve the route). Each lists the tools (their input schemas in the portable subset), calls
 * each, and sends a bad argument; the HTTP side also checks what the transport must answer as HTTP (a bad
 * key or origin) and what reaches the agent as a tool error (the rate limit), and that only a successful
 * tools/call is counted; the stdio side that every request read is answered when its input closes.
 */

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../../bin/keys.ts';
import { sawListCsv } from '../../core/saw-list/csv.ts';
import { makeMcpHandler } from '../../functions/handlers/mcp-handler.ts';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import { realCore } from '../../functions/shared/real-core.ts';
import { lazyLabelsRenderer } from '../../functions/shared/real-labels.ts';
import { lazyPdfRenderer } from '../../functions/shared/real-pdf.ts';
import { solveServices } from '../../functions/shared/services.ts';
import { createDynamoBodyStore } from '../../functions/shared/stored/dynamo-body-store.ts';
import { collectingLogger, collectingTelemetry, testHandlers } from '../support/handlers.ts';
import { realAdmitter } from '../support/limits.ts';
import { type RunningServer, startServer } from '../support/local-server.ts';
import { portableSchemaProblems } from '../support/portable-schema.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** The spec's first example: 4 bars of 6000, 3 distinct layouts, proven. */
const EXAMPLE = { parts: '2400x5, 1800x3', stock: 6000 };
const BAD = { parts: '2400x0', stock: 6000 };
/** One job file with every presentation field, part labels and mitres (docs/api.md, Fields per route). */
const JOB_FILE = {
  jobName: 'Frames 12',
  paper: 'A4',
  labelFormat: 'a4-3x8',
  stockLength: 3000,
  kerf: 3,
  angleCuts: { enabled: true, width: 40 },
  parts: [
    { length: 1200, quantity: 2, label: 'Top rail', leftAngle: 60, rightAngle: 60 },
    { length: 800, quantity: 3, label: 'Στήλη' },
  ],
};

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
  // Keyed tool calls keep their results in the table's stored bodies, as deployed.
  const bodies = createDynamoBodyStore({ client: dynamo.client, tableName: limits.tableName });
  const services = await solveServices({ log, telemetry: collectingTelemetry(), admitter, bodies });
  server = await startServer({
    ...testHandlers(),
    mcp: makeMcpHandler({
      ...services,
      renderPdf: lazyPdfRenderer(),
      renderLabels: lazyLabelsRenderer(),
      renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
    }),
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

  it('lists every tool with a portable input schema, and the response schema as output', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual([
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
    for (const tool of tools) expect(portableSchemaProblems(tool.inputSchema)).toEqual([]);
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

  it.each([
    ['piece_labels', 'pdf'],
    ['piece_labels', 'zpl'],
    ['saw_list', 'comma'],
  ])('takes one job file on %s (%s)', async (name, option) => {
    const result = await client.callTool({
      name,
      arguments: { ...JOB_FILE, ...(name === 'saw_list' ? { separator: option } : { format: option }) },
    });
    expect(result.isError, JSON.stringify(result.content).slice(0, 300)).not.toBe(true);
    const content = result.content as {
      type: string;
      text?: string;
      resource?: { mimeType: string; blob: string; uri: string };
    }[];
    if (option === 'pdf') {
      const resource = content.find((c) => c.type === 'resource')?.resource;
      expect(resource?.uri).toBe('cutplan://labels/labels-Frames-12.pdf');
      expect(
        Buffer.from(resource?.blob ?? '', 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } else if (option === 'zpl') {
      expect(texts(result)[1]).toMatch(/^\^XA/);
      expect(texts(result)[0]).toContain('5 labels');
    } else {
      const csv = texts(result)[1] ?? '';
      expect(csv.startsWith('layout,copies,cut,position,top,bottom,piece,label,material,length,')).toBe(true);
      expect(csv).toContain('Top rail');
    }
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
  it('says the rack, jobs and usage need a key it does not have, for their tools and for offcuts "rack"', async () => {
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
        ['start_job', { parts: '500', stock: 1000 }],
        ['get_job', { jobId: 'job_0mxbjwu80HoDPdaH5FHnWE' }],
        ['get_usage', {}],
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

describe('cutplan mcp (stdio) when its input closes', () => {
  it('answers every request it has read before it exits', async () => {
    const N = 4;
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'cutplan.js'), 'mcp'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const messages = [
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      ...Array.from({ length: N }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'tools/call',
        params: { name: i % 2 === 0 ? 'optimise_cut_list' : 'saw_list', arguments: EXAMPLE },
      })),
    ];
    child.stdin.end(messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
    expect(await exited).toBe(0);
    const answers = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; result?: { isError?: boolean } });
    expect(answers.map((a) => a.id).sort()).toEqual(Array.from({ length: N + 1 }, (_, i) => i));
    for (const answer of answers) expect(answer.result?.isError).not.toBe(true);
  }, 60_000);
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

  it('answers a tools/call over the rate limit as a tool error with retryAfterSeconds, not an HTTP 429', async () => {
    let stdout = '';
    const code = await runKeys(['create', '--workspace', 'busy', '--tier', 'starter'], {
      env: limits.keysEnv,
      cwd: '/nonexistent',
      clock: limits.clock,
      stdout: (t) => {
        stdout += t;
      },
      stderr: () => {},
    });
    expect(code).toBe(0);
    const starter = stdout.trim();
    const sawList = { ...call, params: { name: 'saw_list', arguments: EXAMPLE } };
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 21; i++) {
      const res = await post(sawList, { 'X-API-Key': starter });
      statuses.push(res.status);
      last = await res.json();
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    const { result } = last as {
      result: { isError: boolean; content: { text: string }[]; structuredContent: Record<string, unknown> };
    };
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: 'rateLimited',
      status: 429,
      retryAfterSeconds: expect.any(Number),
    });
    expect(result.content[0]?.text).toContain(String(result.structuredContent.detail));
  });

  it('answers a retried tool call under its idempotencyKey from the first, uncounted, under the new id', async () => {
    const headers = { 'X-API-Key': key, Origin: SHOP };
    const keyed = (id: number, name: string, args: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: { ...args, idempotencyKey: `agent-${name}` } },
    });
    const first = await post(keyed(10, 'optimise_cut_list', EXAMPLE), headers);
    expect(first.status).toBe(200);
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    const firstBody = (await first.json()) as { id: number; result: { structuredContent: unknown } };
    // Key order does not make another call.
    const again = await post(keyed(11, 'optimise_cut_list', { stock: 6000, parts: EXAMPLE.parts }), headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const againBody = (await again.json()) as typeof firstBody;
    expect(againBody.id).toBe(11);
    expect(againBody.result).toEqual(firstBody.result);
    // Not counted: the next counted call takes one more.
    const plain = await post(call, headers);
    expect(Number(plain.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
    // A file tool replays its file byte for byte.
    const pdf1 = await post(keyed(12, 'cutting_plan_pdf', EXAMPLE), headers);
    const pdf2 = await post(keyed(13, 'cutting_plan_pdf', EXAMPLE), headers);
    expect(pdf2.headers.get('idempotent-replayed')).toBe('true');
    expect(((await pdf2.json()) as { result: unknown }).result).toEqual(
      ((await pdf1.json()) as { result: unknown }).result,
    );
  });

  it.each([
    [
      'the key with other arguments',
      { parts: '2400x4', stock: 6000 },
      'agent-optimise_cut_list',
      'idempotencyKeyReused',
    ],
    ['an empty key', EXAMPLE, '', 'validation'],
    ['a key that is not text', EXAMPLE, 42, 'validation'],
  ])('answers %s as a tool error, uncounted', async (_, args, idempotencyKey, code) => {
    const headers = { 'X-API-Key': key, Origin: SHOP };
    await post(
      {
        jsonrpc: '2.0',
        id: 20,
        method: 'tools/call',
        params: {
          name: 'optimise_cut_list',
          arguments: { ...EXAMPLE, idempotencyKey: 'agent-optimise_cut_list' },
        },
      },
      headers,
    );
    const res = await post(
      {
        jsonrpc: '2.0',
        id: 21,
        method: 'tools/call',
        params: { name: 'optimise_cut_list', arguments: { ...args, idempotencyKey } },
      },
      headers,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    const body = (await res.json()) as {
      result: { isError: boolean; structuredContent: { error: string; detail: string } };
    };
    expect(body.result.isError).toBe(true);
    expect(body.result.structuredContent.error).toBe(code);
    if (code === 'validation') expect(body.result.structuredContent.detail).toContain('idempotencyKey');
  });

  it('refuses an unknown key at initialize, before any tool is called', async () => {
    const client = new Client({ name: 'cutplan-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`), {
      requestInit: { headers: { 'X-API-Key': 'cp_live_0000000000000000_notakey' } },
    });
    await expect(client.connect(transport)).rejects.toThrow(/badKey/);
  });
});
