import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { sawListCsv } from '../../core/saw-list/csv.ts';
import { makeOptimiseCsvHandler, makeOptimiseLabelsHandler } from '../../functions/handlers/index.ts';
import type { ApiHandler } from '../../functions/shared/http/index.ts';
import { createLpEngine, type RealLp, realCore } from '../../functions/shared/real-core.ts';
import { apiEvent, postJson, sampleEvent } from '../support/api-event.ts';
import { testClock } from '../support/fake-core.ts';
import {
  collectingLogger,
  fakeRenderLabels,
  type RecordingAdmitter,
  recordingAdmitter,
} from '../support/handlers.ts';

/** The saw list and labels handlers over the real core (the fake core reads no angles or labels). */
let lp: RealLp;
beforeAll(async () => {
  lp = await createLpEngine();
});

function testHandlers(options: { admitter?: RecordingAdmitter } = {}) {
  const deps = {
    core: realCore,
    lp,
    clock: testClock(),
    admitter: options.admitter ?? recordingAdmitter(),
    poweredBy: 'cutplan test',
    log: collectingLogger(),
  };
  const renderLabels = fakeRenderLabels();
  const handlers: Record<'optimise-csv' | 'optimise-labels', ApiHandler> = {
    'optimise-csv': makeOptimiseCsvHandler({
      ...deps,
      renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
    }),
    'optimise-labels': makeOptimiseLabelsHandler({ ...deps, renderLabels }),
  };
  return { ...handlers, renderLabels };
}

const json = (res: APIGatewayProxyResult): Record<string, unknown> => JSON.parse(res.body);

describe('makeOptimiseCsvHandler', () => {
  it('answers the sample job with the saw list as a CSV download', async () => {
    const res = await testHandlers()['optimise-csv'](sampleEvent('optimise-csv/post-shorthand.json'));
    expect(res).toMatchObject({ statusCode: 200, isBase64Encoded: false });
    expect(res.headers).toMatchObject({
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="saw-list.csv"; filename*=UTF-8''saw-list.csv`,
    });
    expect(res.body.startsWith('layout,copies,cut,position,top,bottom,piece,label,material,length,')).toBe(
      true,
    );
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('writes the semicolon style with a byte-order mark on ?separator=semicolon', async () => {
    const res = await testHandlers()['optimise-csv'](sampleEvent('optimise-csv/post-semicolon.json'));
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\ufefflayout;copies;cut;')).toBe(true);
  });

  it.each([
    [{ separator: 'tab' }, 'separator'],
    [{ separator: ['comma', 'semicolon'] }, 'separator'],
  ])('refuses query %j with 400 naming it, before admission', async (query, name) => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter });
    const event = { ...postJson('/v1/optimise/csv', { parts: '500x4', stock: 1000 }) };
    const res = await h['optimise-csv']({
      ...event,
      queryStringParameters: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      multiValueQueryStringParameters: Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]),
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: 'validation', detail: expect.stringContaining(name) });
    expect(admitter.calls).toHaveLength(0);
  });

  it('refuses separator in the body with 400, pointing to the ?separator= query parameter', async () => {
    const res = await testHandlers()['optimise-csv'](
      postJson('/v1/optimise/csv', { parts: '500x4', stock: 1000, separator: 'semicolon' }),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: 'validation',
      detail:
        '"separator" is a query parameter of POST /v1/optimise/csv (?separator=semicolon), not a body field: send it as POST /v1/optimise/csv?separator=semicolon',
    });
  });

  it('answers the job-file sample (every presentation field) with a saw list named after the job', async () => {
    const res = await testHandlers()['optimise-csv'](sampleEvent('optimise-csv/post-job-file.json'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers?.['Content-Disposition']).toContain('filename="saw-list-Frames-12.csv"');
    expect(res.body).toContain('Top rail');
  });

  it('refuses GET', async () => {
    const get = await testHandlers()['optimise-csv'](apiEvent({ method: 'GET', path: '/v1/optimise/csv' }));
    expect(get.statusCode).toBe(405);
  });
});

/** One job file with every presentation field, part labels and mitres (docs/api.md, Fields per route). */
const JOB_FILE = {
  jobName: 'Frames 12',
  paper: 'Letter',
  labelFormat: 'a4-3x8',
  stockLength: 3000,
  kerf: 3,
  angleCuts: { enabled: true, width: 40 },
  parts: [
    { length: 1200, quantity: 2, label: 'Top rail', leftAngle: 60, rightAngle: 60 },
    { length: 800, quantity: 3, label: 'Στήλη' },
  ],
};

describe('one job file on every file route', () => {
  it.each([
    [
      'optimise-csv',
      '/v1/optimise/csv',
      {},
      'text/csv; charset=utf-8; header=present',
      'saw-list-Frames-12.csv',
    ],
    ['optimise-labels', '/v1/optimise/labels', {}, 'application/pdf', 'labels-Frames-12.pdf'],
    [
      'optimise-labels',
      '/v1/optimise/labels',
      { format: 'zpl' },
      'application/zpl; charset=utf-8',
      'labels-Frames-12.zpl',
    ],
  ] as const)('%s %s %j takes it unchanged, named after the job', async (name, path, query, type, file) => {
    const h = testHandlers();
    const res = await h[name]({
      ...postJson(path, JOB_FILE),
      queryStringParameters: query,
      multiValueQueryStringParameters: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]])),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers?.['Content-Type']).toBe(type);
    expect(res.headers?.['Content-Disposition']).toContain(`filename="${file}"`);
  });
});

describe('makeOptimiseLabelsHandler', () => {
  it('answers the sample job with a label PDF named after the job, admitted like the PDF', async () => {
    const admitter = recordingAdmitter({ tier: 'pro' });
    const h = testHandlers({ admitter });
    const res = await h['optimise-labels'](sampleEvent('optimise-labels/post-mitred-world.json'));
    expect(res).toMatchObject({ statusCode: 200, isBase64Encoded: true });
    expect(res.headers?.['Content-Type']).toBe('application/pdf');
    expect(res.headers?.['Content-Disposition']).toContain(`filename*=UTF-8''labels-Fenster-S%C3%BCd.pdf`);
    expect(Buffer.from(res.body, 'base64').toString('utf8')).toContain(
      '% fake labels: Fenster Süd / 11 labels',
    );
    expect(admitter.calls).toHaveLength(1);
    const [call] = h.renderLabels.jobs;
    expect(call?.output).toBe('pdf');
    expect(call?.job.request.labelFormat).toBeNull();
    expect(call?.job.response.plan.verified).toBe(true);
  });

  it('answers ZPL text on ?format=zpl', async () => {
    const h = testHandlers();
    const res = await h['optimise-labels'](sampleEvent('optimise-labels/post-zpl.json'));
    expect(res).toMatchObject({ statusCode: 200, isBase64Encoded: false });
    expect(res.headers?.['Content-Type']).toBe('application/zpl; charset=utf-8');
    expect(res.headers?.['Content-Disposition']).toMatch(/^attachment; .*labels-Fenster-S%C3%BCd\.zpl$/);
    expect(res.body).toContain('^XA');
    expect(h.renderLabels.jobs[0]?.job.request.labelFormat).toBe('thermal-100x50');
  });

  it.each([
    [{ format: 'png' }, { parts: '500x4', stock: 1000 }, 'format'],
    [{ format: 'zpl' }, { parts: '500x4', stock: 1000, labelFormat: 'a4-3x7' }, 'labelFormat'],
    [{}, { parts: '500x4', stock: 1000, paper: 'A5' }, 'paper'],
  ])('refuses %j with %j as a 400 naming %s, uncounted', async (query, body, name) => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ admitter });
    const res = await h['optimise-labels']({
      ...postJson('/v1/optimise/labels', body),
      queryStringParameters: query,
      multiValueQueryStringParameters: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]])),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: 'validation', detail: expect.stringContaining(name) });
    expect(admitter.calls).toHaveLength(0);
  });
});
