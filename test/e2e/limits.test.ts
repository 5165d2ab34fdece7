/**
 * Tiers, keys, limits and CORS end to end: the local server over real HTTP, running the production
 * composition (real parser and solver, `solveServices`) with the production admitter over an embedded
 * DynamoDB on a manual clock. Keys are issued through the CLI module against the same table.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../../bin/keys.ts';
import { runUsage } from '../../bin/usage.ts';
import { sawListCsv } from '../../core/saw-list/csv.ts';
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
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import { DEFAULT_KEY_CACHE_MS } from '../../functions/shared/limits/index.ts';
import { SOLVER_NAME } from '../../functions/shared/real-core.ts';
import { solveServices } from '../../functions/shared/services.ts';
import { VERSION } from '../../functions/shared/version.ts';
import {
  collectingLogger,
  collectingTelemetry,
  fakeRenderLabels,
  fakeRenderPdf,
  testDocsHandler,
} from '../support/handlers.ts';
import { realAdmitter } from '../support/limits.ts';
import { type RunningServer, startServer } from '../support/local-server.ts';

const SHOP = 'https://shop.acme.example';
const log = collectingLogger();
const renderPdf = fakeRenderPdf();
let dynamo: EmbeddedDynamo;
let server: RunningServer;
let limits: Awaited<ReturnType<typeof realAdmitter>>;
/** A `pro` key for SHOP, with a PDF branding line, issued by `cutplan keys create`. */
let proKey: string;

/** Runs `cutplan keys …` (the CLI module) against the server's table; returns stdout, or throws. */
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

beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  limits = await realAdmitter(dynamo, { log });
  const services = await solveServices({ log, telemetry: collectingTelemetry(), admitter: limits.admitter });
  server = await startServer({
    optimise: makeOptimiseHandler(services),
    'optimise-pdf': makeOptimisePdfHandler({ ...services, renderPdf }),
    mcp: makeMcpHandler({
      ...services,
      renderPdf,
      renderLabels: fakeRenderLabels(),
      renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
    }),
    'optimise-labels': makeOptimiseLabelsHandler({ ...services, renderLabels: fakeRenderLabels() }),
    'optimise-csv': makeOptimiseCsvHandler({
      ...services,
      renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
    }),
    health: makeHealthHandler({ log, version: VERSION, solver: SOLVER_NAME }),
    usage: makeUsageHandler({ log, admitter: limits.admitter }),
    fallback: makeFallbackHandler({ log }),
    docs: testDocsHandler(log),
  });
  proKey = await keys([
    'create',
    ...['--workspace', 'acme', '--tier', 'pro', '--origins', SHOP, '--branding', 'Cut by Acme'],
  ]);
});
afterAll(async () => {
  await server?.close();
  await dynamo?.close();
});

/** The next full public hour, so a test starts with all 30 calls (the month has room for all tests). */
function nextHour(): void {
  const now = limits.clock.now();
  limits.clock.advance(3_600_000 - (now % 3_600_000));
}

const SMALL = '/v1/optimise?parts=500x4&stock=1000';
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });
const post = (body: unknown, headers: Record<string, string> = {}, path = '/v1/optimise') =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const bodyOf = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe('public tier over HTTP', () => {
  it('admits 30 calls an hour, refuses the 31st with 429 and when it resets, and never counts refused jobs', async () => {
    limits.clock.advance(20 * 60_000); // 13:20 → 13:40: 20 minutes before the hour resets
    const notCounted = [
      await get('/v1/optimise?parts=500x0&stock=1000'),
      await post({ parts: [{ length: -5, quantity: 2 }], stockLength: 1000 }),
      await post({ parts: '1200x1', stock: 1000 }),
      await post({ parts: '10x301', stock: 1000 }),
    ];
    expect(notCounted.map((r) => r.status)).toEqual([400, 400, 400, 413]);
    for (const res of notCounted) expect(res.headers.get('x-ratelimit-remaining')).toBeNull();

    const left: string[] = [];
    for (let call = 1; call <= 30; call++) {
      const res = await get(SMALL);
      expect(res.status).toBe(200);
      left.push(res.headers.get('x-ratelimit-remaining') ?? 'none');
    }
    expect(left).toEqual(Array.from({ length: 30 }, (_, i) => String(29 - i)));

    const refused = await get(SMALL);
    expect(refused.status).toBe(429);
    expect(Object.fromEntries(refused.headers)).toMatchObject({
      'retry-after': '1200',
      'x-ratelimit-limit': '30',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Date.parse('2025-03-10T14:00:00.000Z') / 1000),
    });
    expect(await bodyOf(refused)).toEqual({
      error: 'rateLimited',
      detail: expect.stringContaining('30 requests per hour per IP address'),
      retryAfterSeconds: 1200,
      resetAt: '2025-03-10T14:00:00.000Z',
    });

    const keyed = await get(SMALL, { 'X-API-Key': proKey });
    expect(keyed.status).toBe(200);

    limits.clock.advance(1_200_000); // 14:00: a new hour
    const reset = await get(SMALL);
    expect(reset.status).toBe(200);
    expect(reset.headers.get('x-ratelimit-remaining')).toBe('29');
  });

  it.each([
    ['301 parts', { parts: '10x301', stock: 1000 }, '300 parts per request; an API key raises it'],
    [
      '61 distinct lines',
      { parts: Array.from({ length: 61 }, (_, i) => [100 + i, 1]), stock: 1000 },
      '60 distinct lines per request',
    ],
  ])('refuses %s with 413 partsLimit naming the cap', async (_, body, cap) => {
    nextHour();
    const res = await post(body);
    expect(res.status).toBe(413);
    expect(await bodyOf(res)).toMatchObject({ error: 'partsLimit', detail: expect.stringContaining(cap) });
  });
});

describe('API keys over HTTP', () => {
  it('serves a key issued by `cutplan keys create` on its tier, with its limits and caps', async () => {
    const res = await post({ parts: '10x301', stock: 1000 }, { 'X-API-Key': proKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    const body = await bodyOf(res);
    expect(body.meta).toMatchObject({ tier: 'pro' });
    expect(body.plan).toMatchObject({ verified: true, optimal: true, stockBarsUsed: 4 });
  });

  it("hands the key's branding line to the PDF", async () => {
    const res = await post(
      { parts: '500x4', stock: 1000, jobName: 'Rack' },
      { 'X-API-Key': proKey },
      '/v1/optimise/pdf',
    );
    expect(res.status).toBe(200);
    expect(renderPdf.jobs.at(-1)).toMatchObject({ jobName: 'Rack', branding: 'Cut by Acme' });
    expect(renderPdf.jobs.at(-1)?.response.meta.tier).toBe('pro');
  });

  it('answers a disabled key with 401', async () => {
    const key = await keys(['create', '--workspace', 'acme', '--tier', 'starter']);
    expect((await get(SMALL, { 'X-API-Key': key })).status).toBe(200);
    await keys(['disable', key.split('_')[2] ?? '']);
    limits.clock.advance(DEFAULT_KEY_CACHE_MS); // a warm container trusts the record it read that long
    const res = await get(SMALL, { 'X-API-Key': key });
    expect(res.status).toBe(401);
    expect(await bodyOf(res)).toMatchObject({
      error: 'badKey',
      detail: expect.stringContaining('is disabled'),
    });
  });

  it.each([
    ['an empty header', '', 'present but empty'],
    ['a malformed key', 'let-me-in', 'not a cutplan API key'],
    ['an unknown key', 'cp_live_0123456789abcdef_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'unknown API key'],
  ])('answers %s with 401 badKey and counts nothing', async (_, key, detail) => {
    nextHour();
    const res = await get(SMALL, { 'X-API-Key': key });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    expect(await bodyOf(res)).toMatchObject({ error: 'badKey', detail: expect.stringContaining(detail) });
    expect((await get(SMALL)).headers.get('x-ratelimit-remaining')).toBe('29');
  });
});

describe('usage over HTTP', () => {
  it('answers GET /v1/usage uncounted, and what it says agrees with the headers and the operator report', async () => {
    const key = await keys(['create', '--workspace', 'usage-ws', '--tier', 'starter']);
    const usage = async () => {
      const res = await get('/v1/usage', { 'X-API-Key': key });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBeNull(); // never counted
      return bodyOf(res);
    };
    expect(await usage()).toEqual({
      tier: 'starter',
      windows: [{ window: 'minute', limit: 20, used: 0, remaining: 20, resetAt: expect.any(String) }],
      month: { used: 0, refunded: 0 },
    });
    for (let call = 1; call <= 3; call++) {
      const res = await post({ parts: '500x4', stock: 1000 }, { 'X-API-Key': key });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"minute";q=20;w=60');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"minute";r=${20 - call};t=\\d+$`));
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(20 - call));
    }
    const after = await usage();
    expect(after).toMatchObject({ windows: [{ used: 3, remaining: 17 }], month: { used: 3, refunded: 0 } });
    // The operator's report for the month: the same figures.
    let stdout = '';
    const code = await runUsage(['report', '--month', '2025-03', '--format', 'json'], {
      env: limits.keysEnv,
      cwd: process.cwd(),
      stdout: (t) => {
        stdout += t;
      },
      stderr: () => {},
    });
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as { workspace: string; used: number; refunded: number }[];
    expect(rows.find((r) => r.workspace === 'usage-ws')).toMatchObject(after.month as object);
  });

  it('tells a keyless caller its public windows by IP, and lets a page read the IETF headers', async () => {
    nextHour();
    const res = await get('/v1/usage', { Origin: 'https://example.org' });
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body.tier).toBe('public');
    expect((body.windows as { window: string }[]).map((w) => w.window)).toEqual(['month', 'hour']);
    expect(body.month).toMatchObject({ refunded: null });
    const counted = await get(SMALL, { Origin: 'https://example.org' });
    const exposed = counted.headers.get('access-control-expose-headers') ?? '';
    for (const name of ['RateLimit-Policy', 'RateLimit', 'Idempotent-Replayed'])
      expect(exposed).toContain(name);
    expect(counted.headers.get('ratelimit-policy')).toMatch(/^"month";q=250;w=\d+, "hour";q=30;w=3600$/);
  });

  it('answers a bad key on /v1/usage with 401', async () => {
    const res = await get('/v1/usage', { 'X-API-Key': 'let-me-in' });
    expect(res.status).toBe(401);
  });
});

describe('CORS over HTTP', () => {
  it('lets any page read a keyless call: the plan and a validation error alike', async () => {
    nextHour();
    const origin = { Origin: 'https://any-page.example' };
    for (const res of [await get(SMALL, origin), await post({ parts: '500x0', stock: 1000 }, origin)]) {
      expect([200, 400]).toContain(res.status);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After');
    }
  });

  it("answers a keyed call from one of the key's origins for that origin", async () => {
    const res = await get(SMALL, { 'X-API-Key': proKey, Origin: SHOP });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('answers a keyed call from a foreign origin with a 401 that page can read', async () => {
    const res = await get(SMALL, { 'X-API-Key': proKey, Origin: 'https://evil.example' });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect(await bodyOf(res)).toMatchObject({
      error: 'badKey',
      detail: expect.stringContaining('origin https://evil.example is not allowed'),
    });
  });

  it('answers the preflight for the asking origin, allowing the key header', async () => {
    const res = await fetch(`${server.url}/v1/optimise`, {
      method: 'OPTIONS',
      headers: {
        Origin: SHOP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key',
      },
    });
    expect(res.status).toBe(204);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'access-control-allow-origin': SHOP,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type, X-API-Key, Idempotency-Key',
    });
  });
});
