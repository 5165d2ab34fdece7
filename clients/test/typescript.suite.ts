/**
 * `@cutplan/client` (imported by its package name, as a user would) against the real server and, for
 * the answers the real server gives only under load or deep in a solve, against scripted answers.
 */

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CutplanClient,
  CutplanError,
  type LabelsRequest,
  type OptimiseRequest,
  type PdfRequest,
} from '@cutplan/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../../test/support/pdf.ts';
import { startDroppingProxy } from './dropping-proxy.ts';
import { dropped, jsonAnswer, type ScriptedServer, startScriptedServer } from './scripted-server.ts';
import {
  apiKeyOf,
  clientRequestOf,
  ROOT,
  type Sample,
  type Service,
  sendRaw,
  solvingSamples,
  withoutTimes,
} from './service.ts';

/** The client's error, or a failure when the call did not fail. */
async function failureOf(call: Promise<unknown>): Promise<CutplanError> {
  const outcome = await call.then(
    () => new Error('the call succeeded'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof CutplanError)) throw outcome;
  return outcome;
}

/** A `fetch` that counts the requests it sends. */
function countingFetch(): { fetch: typeof fetch; count: () => number } {
  let count = 0;
  return {
    fetch: (input, init) => {
      count++;
      return fetch(input, init);
    },
    count: () => count,
  };
}

/**
 * A PDF's text without the solve's time and the minute it was made, which differ from call to call, and
 * without white space (a longer time can move a line break).
 */
const pdfTextOf = (pdf: Uint8Array): string =>
  pdfPages(pdf)
    .join('\f')
    .replace(/\s+/g, '')
    .replace(/Solvedin[\d.,]+m?s\./g, 'Solvedin…')
    // Every stamp of the minute: "Created …", "Cutting plan, created …" and the pages' "Cutting plan · …".
    .replace(/\d{4}-\d\d-\d\d\d\d:\d\dUTC/g, '…');

const SMALL: OptimiseRequest = { parts: '500x4,300x2', stock: 1000 };

/** One job file with every presentation field, part labels and mitres (docs/api.md, Fields per route). */
const JOB_FILE = {
  jobName: 'Frames 12',
  paper: 'A4',
  labelFormat: 'thermal-100x50',
  stockLength: 3000,
  kerf: 3,
  angleCuts: { enabled: true, width: 40 },
  parts: [
    { length: 1200, quantity: 2, label: 'Top rail', leftAngle: 60, rightAngle: 60 },
    { length: 800, quantity: 3, label: 'Στήλη' },
  ],
} as const satisfies LabelsRequest;

export function typescriptClientSuite(service: () => Service): void {
  let samples: Sample[];
  let client: CutplanClient;
  beforeAll(async () => {
    samples = await solvingSamples();
    client = new CutplanClient({ baseUrl: service().url });
  });

  describe('against the server', () => {
    it('keeps a rack, solves against it, books the plan once and reads it back', async () => {
      // A key of its own (pro): the starter key's one solve per 3 s belongs to the 429 tests.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [join(ROOT, 'bin', 'cutplan.js'), 'keys', 'create', '--workspace', 'ts-rack', '--tier', 'pro'],
        { cwd: service().server.cwd },
      );
      const rack = new CutplanClient({ baseUrl: service().url, apiKey: stdout.trim() });
      await rack.importOffcutsCsv('length,quantity,label\n2500,1,A1\n1800,1,A2\n1200,1,A3\n');
      const added = await rack.addOffcuts({ offcuts: '700x2' });
      const page = await rack.listOffcuts({ pageSize: 2 });
      expect(page.offcuts).toHaveLength(2);
      expect(page.nextPageToken).not.toBeNull();
      const rest = await rack.listOffcuts({ pageSize: 2, pageToken: page.nextPageToken ?? '' });
      expect([...page.offcuts, ...rest.offcuts].map((o) => o.length)).toEqual([2500, 1800, 1200, 700]);
      await rack.deleteOffcut(added.offcuts[0]?.id ?? '');
      const solved = await rack.optimise({
        parts: '2400, 1700, 1100',
        stock: 6000,
        minRemnant: 50,
        offcuts: 'rack',
      });
      const planId = solved.plan.id ?? '';
      expect(solved.plan.combinations.map((c) => c.usedComb.rackId).every((r) => r?.startsWith('oc_'))).toBe(
        true,
      );
      const booked = await rack.bookPlan(planId);
      expect(await rack.bookPlan(planId)).toEqual(booked);
      expect(booked.taken).toHaveLength(3);
      expect(await rack.getPlan(planId)).toEqual(solved);
      expect(
        Buffer.from(await rack.planPdf(planId))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await rack.deletePlan(planId);
      expect(await failureOf(rack.getPlan(planId))).toMatchObject({ status: 404, error: 'notFound' });
      expect(await failureOf(client.listOffcuts())).toMatchObject({ status: 401, error: 'keyRequired' });
    });

    it('health() is what GET /v1/health answers', async () => {
      const raw = (await (await fetch(`${service().url}/v1/health`)).json()) as unknown;
      expect(await client.health()).toEqual(raw);
    });

    it('every sample that answers 200 gives the same plan through the client as over plain HTTP', async () => {
      let compared = 0;
      for (const sample of samples) {
        const request = clientRequestOf(sample);
        const raw = await sendRaw(service().url, sample);
        if (request === null || raw.status !== 200) continue;
        const keyed = new CutplanClient({ baseUrl: service().url, ...optionalKey(sample) });
        if (sample.path.endsWith('/pdf')) {
          const bytes = await keyed.optimisePdf(request as PdfRequest);
          expect(Buffer.from(bytes).subarray(0, 5).toString(), sample.name).toBe('%PDF-');
          const rawText = pdfTextOf(new Uint8Array(await raw.arrayBuffer()));
          expect(pdfTextOf(bytes), sample.name).toBe(rawText);
          // The solve budget the server applied, as its headers say (X-Time-Limit is always sent).
          const requested = raw.headers.get('x-requested-time-limit');
          expect(bytes.timeLimit, sample.name).toBe(Number(raw.headers.get('x-time-limit')));
          expect(bytes.requestedTimeLimit, sample.name).toBe(
            requested === null ? undefined : Number(requested),
          );
        } else {
          const plan = await keyed.optimise(request as OptimiseRequest);
          expect(withoutTimes(plan), sample.name).toEqual(withoutTimes(await raw.json()));
        }
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(8);
    });

    it('every error sample a client can send gives the typed error of the raw answer', async () => {
      const seen: number[] = [];
      for (const sample of samples) {
        const request = clientRequestOf(sample);
        const raw = await sendRaw(service().url, sample);
        if (request === null || raw.status === 200) continue;
        const body = (await raw.json()) as { error: string; detail: string };
        const keyed = new CutplanClient({ baseUrl: service().url, ...optionalKey(sample) });
        const call = sample.path.endsWith('/pdf')
          ? keyed.optimisePdf(request as PdfRequest)
          : keyed.optimise(request as OptimiseRequest);
        const error = await failureOf(call);
        expect({ status: error.status, error: error.error, detail: error.detail }, sample.name).toEqual({
          status: raw.status,
          ...body,
        });
        expect(error.requestId, sample.name).toMatch(/^[0-9a-f-]{36}$/);
        seen.push(raw.status);
      }
      expect(seen).toEqual(expect.arrayContaining([400, 401, 413]));
    });

    it('a bad part is a 400 naming it, sent once', async () => {
      const counting = countingFetch();
      const counted = new CutplanClient({ baseUrl: service().url, fetch: counting.fetch });
      const error = await failureOf(
        counted.optimise({
          parts: [
            { length: 2400, quantity: 4 },
            { length: -5, quantity: 2 },
          ],
          stock: 6000,
        }),
      );
      expect([error.status, error.error]).toEqual([400, 'validation']);
      expect(error.detail).toContain('parts[1]');
      expect(counting.count()).toBe(1);
    });

    it('an unknown key is a 401, sent once', async () => {
      const counting = countingFetch();
      const keyed = new CutplanClient({
        baseUrl: service().url,
        apiKey: 'cp_live_0000000000000000_notIssuedAnywhere00000000000000000',
        fetch: counting.fetch,
      });
      const error = await failureOf(keyed.optimise(SMALL));
      expect([error.status, error.error]).toEqual([401, 'badKey']);
      expect(counting.count()).toBe(1);
    });

    it('a body over 1 MiB is a 413, and too many parts for the tier the same typed error as the raw answer', async () => {
      const big = await failureOf(
        client.optimise({ parts: '500x1,'.repeat(200_000).slice(0, -1), stock: 1000 }),
      );
      expect([big.status, big.error]).toEqual([413, 'payloadTooLarge']);
      const many: OptimiseRequest = { parts: '100x301', stock: 1000 };
      const raw = await fetch(`${service().url}/v1/optimise`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(many),
      });
      const error = await failureOf(client.optimise(many));
      expect({ status: error.status, error: error.error }).toEqual({
        status: raw.status,
        error: ((await raw.json()) as { error: string }).error,
      });
      expect(error.detail).toMatch(/300/);
    });

    it('a real 429 is waited out when its Retry-After is short, and surfaces when retries are spent or the wait too long', async () => {
      const starter = { baseUrl: service().url, apiKey: service().starterKey };
      const once = new CutplanClient({ ...starter, maxRetries: 0 });
      // The window (one call per 3 s) must have over 2 s left, so that the next call surely meets the 429.
      for (let tries = 0; ; tries++) {
        const outcome = await once.optimise(SMALL).catch((error: unknown) => error);
        if (outcome instanceof CutplanError && (outcome.retryAfterSeconds ?? 0) >= 3) break;
        expect(tries).toBeLessThan(20);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const counting = countingFetch();
      const patient = new CutplanClient({ ...starter, fetch: counting.fetch });
      const started = Date.now();
      expect((await patient.optimise(SMALL)).plan.verified).toBe(true); // 429, wait, retry
      expect(counting.count()).toBe(2);
      expect(Date.now() - started).toBeGreaterThan(900);

      const spent = await failureOf(once.optimise(SMALL));
      expect([spent.status, spent.error]).toEqual([429, 'rateLimited']);
      expect(spent.retryAfterSeconds).toBeGreaterThan(0);
      expect(spent.retryAfterSeconds).toBeLessThanOrEqual(3);
      const hurried = countingFetch();
      const impatient = new CutplanClient({ ...starter, maxRetryWait: 0.5, fetch: hurried.fetch });
      expect((await failureOf(impatient.optimise(SMALL))).status).toBe(429);
      expect(hurried.count()).toBe(1);
    });

    it('a shorthand request and its long form give the same plan', async () => {
      const short = await client.optimise({ parts: '2400x4,1150x6', stock: 6000, kerf: 3 });
      const long = await client.optimise({
        parts: [
          { length: 2400, quantity: 4 },
          { length: 1150, quantity: 6 },
        ],
        stockLength: 6000,
        kerf: 3,
      });
      expect(withoutTimes(short.plan)).toEqual(withoutTimes(long.plan));
      const tuples = await client.optimise({ parts: [[2400, 4], [1150, 6], '600'], stock: 6000 });
      expect(tuples.plan.verified).toBe(true);
    });

    it('a timeLimit above the tier budget comes back capped, and the meta says so', async () => {
      const { meta } = await client.optimise({ ...SMALL, timeLimit: 3600 });
      expect(meta.requestedTimeLimit).toBe(3600);
      expect(meta.timeLimit).toBeLessThan(3600);
    });

    it('one job file gives the labels (PDF and ZPL) and the saw list, as the raw routes give them', async () => {
      const raw = async (path: string) => {
        const res = await fetch(`${service().url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(JOB_FILE),
        });
        expect(res.status, path).toBe(200);
        return new Uint8Array(await res.arrayBuffer());
      };
      const pdf = await client.labelsPdf(JOB_FILE);
      expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
      expect([pdf.fileName, typeof pdf.timeLimit, typeof pdf.requestId]).toEqual([
        'labels-Frames-12.pdf',
        'number',
        'string',
      ]);
      const zpl = await client.labelsZpl(JOB_FILE);
      expect(Buffer.from(zpl)).toEqual(Buffer.from(await raw('/v1/optimise/labels?format=zpl')));
      expect(new TextDecoder().decode(zpl)).toMatch(/^\^XA/);
      expect(zpl.fileName).toBe('labels-Frames-12.zpl');
      const csv = await client.sawList(JOB_FILE, { separator: 'semicolon' });
      expect(Buffer.from(csv)).toEqual(Buffer.from(await raw('/v1/optimise/csv?separator=semicolon')));
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv)).toMatch(/^\ufefflayout;copies;/);
      expect([csv.fileName, typeof csv.timeLimit]).toEqual(['saw-list-Frames-12.csv', 'number']);
      const comma = new TextDecoder().decode(await client.sawList(JOB_FILE));
      expect(comma).toMatch(/^layout,copies,/);
      expect(comma).toContain('Top rail');
    });

    it('optimiseQuery gives what the same request gives as a body', async () => {
      const stocks = [{ length: 1000, quantity: 10 }];
      const query = await client.optimiseQuery({ parts: '500x4,300x2', stocks, kerf: 2, trim: false });
      const body = await client.optimise({ parts: '500x4,300x2', stocks, kerf: 2, trim: false });
      expect(withoutTimes(query.plan)).toEqual(withoutTimes(body.plan));
      const error = await failureOf(client.optimiseQuery({ parts: '500x0', stock: 1000 }));
      expect([error.status, error.error]).toEqual([400, 'validation']);
    });

    it('an unreachable service is a network error with status 0', async () => {
      const nowhere = new CutplanClient({ baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
      const error = await failureOf(nowhere.health());
      expect([error.error, error.status]).toEqual(['network', 0]);
    });

    it('usage() is what GET /v1/usage answers, and asking counts nothing', async () => {
      const first = await client.usage();
      expect(first.tier).toBe('public');
      expect(first.windows.map((w) => w.window)).toEqual(['month', 'hour']);
      const again = await client.usage();
      expect(again.windows.map((w) => w.used)).toEqual(first.windows.map((w) => w.used));
      const keyed = await new CutplanClient({ baseUrl: service().url, apiKey: service().starterKey }).usage();
      expect(keyed).toMatchObject({ tier: 'starter', month: { refunded: expect.any(Number) } });
    });

    it('a solve whose answer was lost on the way is retried under its key and counted once', async () => {
      const proxy = await startDroppingProxy(service().url, 1);
      try {
        const hourUsed = async () => (await client.usage()).windows.at(-1)?.used ?? -1;
        const before = await hourUsed();
        const viaProxy = new CutplanClient({ baseUrl: proxy.url });
        const answer = await viaProxy.optimise(SMALL);
        expect(answer.plan.verified).toBe(true);
        expect(proxy.seen.map((s) => s.dropped)).toEqual([true, false]);
        const [first, second] = proxy.seen;
        expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
        expect(second?.key).toBe(first?.key);
        // The server solved and counted the first; the retry was its stored answer.
        expect((await hourUsed()) - before).toBe(1);
        const direct = await fetch(`${service().url}/v1/optimise`, {
          method: 'POST',
          // The client's own Accept: another one would be another request (422 idempotencyKeyReused).
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'Idempotency-Key': first?.key ?? '',
          },
          body: JSON.stringify(SMALL),
        });
        expect(direct.headers.get('idempotent-replayed')).toBe('true');
        // The stored answer, times and all: what the lost first answer was.
        expect(JSON.parse(await direct.text())).toEqual(answer);
      } finally {
        await proxy.close();
      }
    });

    it('a rack add and a booking whose answers were lost are retried under their keys and applied once', async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [join(ROOT, 'bin', 'cutplan.js'), 'keys', 'create', '--workspace', 'ts-rack-retry', '--tier', 'pro'],
        { cwd: service().server.cwd },
      );
      const apiKey = stdout.trim();
      const direct = new CutplanClient({ baseUrl: service().url, apiKey });
      const proxy = await startDroppingProxy(service().url, 1);
      try {
        const viaProxy = new CutplanClient({ baseUrl: proxy.url, apiKey });
        const added = await viaProxy.addOffcuts({ offcuts: '2500x2' });
        expect(proxy.seen.map((s) => s.dropped)).toEqual([true, false]);
        expect(proxy.seen[1]?.key).toBe(proxy.seen[0]?.key);
        // Added once: the retry was answered from the first add.
        expect((await direct.listOffcuts()).offcuts.map((o) => o.quantity)).toEqual([2]);
        expect(added.offcuts.map((o) => o.quantity)).toEqual([2]);
      } finally {
        await proxy.close();
      }
      const solved = await direct.optimise({ parts: '2400', stock: 6000, minRemnant: 50, offcuts: 'rack' });
      const again = await startDroppingProxy(service().url, 1);
      try {
        const viaProxy = new CutplanClient({ baseUrl: again.url, apiKey });
        const booked = await viaProxy.bookPlan(solved.plan.id ?? '', { idempotencyKey: 'book-once' });
        expect(again.seen.map((s) => [s.dropped, s.key])).toEqual([
          [true, 'book-once'],
          [false, 'book-once'],
        ]);
        expect(booked.taken).toHaveLength(1);
      } finally {
        await again.close();
      }
    });
  });

  describe('async jobs against the server', () => {
    const jobs = () => new CutplanClient({ baseUrl: service().url, apiKey: service().proKey });

    it('createJob answers the queued job at once; waitForJob polls it to succeeded; listJobs lists it', async () => {
      const client = jobs();
      const job = await client.createJob({ ...SMALL, timeLimit: 30 });
      expect(['queued', 'running']).toContain(job.status);
      expect(job.result).toBeNull();
      const polled: string[] = [];
      const done = await client.waitForJob(job.id, { onPoll: (j) => polled.push(j.status) });
      expect(done.status).toBe('succeeded');
      expect(done.result?.plan.verified).toBe(true);
      expect(done.result?.plan.id).toBe(done.planId);
      const page = await client.listJobs({ limit: 5 });
      expect(page.jobs.map((j) => j.id)).toContain(job.id);
      // An ended job is forgotten by cancelJob; then it is gone.
      expect(await client.cancelJob(job.id)).toBeUndefined();
      const gone = await failureOf(client.getJob(job.id));
      expect([gone.status, gone.error]).toEqual([404, 'notFound']);
    });

    it('a job needs a key: keyRequired, naming why', async () => {
      const error = await failureOf(new CutplanClient({ baseUrl: service().url }).createJob(SMALL));
      expect([error.status, error.error]).toEqual([401, 'keyRequired']);
      expect(error.detail).toContain('async jobs');
    });
  });

  describe('against scripted answers', () => {
    let scripted: ScriptedServer;
    let scriptedClient: CutplanClient;
    beforeAll(async () => {
      scripted = await startScriptedServer();
      scriptedClient = new CutplanClient({ baseUrl: scripted.url, apiKey: 'k1' });
    });
    afterAll(() => scripted.close());

    const plan = { plan: { verified: true }, stats: {}, costLowerBound: null, meta: {} };

    it('waitForJob polls as Retry-After says until the job ends, and gives up at its timeout', async () => {
      const active = (status: string) =>
        jsonAnswer(200, { id: 'job_1', status, result: null, progress: null }, { 'Retry-After': '0.05' });
      scripted.play([
        jsonAnswer(
          202,
          { id: 'job_1', status: 'queued', result: null },
          { Location: `${scripted.url}/v1/jobs/job_1` },
        ),
      ]);
      expect((await scriptedClient.createJob(SMALL)).status).toBe('queued');
      expect(scripted.requests[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      scripted.play([
        active('queued'),
        active('running'),
        jsonAnswer(200, {
          id: 'job_1',
          status: 'failed',
          result: null,
          error: { error: 'noPlanFound', detail: 'none' },
        }),
      ]);
      const ended = await scriptedClient.waitForJob('job_1');
      expect(ended.status).toBe('failed');
      expect(scripted.requests.map((r) => `${r.method} ${r.url}`)).toEqual(
        Array(3).fill('GET /v1/jobs/job_1'),
      );
      const gaps = scripted.requests.slice(1).map((r, i) => r.atMs - (scripted.requests[i]?.atMs ?? 0));
      expect(gaps.every((g) => g >= 40)).toBe(true); // waited as told, never in a tight loop
      scripted.play([active('running')]);
      const timedOut = await failureOf(scriptedClient.waitForJob('job_1', { timeout: 0.3 }));
      expect([timedOut.error, timedOut.status]).toEqual(['timeout', 0]);
      expect(timedOut.detail).toContain('still running');
    });

    it('sends the request as JSON with the key, and reads the plan', async () => {
      scripted.play([jsonAnswer(200, plan)]);
      expect(await scriptedClient.optimise(SMALL)).toEqual(plan);
      const [request] = scripted.requests;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe('/v1/optimise');
      expect(request?.headers['x-api-key']).toBe('k1');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request?.body ?? '')).toEqual(SMALL);
    });

    it('sends an Idempotency-Key on every POST, the same on its retries, a new one per call; none on a GET', async () => {
      scripted.play([
        jsonAnswer(503, { error: 'busy', detail: 'busy', retryAfterSeconds: 0.05 }),
        jsonAnswer(200, plan),
      ]);
      await scriptedClient.optimise(SMALL);
      const [a, b] = scripted.requests.map((r) => r.headers['idempotency-key']);
      expect(a).toMatch(/^[0-9a-f-]{36}$/);
      expect(b).toBe(a);
      scripted.play([jsonAnswer(200, plan)]);
      await scriptedClient.optimise(SMALL);
      expect(scripted.requests[0]?.headers['idempotency-key']).not.toBe(a);
      await scriptedClient.optimise(SMALL, { idempotencyKey: 'my-order-42' });
      expect(scripted.requests[1]?.headers['idempotency-key']).toBe('my-order-42');
      scripted.play([jsonAnswer(200, { status: 'ok' })]);
      await scriptedClient.health();
      expect(scripted.requests[0]?.headers['idempotency-key']).toBeUndefined();
    });

    it('retries a connection dropped without an answer under the same key, and waits out a 409 in progress', async () => {
      scripted.play([
        dropped,
        jsonAnswer(
          409,
          { error: 'idempotencyInProgress', detail: 'still running', retryAfterSeconds: 0.05 },
          { 'Retry-After': '1' },
        ),
        jsonAnswer(409, { error: 'idempotencyInProgress', detail: 'still running', retryAfterSeconds: 0.05 }),
        jsonAnswer(409, { error: 'idempotencyInProgress', detail: 'still running', retryAfterSeconds: 0.05 }),
        jsonAnswer(200, plan),
      ]);
      expect(await scriptedClient.optimise(SMALL)).toEqual(plan);
      const keys = new Set(scripted.requests.map((r) => r.headers['idempotency-key']));
      expect(scripted.requests).toHaveLength(5);
      expect(keys.size).toBe(1);
    });

    it('a connection that keeps dropping surfaces as `network` with the key to retry it later', async () => {
      scripted.play([dropped]);
      const error = await failureOf(scriptedClient.optimise(SMALL));
      expect(error).toMatchObject({ error: 'network', status: 0 });
      expect(scripted.requests).toHaveLength(3); // the first and maxRetries (2) more
      expect(error.idempotencyKey).toBe(scripted.requests[0]?.headers['idempotency-key']);
    });

    it('a timed-out call reports its key, and a call with that key sends it again', async () => {
      scripted.play([{ ...jsonAnswer(200, plan), delayMs: 2_000 }]);
      const error = await failureOf(scriptedClient.optimise(SMALL, { timeout: 0.2 }));
      expect(error.error).toBe('timeout');
      expect(error.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      scripted.play([jsonAnswer(200, plan)]);
      await scriptedClient.optimise(SMALL, { idempotencyKey: error.idempotencyKey ?? '' });
      expect(scripted.requests[0]?.headers['idempotency-key']).toBe(error.idempotencyKey);
    });

    it('retries a 503 and a 429 after their Retry-After, then answers', async () => {
      scripted.play([
        jsonAnswer(503, { error: 'busy', detail: 'all solvers busy' }, { 'Retry-After': '1' }),
        jsonAnswer(
          429,
          { error: 'rateLimited', detail: 'slow down', retryAfterSeconds: 0.2 },
          { 'Retry-After': '1' },
        ),
        jsonAnswer(200, plan),
      ]);
      expect(await scriptedClient.optimise(SMALL)).toEqual(plan);
      const [first, second, third] = scripted.requests.map((r) => r.atMs);
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(950);
      expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(180);
    });

    it('a 503 that stays busy surfaces as the typed error once the retries are spent', async () => {
      scripted.play([
        jsonAnswer(
          503,
          { error: 'busy', detail: 'all solvers busy', retryAfterSeconds: 0.1 },
          { 'Retry-After': '1' },
        ),
      ]);
      const error = await failureOf(scriptedClient.optimise(SMALL));
      expect(error).toMatchObject({
        status: 503,
        error: 'busy',
        retryAfterSeconds: 0.1,
        requestId: 'req-503',
      });
      expect(scripted.requests).toHaveLength(3);
    });

    it('does not wait out a Retry-After longer than maxRetryWait (a public 429 may say an hour)', async () => {
      scripted.play([
        jsonAnswer(429, { error: 'rateLimited', detail: 'hourly limit' }, { 'Retry-After': '3600' }),
      ]);
      const error = await failureOf(scriptedClient.optimise(SMALL));
      expect(error).toMatchObject({ status: 429, retryAfterSeconds: 3600 });
      expect(scripted.requests).toHaveLength(1);
    });

    it.each([
      [400, 'validation'],
      [401, 'badKey'],
      [413, 'partsLimit'],
      [422, 'noPlanFound'],
      [500, 'internal'],
    ])('never retries a %i (%s), even with a Retry-After', async (status, code) => {
      scripted.play([jsonAnswer(status, { error: code, detail: `a ${code}` }, { 'Retry-After': '0' })]);
      const error = await failureOf(scriptedClient.optimise(SMALL));
      expect(error).toMatchObject({ status, error: code, detail: `a ${code}` });
      expect(error).toBeInstanceOf(Error);
      expect(scripted.requests).toHaveLength(1);
    });

    it('reads a streamed 200 that begins with whitespace', async () => {
      scripted.play([
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
          body: `\n \n\n${JSON.stringify(plan)}`,
        },
      ]);
      expect(await scriptedClient.optimise(SMALL)).toEqual(plan);
    });

    it('raises a failure decided after the stream began (a 200 with an error body) with its own status', async () => {
      const failure = { error: 'noPlanFound', detail: 'no plan within 5 s', status: 422 };
      scripted.play([
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
          body: `\n\n${JSON.stringify(failure)}`,
        },
      ]);
      const error = await failureOf(scriptedClient.optimise(SMALL));
      expect(error).toMatchObject({ status: 422, error: 'noPlanFound', detail: 'no plan within 5 s' });
      expect(scripted.requests).toHaveLength(1);
    });

    it('reads PDF bytes, and a JSON error on the PDF route', async () => {
      const pdf = Buffer.from('%PDF-1.7\nbody');
      scripted.play([{ status: 200, headers: { 'Content-Type': 'application/pdf' }, body: pdf }]);
      expect(Buffer.from(await scriptedClient.optimisePdf(SMALL))).toEqual(pdf);
      expect(scripted.requests[0]?.url).toBe('/v1/optimise/pdf');
      scripted.play([jsonAnswer(400, { error: 'validation', detail: 'jobName: too long' })]);
      expect(await failureOf(scriptedClient.optimisePdf(SMALL))).toMatchObject({
        status: 400,
        error: 'validation',
      });
      const late = { error: 'internal', detail: 'the renderer failed', status: 500 };
      scripted.play([
        { status: 200, headers: { 'Content-Type': 'application/pdf' }, body: `\n ${JSON.stringify(late)}` },
      ]);
      expect(await failureOf(scriptedClient.optimisePdf(SMALL))).toMatchObject({
        status: 500,
        error: 'internal',
      });
      scripted.play([jsonAnswer(200, plan)]);
      expect(await failureOf(scriptedClient.optimisePdf(SMALL))).toMatchObject({
        status: 200,
        error: 'http',
      });
    });

    it('reads the solve budget of a PDF from its headers: applied, and requested when capped', async () => {
      const pdf = Buffer.from('%PDF-1.7\nbody');
      const headers = { 'Content-Type': 'application/pdf', 'X-Request-Id': 'req-7' };
      scripted.play([
        {
          status: 200,
          headers: { ...headers, 'X-Time-Limit': '240', 'X-Requested-Time-Limit': '300' },
          body: pdf,
        },
      ]);
      const capped = await scriptedClient.optimisePdf({ ...SMALL, timeLimit: 300 });
      expect([capped.timeLimit, capped.requestedTimeLimit, capped.requestId]).toEqual([240, 300, 'req-7']);
      // The fields ride on the bytes without changing them: the value still equals the plain PDF.
      expect(Buffer.from(capped)).toEqual(pdf);
      expect(Object.keys(capped)).toHaveLength(pdf.length);
      scripted.play([{ status: 200, headers: { ...headers, 'X-Time-Limit': '6.987' }, body: pdf }]);
      const applied = await scriptedClient.optimisePdf(SMALL);
      expect([applied.timeLimit, applied.requestedTimeLimit]).toEqual([6.987, undefined]);
      scripted.play([{ status: 200, headers: { 'Content-Type': 'application/pdf' }, body: pdf }]);
      const bare = await scriptedClient.optimisePdf(SMALL);
      expect([bare.timeLimit, bare.requestedTimeLimit, bare.requestId]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    });

    it('reads ZPL and CSV with their budget and file name, asking each route for its own media type', async () => {
      const zpl = Buffer.from('^XA\n^FDP1^FS\n^XZ\n');
      scripted.play([
        {
          status: 200,
          headers: {
            'Content-Type': 'application/zpl; charset=utf-8',
            'Content-Disposition': `attachment; filename="labels-Fenster-S_d.zpl"; filename*=UTF-8''labels-Fenster-S%C3%BCd.zpl`,
            'X-Time-Limit': '240',
            'X-Requested-Time-Limit': '300',
            'X-Request-Id': 'req-9',
          },
          body: zpl,
        },
      ]);
      const labels = await scriptedClient.labelsZpl({ ...SMALL, timeLimit: 300 });
      expect(Buffer.from(labels)).toEqual(zpl);
      expect([labels.timeLimit, labels.requestedTimeLimit, labels.requestId, labels.fileName]).toEqual([
        240,
        300,
        'req-9',
        'labels-Fenster-Süd.zpl',
      ]);
      expect(scripted.requests[0]).toMatchObject({
        url: '/v1/optimise/labels?format=zpl',
        headers: { accept: 'application/zpl' },
      });
      const csv = Buffer.from('\ufefflayout;copies\r\n');
      scripted.play([{ status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' }, body: csv }]);
      const list = await scriptedClient.sawList(SMALL, { separator: 'semicolon' });
      expect(Buffer.from(list)).toEqual(csv);
      expect([list.timeLimit, list.fileName]).toEqual([undefined, undefined]);
      expect(scripted.requests[0]).toMatchObject({
        url: '/v1/optimise/csv?separator=semicolon',
        headers: { accept: 'text/csv' },
      });
      scripted.play([
        jsonAnswer(429, { error: 'rateLimited', detail: 'slow down', retryAfterSeconds: 3600 }),
      ]);
      expect(await failureOf(scriptedClient.sawList(SMALL))).toMatchObject({
        status: 429,
        retryAfterSeconds: 3600,
      });
    });

    it('sends the GET query form: text as it is, numbers and booleans written out, lists as JSON', async () => {
      scripted.play([jsonAnswer(200, plan)]);
      await scriptedClient.optimiseQuery({
        parts: '500x4, 300x2',
        stocks: [{ length: 1000 }],
        kerf: 2.5,
        trim: true,
        unit: undefined,
        method: null,
      });
      const url = new URL(scripted.requests[0]?.url ?? '', 'http://x');
      expect(scripted.requests[0]?.method).toBe('GET');
      expect(url.pathname).toBe('/v1/optimise');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        parts: '500x4, 300x2',
        stocks: '[{"length":1000}]',
        kerf: '2.5',
        trim: 'true',
      });
    });

    it.each(['localhost:3000', 'api.example.com/prod', 'ftp://api.example.com', '', '/v1'])(
      'refuses the base URL %j when the client is built',
      (baseUrl) => {
        expect(() => new CutplanClient({ baseUrl })).toThrow(
          new TypeError(
            `baseUrl must be an absolute http:// or https:// URL such as http://localhost:3000, got ${JSON.stringify(baseUrl)}`,
          ),
        );
      },
    );

    it('an answer without the error body (a gateway page) is an `http` error with its status', async () => {
      scripted.play([
        { status: 502, headers: { 'Content-Type': 'text/html' }, body: '<h1>Bad Gateway</h1>' },
      ]);
      expect(await failureOf(scriptedClient.optimise(SMALL))).toMatchObject({ status: 502, error: 'http' });
    });

    it('a stream that keeps dripping still ends at the deadline', async () => {
      const body = `${' '.repeat(100)}${JSON.stringify(plan)}`; // 5 s of spaces
      scripted.play([{ status: 200, headers: { 'Content-Type': 'application/json' }, body, dripMs: 50 }]);
      const started = Date.now();
      const error = await failureOf(scriptedClient.optimise(SMALL, { timeout: 0.5 }));
      expect([error.error, error.status]).toEqual(['timeout', 0]);
      expect(Date.now() - started).toBeLessThan(3_000);
      const short = `${' '.repeat(5)}${JSON.stringify(plan)}`;
      scripted.play([
        { status: 200, headers: { 'Content-Type': 'application/json' }, body: short, dripMs: 1 },
      ]);
      expect(await scriptedClient.optimise(SMALL)).toEqual(plan);
    });

    it('times out as a `timeout` error, and an abort rejects with the signal reason', async () => {
      scripted.play([{ ...jsonAnswer(200, plan), delayMs: 5_000 }]);
      const started = Date.now();
      const error = await failureOf(scriptedClient.optimise(SMALL, { timeout: 0.2 }));
      expect([error.error, error.status]).toEqual(['timeout', 0]);
      // Worded as the Python client words it (clients/python/tests/test_scripted.py).
      expect(error.detail).toBe(`no answer from ${scripted.url} within 0.2 s`);
      expect(Date.now() - started).toBeLessThan(3_000);
      const controller = new AbortController();
      const call = scriptedClient.optimise(SMALL, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
}

const optionalKey = (sample: Sample): { apiKey?: string } => {
  const key = apiKeyOf(sample);
  return key === undefined ? {} : { apiKey: key };
};
