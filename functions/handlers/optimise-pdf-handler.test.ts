import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { apiEvent, postJson, sampleEvent } from '../../test/support/api-event.ts';
import { recordingAdmitter, testHandlers } from '../../test/support/handlers.ts';

const json = (res: APIGatewayProxyResult): Record<string, unknown> => JSON.parse(res.body);
const pdfText = (res: APIGatewayProxyResult) => Buffer.from(res.body, 'base64').toString('utf8');

describe('makeOptimisePdfHandler', () => {
  it('answers the sample job with a base64 PDF named after the job', async () => {
    const h = testHandlers();
    const event = sampleEvent('optimise-pdf/post-job-name.json');
    const res = await h['optimise-pdf'](event);
    expect(res).toMatchObject({ statusCode: 200, isBase64Encoded: true });
    expect(res.headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="cutting-plan-Carport-Meier.pdf"; filename*=UTF-8''cutting-plan-Carport-Meier.pdf`,
      'X-Request-Id': event.requestContext.requestId,
    });
    expect(pdfText(res)).toMatch(
      /^%PDF-1\.7\n% fake plan: Carport Meier \/ null \/ 2026-01-01T00:00:00.000Z \/ \d+ bars/,
    );
  });

  it('hands the renderer the request, the verified plan, the key branding and the clock date', async () => {
    const h = testHandlers({
      admitter: recordingAdmitter({ tier: 'pro', branding: 'Schreinerei Holz & Co' }),
    });
    h.clock.advance(90_000);
    await h['optimise-pdf'](postJson('/v1/optimise/pdf', { parts: '500x4', stock: 1000, jobName: 'Shelf' }));
    expect(h.renderPdf.jobs).toHaveLength(1);
    const [job] = h.renderPdf.jobs;
    expect(job?.jobName).toBe('Shelf');
    expect(job?.branding).toBe('Schreinerei Holz & Co');
    expect(job?.createdAtMs).toBe(Date.UTC(2026, 0, 1, 0, 1, 30));
    expect(job?.request.jobName).toBe('Shelf');
    expect(job?.response.plan).toMatchObject({ verified: true, stockBarsUsed: 2 });
    expect(job?.response.meta.tier).toBe('pro');
  });

  it('leaves a 3 s headroom, and 1 ms a piece, below the Lambda timeout for rendering', async () => {
    const h = testHandlers();
    await h['optimise-pdf'](postJson('/v1/optimise/pdf', { parts: '500x4', stock: 1000, timeLimit: 20 }), {
      getRemainingTimeInMillis: () => 10_000,
    });
    expect(h.core.solves[0]?.budgetMs).toBe(7_000 - 4);
  });

  it('answers an empty body with 400 validation', async () => {
    const res = await testHandlers()['optimise-pdf'](sampleEvent('optimise-pdf/post-empty-body.json'));
    expect(res.statusCode).toBe(400);
    expect(res.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
    expect(json(res)).toMatchObject({ error: 'validation' });
    expect(json(res).detail).toContain('body: the request body is empty');
  });

  it('answers 500 and refunds when rendering throws', async () => {
    const admitter = recordingAdmitter();
    const h = testHandlers({
      admitter,
      renderPdf: async () => {
        throw new RangeError('font table out of range');
      },
    });
    const res = await h['optimise-pdf'](sampleEvent('optimise-pdf/post-job-name.json'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('font');
    expect(admitter.releases).toEqual(['failed']);
  });

  it.each([
    ['GET', 405],
    ['OPTIONS', 204],
  ])('answers %s with %i and Allow: POST, OPTIONS', async (method, status) => {
    const res = await testHandlers()['optimise-pdf'](apiEvent({ method, path: '/v1/optimise/pdf' }));
    expect(res.statusCode).toBe(status);
    expect(res.headers?.Allow).toBe('POST, OPTIONS');
  });
});
