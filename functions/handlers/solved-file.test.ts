/**
 * The file routes' shared flow (solved-file.ts), the same for the plan PDF, piece labels and the saw list:
 * the solve capped below the tier's and the Lambda's time less the route's headroom, a failure while
 * rendering a 500 whose count is refunded, a bad body refused before admission, the render's time logged
 * for the two PDFs.
 */
import { describe, expect, it } from 'vitest';
import { sawListCsv } from '../../core/saw-list/csv.ts';
import { postJson } from '../../test/support/api-event.ts';
import { fakeCore, fakeLp, testClock } from '../../test/support/fake-core.ts';
import {
  collectingLogger,
  collectingTelemetry,
  fakeRenderLabels,
  fakeRenderPdf,
  recordingAdmitter,
} from '../../test/support/handlers.ts';
import { FILE_LIMITS } from '../shared/file-limits.ts';
import type { TierName } from '../shared/tiers.ts';
import { makeOptimiseCsvHandler } from './optimise-csv-handler.ts';
import { makeOptimiseLabelsHandler } from './optimise-labels-handler.ts';
import { makeOptimisePdfHandler } from './optimise-pdf-handler.ts';

type Route = 'pdf' | 'labels' | 'csv';

const boom = (): never => {
  throw new RangeError('renderer table out of range');
};

/** A file one byte over the file routes' limit, as text (ZPL, CSV) or bytes (PDF). */
const OVER = FILE_LIMITS.responseBytes + 1;

/** One file route over the fake core, its renderer failing when `broken`, its file over the limit when `huge`. */
function fileHandler(route: Route, options: { broken?: boolean; huge?: boolean; tier?: TierName } = {}) {
  const core = fakeCore();
  const admitter = recordingAdmitter({ tier: options.tier ?? 'public' });
  const telemetry = collectingTelemetry();
  const deps = {
    core,
    lp: fakeLp,
    clock: testClock(),
    admitter,
    poweredBy: 'cutplan test',
    log: collectingLogger(),
    telemetry,
  };
  const handler =
    route === 'pdf'
      ? makeOptimisePdfHandler({
          ...deps,
          renderPdf: options.broken
            ? async () => boom()
            : options.huge
              ? async () => new Uint8Array(OVER)
              : fakeRenderPdf(),
        })
      : route === 'labels'
        ? makeOptimiseLabelsHandler({
            ...deps,
            renderLabels: options.broken
              ? async () => boom()
              : options.huge
                ? async () => '^'.repeat(OVER)
                : fakeRenderLabels(),
          })
        : makeOptimiseCsvHandler({
            ...deps,
            renderSawList: options.broken
              ? boom
              : options.huge
                ? () => 'x'.repeat(OVER)
                : (job, style) => sawListCsv(job.request, job.response, style),
          });
  return { handler, core, admitter, telemetry };
}

const ROUTES: readonly {
  route: Route;
  path: string;
  headroomMs: number;
  perPiece: number;
  timed: boolean;
}[] = [
  { route: 'pdf', path: '/v1/optimise/pdf', headroomMs: 3_000, perPiece: 1, timed: true },
  { route: 'labels', path: '/v1/optimise/labels', headroomMs: 3_000, perPiece: 2, timed: true },
  { route: 'csv', path: '/v1/optimise/csv', headroomMs: 1_000, perPiece: 0, timed: false },
];

describe.each(ROUTES)(
  'POST $path (the shared solve-then-render flow)',
  ({ route, path, headroomMs, perPiece, timed }) => {
    it(`keeps ${headroomMs} ms and ${perPiece} ms a piece below the Lambda timeout for the file`, async () => {
      const { handler, core } = fileHandler(route);
      const res = await handler(postJson(path, { parts: '500x4', stock: 1000, timeLimit: 20 }), {
        getRemainingTimeInMillis: () => 10_000,
      });
      expect(res.statusCode).toBe(200);
      expect(core.solves[0]?.budgetMs).toBe(10_000 - headroomMs - 4 * perPiece);
    });

    it('ends a large job’s solve earlier, so its file is rendered in time', async () => {
      const { handler, core } = fileHandler(route, { tier: 'pro' });
      const res = await handler(postJson(path, { parts: '500x2000', stock: 1000, timeLimit: 120 }), {
        getRemainingTimeInMillis: () => 100_000,
      });
      expect(res.statusCode).toBe(200);
      expect(core.solves[0]?.budgetMs).toBe(100_000 - headroomMs - 2000 * perPiece);
    });

    it('caps the solve at 240 s, below the scale tier’s 300 s: nothing may precede the file', async () => {
      const { handler, core } = fileHandler(route, { tier: 'scale' });
      const res = await handler(postJson(path, { parts: '500x4', stock: 1000, timeLimit: 300 }), {
        getRemainingTimeInMillis: () => 900_000,
      });
      expect(res.statusCode).toBe(200);
      expect(core.solves[0]?.budgetMs).toBe(240_000);
    });

    it.each([
      ['capped by the route', 'scale', 300, 900_000, { time: '240', requested: '300' }],
      ['capped by the tier', 'public', 5000, 900_000, { time: '20', requested: '5000' }],
      [
        'capped by the time the function has left',
        'public',
        20,
        10_000,
        { time: String((10_000 - headroomMs - 4 * perPiece) / 1000), requested: '20' },
      ],
      ['not capped', 'public', 3, 900_000, { time: '3', requested: undefined }],
    ] as const)(
      'tells the budget in X-Time-Limit and, only when it was capped, the timeLimit sent in X-Requested-Time-Limit (%s)',
      async (_, tier, timeLimit, remainingMs, expected) => {
        const { handler, core } = fileHandler(route, { tier });
        const res = await handler(postJson(path, { parts: '500x4', stock: 1000, timeLimit }), {
          getRemainingTimeInMillis: () => remainingMs,
        });
        expect(res.statusCode).toBe(200);
        expect(Number(res.headers?.['X-Time-Limit']) * 1000).toBe(core.solves[0]?.budgetMs);
        expect({
          time: res.headers?.['X-Time-Limit'],
          requested: res.headers?.['X-Requested-Time-Limit'],
        }).toEqual(expected);
        const exposed = String(res.headers?.['Access-Control-Expose-Headers']).split(', ');
        expect(exposed).toEqual(expect.arrayContaining(['X-Time-Limit', 'X-Requested-Time-Limit']));
      },
    );

    it('answers 500, names nothing of the failure and refunds the call when rendering throws', async () => {
      const { handler, admitter, telemetry } = fileHandler(route, { broken: true });
      const res = await handler(postJson(path, { parts: '500x4', stock: 1000 }));
      expect(res.statusCode).toBe(500);
      expect(res.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
      expect(res.body).not.toContain('renderer');
      expect(admitter.releases).toEqual(['failed']);
      expect(telemetry.records[0]).toMatchObject({ status: 500, errorCode: 'internal' });
    });

    it('refuses a file over the 6 MB a streamed answer carries at full speed: 413 naming both, refunded', async () => {
      const { handler, admitter, telemetry } = fileHandler(route, { huge: true });
      const res = await handler(
        postJson(`${path}${route === 'labels' ? '?format=zpl' : ''}`, { parts: '500x4', stock: 1000 }),
      );
      expect(res.statusCode).toBe(413);
      const body = JSON.parse(res.body ?? '{}') as { error: string; detail: string };
      expect(body.error).toBe('payloadTooLarge');
      expect(body.detail).toContain('is 6,000,001 bytes, over the 6,000,000 bytes a file answer may be');
      expect(body.detail).toContain(
        { pdf: 'the PDF', labels: 'the ZPL labels file', csv: 'the saw list' }[route],
      );
      expect(admitter.releases).toEqual(['failed']);
      expect(telemetry.records[0]).toMatchObject({ status: 413, errorCode: 'payloadTooLarge' });
    });

    it('refuses a bad body with 400 before admission, uncounted and unsolved', async () => {
      const { handler, admitter, core } = fileHandler(route);
      const res = await handler(postJson(path, { parts: '500x0', stock: 1000 }));
      expect(res.statusCode).toBe(400);
      expect(admitter.calls).toHaveLength(0);
      expect(core.solves).toHaveLength(0);
    });

    it(`${timed ? 'logs' : 'does not log'} the render's time and counts a success`, async () => {
      const { handler, admitter, telemetry } = fileHandler(route);
      const res = await handler(postJson(path, { parts: '500x4', stock: 1000 }));
      expect(res.statusCode).toBe(200);
      expect(admitter.releases).toEqual(['succeeded']);
      expect(telemetry.records[0]?.pdfMs !== undefined).toBe(timed);
    });
  },
);
