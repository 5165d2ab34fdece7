/**
 * The offcut rack end to end (issue 40's "done when"): the local server over real HTTP with the production
 * composition (real parser and solver, the DynamoDB admitter and workspace state over an embedded
 * dynalite). With a local key: three offcuts imported from a CSV file, a job optimised with the rack uses
 * them and says which, booking removes them and racks the usable remnants, a second booking answers the
 * same and changes nothing, a competing plan gets 409 naming the taken offcuts; stored plans print the
 * same bytes again; another workspace's key sees none of it; a call that does not name the rack stores
 * nothing.
 */
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../../bin/keys.ts';
import { run as runOptimise } from '../../bin/optimise.ts';
import { run as runRack } from '../../bin/rack.ts';
import { sawListCsv } from '../../core/saw-list/index.ts';
import {
  makeFallbackHandler,
  makeHealthHandler,
  makeOptimiseCsvHandler,
  makeOptimiseHandler,
  makeOptimiseLabelsHandler,
  makeOptimisePdfHandler,
  makeUsageHandler,
} from '../../functions/handlers/index.ts';
import { makeMcpHandler } from '../../functions/handlers/mcp-handler.ts';
import { makePlansHandler } from '../../functions/handlers/plans-handler.ts';
import { makeRackHandler } from '../../functions/handlers/rack-handler.ts';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import type { RenderSawList } from '../../functions/shared/core-port.ts';
import { SOLVER_NAME } from '../../functions/shared/real-core.ts';
import { lazyPdfRenderer } from '../../functions/shared/real-pdf.ts';
import { solveServices } from '../../functions/shared/services.ts';
import {
  createDynamoBodyStore,
  createWorkspaceState,
  workspacePk,
} from '../../functions/shared/stored/index.ts';
import { VERSION } from '../../functions/shared/version.ts';
import {
  collectingLogger,
  collectingTelemetry,
  fakeRenderLabels,
  testDocsHandler,
} from '../support/handlers.ts';
import { realAdmitter } from '../support/limits.ts';
import { type RunningServer, startServer } from '../support/local-server.ts';

const log = collectingLogger();
let dynamo: EmbeddedDynamo;
let server: RunningServer;
let limits: Awaited<ReturnType<typeof realAdmitter>>;
let acme: string;
let acme2: string;
let other: string;

async function keys(argv: string[]): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await runKeys(argv, {
    env: limits.keysEnv,
    cwd: '/nonexistent',
    clock: limits.clock,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  if (code !== 0) throw new Error(`cutplan keys ${argv.join(' ')} failed: ${stderr}`);
  return stdout.trim();
}
const keyOf = (out: string): string => /cp_live_\S+/.exec(out)?.[0] ?? '';

beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  limits = await realAdmitter(dynamo, { log });
  const state = createWorkspaceState({
    client: dynamo.client,
    tableName: limits.tableName,
    now: limits.clock.now,
  });
  const telemetry = collectingTelemetry();
  const services = await solveServices({
    log,
    telemetry,
    admitter: limits.admitter,
    state,
    // Keyed tool calls (idempotencyKey) keep their results in the table's stored bodies.
    bodies: createDynamoBodyStore({ client: dynamo.client, tableName: limits.tableName }),
  });
  const renderPdf = lazyPdfRenderer();
  const renderSawList: RenderSawList = (job, style) => sawListCsv(job.request, job.response, style);
  const renderLabels = fakeRenderLabels();
  server = await startServer({
    optimise: makeOptimiseHandler(services),
    'optimise-pdf': makeOptimisePdfHandler({ ...services, renderPdf }),
    mcp: makeMcpHandler({ ...services, renderPdf, renderLabels, renderSawList }),
    'optimise-labels': makeOptimiseLabelsHandler({ ...services, renderLabels }),
    'optimise-csv': makeOptimiseCsvHandler({ ...services, renderSawList }),
    rack: makeRackHandler({ log, telemetry, admitter: limits.admitter, state }),
    plans: makePlansHandler({
      log,
      telemetry,
      admitter: limits.admitter,
      state,
      renderPdf,
      renderLabels,
      renderSawList,
    }),
    health: makeHealthHandler({ log, version: VERSION, solver: SOLVER_NAME }),
    usage: makeUsageHandler({ log, admitter: limits.admitter }),
    fallback: makeFallbackHandler({ log }),
    docs: testDocsHandler(log),
  });
  acme = keyOf(await keys(['create', '--workspace', 'acme', '--tier', 'pro']));
  acme2 = keyOf(await keys(['create', '--workspace', 'acme', '--tier', 'pro']));
  other = keyOf(await keys(['create', '--workspace', 'other', '--tier', 'pro']));
});
afterAll(async () => {
  await server?.close();
  await dynamo?.close();
});

const call = (
  method: string,
  path: string,
  key: string | undefined,
  body?: string,
  type = 'application/json',
) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(key === undefined ? {} : { 'X-API-Key': key }),
      ...(body === undefined ? {} : { 'Content-Type': type }),
    },
    ...(body === undefined ? {} : { body }),
  });
// biome-ignore lint/suspicious/noExplicitAny: the answers are checked field by field below
const json = async (res: Response) => (await res.json()) as Record<string, any>;

async function workspaceItems(workspace: string): Promise<number> {
  const out = await dynamo.client.send(
    new QueryCommand({
      TableName: limits.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: workspacePk(workspace) } },
      ConsistentRead: true,
    }),
  );
  return out.Count ?? 0;
}

const CSV =
  'length,quantity,material,label,location\n2500,1,,A1,shelf 1\n1800,1,,A2,shelf 1\n1200,1,,A3,shelf 2\n';
const JOB = { parts: '2400, 1700, 1100', stockLength: 6000, minRemnant: 50, offcuts: 'rack' };

describe('the offcut rack over HTTP', () => {
  it('asks for a key, with how to make one locally', async () => {
    for (const res of [
      await call('GET', '/v1/offcuts', undefined),
      await call('POST', '/v1/optimise', undefined, JSON.stringify(JOB)),
    ]) {
      expect(res.status).toBe(401);
      const body = await json(res);
      expect(body.error).toBe('keyRequired');
      expect(body.detail).toContain('cutplan keys create');
    }
  });

  it('imports a CSV, optimises against it, books once, refuses the competing plan', async () => {
    const imported = await call('POST', '/v1/offcuts', acme, CSV, 'text/csv');
    expect(imported.status).toBe(200);
    const ids = ((await json(imported)).offcuts as { id: string }[]).map((o) => o.id);
    expect(ids).toHaveLength(3);

    const listed = await json(await call('GET', '/v1/offcuts', acme2));
    expect(listed.unit).toBe('mm');
    expect(
      listed.offcuts.map((o: { length: number; label: string; location: string; source: string }) => [
        o.length,
        o.label,
        o.location,
        o.source,
      ]),
    ).toEqual([
      [2500, 'A1', 'shelf 1', 'hand'],
      [1800, 'A2', 'shelf 1', 'hand'],
      [1200, 'A3', 'shelf 2', 'hand'],
    ]);

    const first = await call('POST', '/v1/optimise', acme, JSON.stringify(JOB));
    expect(first.status).toBe(200);
    const plan = (await json(first)).plan;
    expect(plan.purchases).toEqual([]);
    const used = plan.combinations.map((c: { usedComb: { rackId?: string } }) => c.usedComb.rackId).sort();
    expect(used).toEqual([...ids].sort());
    expect(typeof plan.id).toBe('string');
    const competing = (await json(await call('POST', '/v1/optimise', acme2, JSON.stringify(JOB)))).plan;

    const booked = await call('POST', `/v1/plans/${plan.id}/cut`, acme);
    expect(booked.status).toBe(200);
    const record = await json(booked);
    expect(record.taken.map((t: { id: string }) => t.id).sort()).toEqual([...ids].sort());
    expect(record.racked).toEqual([expect.objectContaining({ length: 100, quantity: 3, material: null })]);
    const rackAfter = await json(await call('GET', '/v1/offcuts', acme));
    expect(rackAfter.offcuts).toEqual([
      expect.objectContaining({ length: 100, quantity: 3, source: plan.id }),
    ]);

    const again = await call('POST', `/v1/plans/${plan.id}/cut`, acme2);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(record);
    expect(await json(await call('GET', '/v1/offcuts', acme))).toEqual(rackAfter);

    const refused = await call('POST', `/v1/plans/${competing.id}/cut`, acme);
    expect(refused.status).toBe(409);
    const refusal = await json(refused);
    expect(refusal.error).toBe('offcutsTaken');
    expect([...refusal.taken].sort()).toEqual([...ids].sort());
    expect(refusal.detail).toContain(ids[0]);
    expect(await json(await call('GET', '/v1/offcuts', acme))).toEqual(rackAfter);
  });

  it('prints a stored plan with the same bytes as the original, and forgets it on DELETE', async () => {
    await call(
      'POST',
      '/v1/offcuts',
      acme,
      JSON.stringify({ offcuts: ['3000x2', { length: 900, quantity: 1, label: 'B7', location: 'rack 2' }] }),
    );
    const body = JSON.stringify({ ...JOB, jobName: 'Gate' });
    const pdf = await call('POST', '/v1/optimise/pdf', acme, body);
    expect(pdf.status).toBe(200);
    const id = pdf.headers.get('x-plan-id') ?? '';
    expect(pdf.headers.get('access-control-expose-headers') ?? '').toContain('X-Plan-Id');
    const original = Buffer.from(await pdf.arrayBuffer());
    const again = Buffer.from(await (await call('GET', `/v1/plans/${id}/pdf`, acme2)).arrayBuffer());
    expect(again.equals(original)).toBe(true);

    const viaJson = await call('POST', '/v1/optimise', acme, JSON.stringify(JOB));
    const text = await viaJson.text();
    const jsonId = JSON.parse(text).plan.id;
    expect(await (await call('GET', `/v1/plans/${jsonId}`, acme)).text()).toBe(text);
    const csv = await call('POST', '/v1/optimise/csv', acme, JSON.stringify(JOB));
    const csvText = await csv.text();
    expect(await (await call('GET', `/v1/plans/${csv.headers.get('x-plan-id')}/csv`, acme)).text()).toBe(
      csvText,
    );

    expect((await call('DELETE', `/v1/plans/${jsonId}`, acme)).status).toBe(204);
    expect((await call('GET', `/v1/plans/${jsonId}`, acme)).status).toBe(404);
    expect((await call('POST', `/v1/plans/${jsonId}/cut`, acme)).status).toBe(404);
  });

  it("keeps workspaces apart: another workspace's key cannot read or change the rack or the plans", async () => {
    const rack = await json(await call('GET', '/v1/offcuts', acme));
    const entry = rack.offcuts[0].id as string;
    const planned = (await json(await call('POST', '/v1/optimise', acme, JSON.stringify(JOB)))).plan
      .id as string;
    expect((await json(await call('GET', '/v1/offcuts', other))).offcuts).toEqual([]);
    for (const [method, path] of [
      ['GET', `/v1/plans/${planned}`],
      ['GET', `/v1/plans/${planned}/pdf`],
      ['POST', `/v1/plans/${planned}/cut`],
      ['DELETE', `/v1/plans/${planned}`],
      ['DELETE', `/v1/offcuts/${entry}`],
      ['GET', '/v1/plans/pl_AAAAAAAAAAAAAAAAAAAAAA'],
    ] as const) {
      expect((await call(method, path, other)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('PATCH', `/v1/offcuts/${entry}`, other, JSON.stringify({ quantity: 9 }))).status).toBe(
      404,
    );
    expect(await json(await call('GET', '/v1/offcuts', acme))).toEqual(rack);
    expect((await call('GET', `/v1/plans/${planned}`, acme)).status).toBe(200);
  });

  it('stores nothing for a call that does not name the rack', async () => {
    const before = await workspaceItems('acme');
    const res = await call('POST', '/v1/optimise', acme, JSON.stringify({ ...JOB, offcuts: '2500' }));
    expect(res.status).toBe(200);
    expect((await json(res)).plan.id).toBeUndefined();
    expect(await workspaceItems('acme')).toBe(before);
  });

  it('refuses a rack solve without minRemnant, and a rack request in another unit, naming both units', async () => {
    const { minRemnant: _, ...noRemnant } = JOB;
    const res = await call('POST', '/v1/optimise', acme, JSON.stringify(noRemnant));
    expect(res.status).toBe(400);
    expect((await json(res)).detail).toContain('minRemnant');
    const inches = await call('POST', '/v1/optimise', acme, JSON.stringify({ ...JOB, unit: 'in' }));
    expect(inches.status).toBe(400);
    expect((await json(inches)).detail).toMatch(/"mm".*"in"/);
    const add = await call('POST', '/v1/offcuts', acme, JSON.stringify({ offcuts: '10', unit: 'in' }));
    expect(add.status).toBe(400);
    expect((await json(add)).detail).toMatch(/"mm".*"in"/);
  });
});

describe('the cutplan CLI against the rack', () => {
  it('imports, lists, exports, optimises with --rack and books, with the key and URL from the environment', async () => {
    const key = keyOf(await keys(['create', '--workspace', 'cli', '--tier', 'pro']));
    const env = { CUTPLAN_API_KEY: key, CUTPLAN_URL: server.url };
    const out: string[] = [];
    const err: string[] = [];
    const written = new Map<string, Uint8Array>();
    const io = {
      stdout: (t: string) => out.push(t),
      stderr: (t: string) => err.push(t),
      readText: async (file: string) =>
        file === 'rack.csv' ? CSV : '{"parts": "2400, 1700, 1100", "stockLength": 6000}',
      writeBytes: async (file: string, bytes: Uint8Array) => {
        written.set(file, bytes);
      },
      env,
    };
    expect(await runRack(['import', 'rack.csv'], io)).toBe(0);
    expect(await runRack(['add', '3000x2', '--label', 'long', '--location', 'wall'], io)).toBe(0);
    out.length = 0;
    expect(await runRack(['list'], io)).toBe(0);
    expect(out.join('')).toContain('4 entries (unit mm)');
    out.length = 0;
    expect(await runRack(['export'], io)).toBe(0);
    const exported = out.join('');
    expect(exported.split('\n')[0]).toBe('length,quantity,material,label,location');
    expect(exported).toContain('3000,2,,long,wall');
    out.length = 0;
    expect(await runOptimise(['job.json', '--rack', '--min-remnant', '50', '--pdf', 'plan.pdf'], io)).toBe(0);
    const plan = JSON.parse(out.join('')).plan;
    expect(
      plan.combinations.every((c: { usedComb: { rackId?: string } }) => c.usedComb.rackId !== undefined),
    ).toBe(true);
    expect(new TextDecoder().decode(written.get('plan.pdf')?.subarray(0, 5))).toBe('%PDF-');
    out.length = 0;
    expect(await runRack(['book', plan.id], io)).toBe(0);
    expect(JSON.parse(out.join('')).planId).toBe(plan.id);
    expect(await runRack(['list'], { ...io, env: {} })).toBe(2);
    expect(err.join('')).toContain('CUTPLAN_API_KEY');
  });
});

describe('the rack over MCP (Streamable HTTP)', () => {
  const MCP = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  const tool = async (key: string | undefined, name: string, args: unknown) => {
    const res = await fetch(`${server.url}/v1/mcp`, {
      method: 'POST',
      headers: { ...MCP, ...(key === undefined ? {} : { 'X-API-Key': key }) },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });
    return { status: res.status, body: await json(res) };
  };

  it('reads the rack, solves against it and books the plan with a key; refuses without one', async () => {
    const key = keyOf(await keys(['create', '--workspace', 'mcp-shop', '--tier', 'pro']));
    await call('POST', '/v1/offcuts', key, CSV, 'text/csv');
    const listed = await tool(key, 'list_offcuts', {});
    expect(listed.status).toBe(200);
    expect(listed.body.result.structuredContent.offcuts).toHaveLength(3);
    const solved = await tool(key, 'optimise_cut_list', JOB);
    const plan = solved.body.result.structuredContent.plan;
    expect(plan.id).toMatch(/^pl_/);
    expect(
      plan.combinations.every((c: { usedComb: { rackId?: string } }) => c.usedComb.rackId !== undefined),
    ).toBe(true);
    const booked = await tool(key, 'book_plan', { planId: plan.id });
    const again = await tool(key, 'book_plan', { planId: plan.id });
    expect(booked.body.result.isError).not.toBe(true);
    expect(again.body.result.structuredContent).toEqual(booked.body.result.structuredContent);
    expect(booked.body.result.structuredContent.racked).toEqual([
      expect.objectContaining({ length: 100, quantity: 3 }),
    ]);
    const keyless = await tool(undefined, 'list_offcuts', {});
    expect(keyless.status).toBe(401);
    expect(keyless.body.error).toBe('keyRequired');
    const rackless = await tool(undefined, 'optimise_cut_list', JOB);
    expect(rackless.body.result.isError).toBe(true);
    expect(rackless.body.result.content[0].text).toContain('X-API-Key');
  });
});

describe('book_plan with an idempotencyKey (MCP over HTTP)', () => {
  it('answers a retried booking from the first under its key, and refuses the key on another plan', async () => {
    const key = keyOf(await keys(['create', '--workspace', 'mcp-keyed', '--tier', 'pro']));
    await call('POST', '/v1/offcuts', key, CSV, 'text/csv');
    const mcp = async (id: number, name: string, args: unknown) => {
      const res = await fetch(`${server.url}/v1/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'X-API-Key': key,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
      });
      return { replayed: res.headers.get('idempotent-replayed'), body: await json(res) };
    };
    const solved = await mcp(1, 'optimise_cut_list', JOB);
    const planId = solved.body.result.structuredContent.plan.id;
    const booked = await mcp(2, 'book_plan', { planId, idempotencyKey: 'agent-book-1' });
    expect(booked.body.result.isError).not.toBe(true);
    expect(booked.replayed).toBeNull();
    const again = await mcp(3, 'book_plan', { planId, idempotencyKey: 'agent-book-1' });
    expect(again.replayed).toBe('true');
    expect(again.body.id).toBe(3);
    expect(again.body.result).toEqual(booked.body.result);
    const other = await mcp(4, 'book_plan', {
      planId: 'pl_AAAAAAAAAAAAAAAAAAAAAA',
      idempotencyKey: 'agent-book-1',
    });
    expect(other.body.result.isError).toBe(true);
    expect(other.body.result.structuredContent.error).toBe('idempotencyKeyReused');
  });
});

describe('rack routes: input, pages, filters, changes', () => {
  let key: string;
  beforeAll(async () => {
    key = keyOf(await keys(['create', '--workspace', 'routes', '--tier', 'pro']));
  });

  it.each([
    [
      'a CSV cell that is not a number',
      'length,quantity\n2500,two\n',
      'text/csv',
      /row 2, column "quantity"/,
    ],
    [
      'a CSV column it does not know',
      'length,quantity,colour\n2500,1,red\n',
      'text/csv',
      /unknown column "colour"/,
    ],
    [
      'an entry field it does not know',
      '{"offcuts":[{"length":900,"quantity":1,"colour":"red"}]}',
      'application/json',
      /offcuts\[0\]/,
    ],
    ['a negative length in shorthand', '{"offcuts":"-900x2"}', 'application/json', /offcuts\[0\]/],
    [
      'a label over 100 characters',
      `{"offcuts":[{"length":900,"label":"${'x'.repeat(101)}"}]}`,
      'application/json',
      /offcuts\[0\]\.label/,
    ],
    ['no offcuts', '{"unit":"mm"}', 'application/json', /offcuts: is required/],
    ['an unknown field', '{"offcuts":"900","colour":"red"}', 'application/json', /colour/],
  ])('refuses %s with 400 naming it, and changes nothing', async (_what, body, type, named) => {
    const before = await json(await call('GET', '/v1/offcuts', key));
    const res = await call('POST', '/v1/offcuts', key, body, type);
    expect(res.status).toBe(400);
    const refusal = await json(res);
    expect(refusal.error).toBe('validation');
    expect(refusal.detail).toMatch(named);
    expect(await json(await call('GET', '/v1/offcuts', key))).toEqual(before);
  });

  it.each([
    ['a negative quantity', { quantity: -1 }, 'quantity: must be 0 (remove) or more'],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity: must be a whole number'],
    ['a priority that is not a boolean', { priority: 'yes' }, 'priority: must be true or false'],
    ['a label that is not text', { label: 5 }, 'label: must be text'],
    [
      'a location over 100 characters',
      { location: 'x'.repeat(101) },
      'location: must be at most 100 characters',
    ],
    [
      'a field it does not know',
      { colour: 'red' },
      'colour: unknown field; PATCH /v1/offcuts/{id} takes quantity, priority, label and location',
    ],
    ['a number for a body', 5, 'body: must be an object like {"quantity": 2, "location": "bay 3"}'],
    [
      'an array for a body',
      [{ quantity: 2 }],
      'body: must be an object like {"quantity": 2, "location": "bay 3"}',
    ],
  ])('refuses a change with %s in a sentence naming the field once', async (_what, change, detail) => {
    // A workspace of its own: the rack of `key` is counted by the next test.
    const own = keyOf(await keys(['create', '--workspace', 'changes', '--tier', 'pro']));
    const added = await json(await call('POST', '/v1/offcuts', own, '{"offcuts":"1700"}'));
    const id = added.offcuts[0].id as string;
    const res = await call('PATCH', `/v1/offcuts/${id}`, own, JSON.stringify(change));
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: 'validation', detail });
  });

  it('pages with an opaque token, filters by material or untagged, and changes or removes an entry', async () => {
    const body = {
      offcuts: [
        { length: 3000, quantity: 1, material: 'alu' },
        { length: 2000, quantity: 2, material: 'alu', priority: true },
        '1500x3',
        [1000, 4],
        { length: 2000, quantity: 1, material: 'alu', location: 'bay 2' },
      ],
    };
    const added = await json(await call('POST', '/v1/offcuts', key, JSON.stringify(body)));
    // The second 2000 alu adds to the first: one entry per length, material and source.
    expect(added.offcuts.map((o: { length: number; quantity: number }) => [o.length, o.quantity])).toEqual([
      [3000, 1],
      [2000, 3],
      [1500, 3],
      [1000, 4],
    ]);
    const first = await json(await call('GET', '/v1/offcuts?pageSize=3', key));
    expect(first.offcuts).toHaveLength(3);
    const second = await json(
      await call('GET', `/v1/offcuts?pageSize=3&pageToken=${first.nextPageToken}`, key),
    );
    expect(second.offcuts.map((o: { length: number }) => o.length)).toEqual([1000]);
    expect(second.nextPageToken).toBeNull();
    const alu = await json(await call('GET', '/v1/offcuts?material=alu', key));
    expect(alu.offcuts.map((o: { length: number }) => o.length)).toEqual([3000, 2000]);
    const untagged = await json(await call('GET', '/v1/offcuts?untagged=true', key));
    expect(untagged.offcuts.map((o: { material: null }) => o.material)).toEqual([null, null]);
    expect((await call('GET', '/v1/offcuts?pageToken=nonsense', key)).status).toBe(400);
    expect((await call('GET', '/v1/offcuts?pageSize=0', key)).status).toBe(400);

    const id = alu.offcuts[1].id as string;
    const changed = await call(
      'PATCH',
      `/v1/offcuts/${id}`,
      key,
      JSON.stringify({ quantity: 1, location: 'bay 3' }),
    );
    expect(await json(changed)).toMatchObject({ id, quantity: 1, location: 'bay 3', priority: true });
    expect((await call('PATCH', `/v1/offcuts/${id}`, key, JSON.stringify({ length: 5 }))).status).toBe(400);
    expect((await call('PATCH', `/v1/offcuts/${id}`, key, JSON.stringify({ quantity: 0 }))).status).toBe(204);
    expect((await call('DELETE', `/v1/offcuts/${id}`, key)).status).toBe(404);
    expect((await call('PATCH', '/v1/offcuts', key, '{}')).status).toBe(405);
  });

  it('solves against the rack on GET (offcuts=rack) and on the labels route, each plan stored', async () => {
    const solved = await call(
      'GET',
      '/v1/optimise?parts=1400,900&stock=6000&minRemnant=50&offcuts=rack',
      key,
    );
    expect(solved.status).toBe(200);
    const plan = (await json(solved)).plan;
    expect(plan.id).toMatch(/^pl_/);
    expect(
      plan.combinations.some((c: { usedComb: { rackId?: string } }) => c.usedComb.rackId !== undefined),
    ).toBe(true);
    const labels = await call(
      'POST',
      '/v1/optimise/labels',
      key,
      JSON.stringify({
        parts: '1400, 900',
        stockLength: 6000,
        minRemnant: 50,
        offcuts: 'rack',
        jobName: 'L',
      }),
    );
    expect(labels.status).toBe(200);
    const id = labels.headers.get('x-plan-id') ?? '';
    const original = Buffer.from(await labels.arrayBuffer());
    const again = Buffer.from(await (await call('GET', `/v1/plans/${id}/labels`, key)).arrayBuffer());
    expect(again.equals(original)).toBe(true);
  });
});
