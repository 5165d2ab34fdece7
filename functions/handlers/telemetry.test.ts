/**
 * The request's log line and metrics, as the handlers produce them: one record per request with the
 * route, status, tier, key id and workspace (never the key), times and solve figures, and the error
 * code of a failure; then the two sinks that write it (the plain line, and Powertools).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CutplanError, err, InternalError, NoPlanFoundError } from '../../core/errors.ts';
import { apiEvent, postJson, sampleEvent } from '../../test/support/api-event.ts';
import { fakeCore } from '../../test/support/fake-core.ts';
import { recordingAdmitter, testHandlers } from '../../test/support/handlers.ts';
import { RateLimitedError } from '../shared/errors.ts';
import { routeLabel } from '../shared/http/index.ts';
import { JSON_KEEP_ALIVE, readStreamedJson, type StreamSink, streamAnswer } from '../shared/http/stream.ts';
import { powertoolsTelemetry } from '../shared/powertools.ts';
import {
  emfDocument,
  lineTelemetry,
  type RequestRecord,
  requestLogFields,
  requestMetrics,
} from '../shared/telemetry.ts';

const KEY = 'cp_live_5f0c2b7e9d1a4c3b_sampleKeyNotIssuedAnywhere000001';

describe('the request record', () => {
  it('describes an admitted keyed solve: tier, key id, workspace, times and figures, never the key', async () => {
    const h = testHandlers({ admitter: recordingAdmitter({ tier: 'pro', branding: 'Acme' }) });
    const event = sampleEvent('optimise/post-keyed.json');
    const res = await h.optimise(event);
    expect(res.statusCode).toBe(200);
    const [record] = h.telemetry.records;
    expect(h.telemetry.records).toHaveLength(1);
    expect(record).toMatchObject({
      requestId: event.requestContext.requestId,
      route: 'POST /v1/optimise',
      status: 200,
      tier: 'pro',
      keyId: '00000000000000aa',
      workspace: 'ws-test',
      bodyBytes: Buffer.byteLength(event.body ?? ''),
      solve: { parts: 10, optimal: true, gap: 0 },
    });
    expect(record?.admissionMs).toBeGreaterThanOrEqual(0);
    expect(record?.durationMs).toBeGreaterThanOrEqual(record?.admissionMs ?? 0);
    expect(record?.solve?.bars).toBeGreaterThan(0);
    expect(record?.solve?.lines).toBeGreaterThan(0);
    expect(record?.solve?.groups).toBe(1);
    expect(JSON.stringify(record)).not.toContain(KEY);
    expect(JSON.stringify(record)).not.toContain(event.body?.slice(0, 20) ?? '');
  });

  it('records a refusal with its code and the caller’s kind of tier', async () => {
    const refuse = new RateLimitedError('30 per hour', Date.UTC(2026, 0, 1), 60);
    const h = testHandlers({ admitter: recordingAdmitter({ refuse }) });
    await h.optimise(sampleEvent('optimise/post-shorthand.json'));
    expect(h.telemetry.records).toEqual([
      expect.objectContaining({ status: 429, errorCode: 'rateLimited', tier: 'public' }),
    ]);
    expect(h.telemetry.records[0]?.solve).toBeUndefined();
  });

  it('records a validation failure without admission, and a bug as internal', async () => {
    const h = testHandlers();
    await h.optimise(sampleEvent('optimise/post-malformed-json.json'));
    expect(h.telemetry.records[0]).toMatchObject({ status: 400, errorCode: 'validation' });
    expect(h.telemetry.records[0]?.admissionMs).toBeUndefined();
    const broken = testHandlers({ core: fakeCore({ throws: new Error('boom') }) });
    await broken.optimise(sampleEvent('optimise/post-shorthand.json'));
    expect(broken.telemetry.records[0]).toMatchObject({ status: 500, errorCode: 'internal' });
  });

  it('records a PDF with its render time, and health and unknown routes with folded labels', async () => {
    const h = testHandlers();
    await h['optimise-pdf'](sampleEvent('optimise-pdf/post-job-name.json'));
    expect(h.telemetry.records[0]).toMatchObject({ route: 'POST /v1/optimise/pdf', status: 200 });
    expect(h.telemetry.records[0]?.pdfMs).toBeGreaterThanOrEqual(0);
    await h.health(sampleEvent('health/get.json'));
    await h.fallback(apiEvent({ method: 'BREW', path: '/coffee/../etc/passwd' }));
    expect(h.telemetry.records.slice(1).map((r) => [r.route, r.status])).toEqual([
      ['GET /v1/health', 200],
      ['OTHER (unknown path)', 404],
    ]);
  });

  it.each([
    ['GET', '/v1/optimise', 'GET /v1/optimise'],
    ['DELETE', '/v1/optimise', 'DELETE /v1/optimise'],
    ['GET', '/v1/optimise/../../x', 'GET (unknown path)'],
    ['PROPFIND', '/v1/health', 'OTHER /v1/health'],
  ])('labels %s %s as %s', (method, path, label) => {
    expect(routeLabel(method, path)).toBe(label);
  });
});

/** A sink that keeps the status sent and the body. */
function wire(): { sent: { status?: number; body: string }; sink: StreamSink } {
  const sent: { status?: number; body: string } = { body: '' };
  return {
    sent,
    sink: {
      head: (status) => {
        sent.status = status;
      },
      write: (chunk) => {
        sent.body += Buffer.from(chunk).toString('utf8');
      },
      end: async () => {},
    },
  };
}

describe('a failure decided after the streamed 200 began', () => {
  /**
   * The optimise handler behind the streaming edge, over a core that reads its clock for `solveMs` of
   * test time (each reading a second, beating the edge as the solver's readings do), then fails.
   */
  async function streamed(solveMs: number, error: CutplanError) {
    const clock = { t: 0 };
    const core = {
      ...fakeCore(),
      optimise: async (_request: unknown, ctx: { clock: { monotonic(): number } }) => {
        for (let spent = 0; spent < solveMs; spent += 1_000) {
          clock.t += 1_000;
          ctx.clock.monotonic();
        }
        return err(error);
      },
    };
    const h = testHandlers({ core });
    const { sent, sink } = wire();
    await streamAnswer(
      h.optimise,
      postJson('/v1/optimise', { parts: '500x4', stock: 1000 }),
      undefined,
      sink,
      {
        keepAlive: JSON_KEEP_ALIVE,
        now: () => clock.t,
        timer: false,
      },
    );
    const [record] = h.telemetry.records;
    if (record === undefined) throw new Error('no record');
    return { sent, record };
  }

  it('logs the 200 the caller got, and the late failure’s own status apart (lateStatus)', async () => {
    const { sent, record } = await streamed(40_000, new NoPlanFoundError('no plan found within 40 s'));
    expect(sent.status).toBe(200);
    expect(readStreamedJson(200, sent.body).status).toBe(422);
    expect(record).toMatchObject({ status: 200, lateStatus: 422, errorCode: 'noPlanFound' });
    expect(requestLogFields(record)).toMatchObject({ status: 200, lateStatus: 422, error: 'noPlanFound' });
    // Metrics count it by its own status, as before: a no-plan, not a success or a fault.
    const { metrics, dimensions } = requestMetrics(record);
    expect(dimensions.status).toBe('422');
    expect(metrics).toContainEqual({ name: 'NoPlanFound', unit: 'Count', value: 1 });
    expect(metrics).toContainEqual({ name: 'ServerErrors', unit: 'Count', value: 0 });
  });

  it('logs a late 500 as a 200 sent, at level ERROR, and counts it as a server error', async () => {
    const { sent, record } = await streamed(40_000, new InternalError('the verifier refused the plan'));
    expect(sent.status).toBe(200);
    expect(record).toMatchObject({ status: 200, lateStatus: 500, errorCode: 'internal' });
    expect(requestMetrics(record).metrics).toContainEqual({ name: 'ServerErrors', unit: 'Count', value: 1 });
    const lines: string[] = [];
    lineTelemetry((l) => lines.push(l), {}).request(record);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'ERROR', status: 200, lateStatus: 500 });
  });

  it('logs a failure sent whole (before any keep-alive) with its own status and no lateStatus', async () => {
    const { sent, record } = await streamed(5_000, new NoPlanFoundError('no plan found within 5 s'));
    expect(sent.status).toBe(422);
    expect(record).toMatchObject({ status: 422, errorCode: 'noPlanFound' });
    expect(record).not.toHaveProperty('lateStatus');
  });
});

const solved: RequestRecord = {
  requestId: 'r-1',
  route: 'POST /v1/optimise',
  status: 200,
  durationMs: 12.345,
  bodyBytes: 63,
  tier: 'pro',
  keyId: '5f0c2b7e9d1a4c3b',
  workspace: 'acme',
  admissionMs: 3.21,
  solve: { parts: 10, lines: 3, groups: 1, bars: 4, lowerBound: 4, optimal: true, gap: 0, solveMs: 1.5 },
};
const { solve: _solve, ...admittedOnly } = solved;
const { admissionMs: _admission, ...notAdmitted } = admittedOnly;

describe('metrics', () => {
  it.each([
    [
      solved,
      {
        Calls: 1,
        Busy: 0,
        ServerErrors: 0,
        Refused: 0,
        NoPlanFound: 0,
        AdmissionMs: 3.21,
        SolveMs: 1.5,
        Proven: 1,
      },
    ],
    [
      { ...admittedOnly, status: 503, errorCode: 'busy' },
      { Calls: 1, Busy: 1, ServerErrors: 0, Refused: 1, NoPlanFound: 0, AdmissionMs: 3.21 },
    ],
    [
      { ...notAdmitted, status: 500, errorCode: 'internal' },
      { Calls: 1, Busy: 0, ServerErrors: 1, Refused: 0, NoPlanFound: 0 },
    ],
    [
      { ...admittedOnly, status: 422, errorCode: 'noPlanFound' },
      { Calls: 1, Busy: 0, ServerErrors: 0, Refused: 0, NoPlanFound: 1, AdmissionMs: 3.21 },
    ],
    [
      { ...admittedOnly, route: 'POST /v1/optimise', status: 200, toolError: 'noPlanFound' },
      { Calls: 1, Busy: 0, ServerErrors: 0, Refused: 0, NoPlanFound: 1, AdmissionMs: 3.21 },
    ],
  ])('gives each call its metrics', (record, expected) => {
    const { metrics, dimensions } = requestMetrics(record);
    expect(Object.fromEntries(metrics.map((m) => [m.name, m.value]))).toEqual(expected);
    expect(dimensions).toEqual({ route: 'POST /v1/optimise', status: String(record.status), tier: 'pro' });
  });

  it('writes an EMF document per service and per route, status and tier', () => {
    const doc = JSON.parse(emfDocument(solved, 1_700_000_000_000));
    expect(doc._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'Cutplan',
      Dimensions: [['service', 'route', 'status', 'tier'], ['service']],
    });
    expect(doc).toMatchObject({ service: 'cutplan', route: 'POST /v1/optimise', Calls: 1, SolveMs: 1.5 });
  });
});

describe('sinks', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the plain line: one JSON line per request, EMF beside it only in Lambda', () => {
    const local: string[] = [];
    lineTelemetry((l) => local.push(l), {}).request(solved);
    expect(local).toHaveLength(1);
    expect(JSON.parse(local[0] ?? '')).toMatchObject({
      level: 'INFO',
      message: 'request',
      service: 'cutplan',
      requestId: 'r-1',
      route: 'POST /v1/optimise',
      keyId: '5f0c2b7e9d1a4c3b',
      bars: 4,
      solveMs: 1.5,
    });
    const lambda: string[] = [];
    lineTelemetry((l) => lambda.push(l), { AWS_LAMBDA_FUNCTION_NAME: 'cutplan-health' }).request(solved);
    expect(lambda).toHaveLength(2);
    expect(JSON.parse(lambda[1] ?? '')._aws.CloudWatchMetrics[0].Namespace).toBe('Cutplan');
  });

  it('Powertools: the same line through its Logger, and EMF through its Metrics in Lambda', () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    powertoolsTelemetry({ AWS_LAMBDA_FUNCTION_NAME: 'cutplan-optimise' }).telemetry.request(solved);
    vi.restoreAllMocks();
    const lines = written
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      level: 'INFO',
      message: 'request',
      service: 'cutplan',
      requestId: 'r-1',
      tier: 'pro',
      workspace: 'acme',
      optimal: true,
    });
    // The same metrics, dimension sets and values as the plain sink writes (the alarms read [service]).
    const plain = JSON.parse(emfDocument(solved, 0));
    expect(lines[1]._aws.CloudWatchMetrics).toEqual(plain._aws.CloudWatchMetrics);
    const { _aws: _a, ...values } = lines[1];
    const { _aws: _b, ...plainValues } = plain;
    expect(values).toEqual(plainValues);
    expect(lines[1]).toMatchObject({
      Calls: 1,
      Busy: 0,
      Proven: 1,
      route: 'POST /v1/optimise',
      service: 'cutplan',
    });
  });
});
