/**
 * The fuzz contract over the REAL core (parser, solver, verifier, PDF renderer), with the hostile inputs an
 * outside fuzz found 500s with: lone UTF-16 surrogates in every string field, emoji and over-long text,
 * real angle requests, bodies with one or two byte-order marks (plain and base64), and query strings past
 * the 8 KiB and 16 KiB marks. Every answer is one of our statuses with `{error, detail}` on errors, and
 * never a 5xx: the core behaves, so any 500 is a bug. Seeded, so a failure repeats.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOptimiseHandler, makeOptimisePdfHandler } from '../../functions/handlers/index.ts';
import { systemClock } from '../../functions/shared/clock.ts';
import { type ErrorCode, statusOf } from '../../functions/shared/errors.ts';
import type { ApiHandler } from '../../functions/shared/http/index.ts';
import { createLpEngine, realCore } from '../../functions/shared/real-core.ts';
import { lazyPdfRenderer } from '../../functions/shared/real-pdf.ts';
import { apiEvent } from '../support/api-event.ts';
import { collectingLogger, recordingAdmitter } from '../support/handlers.ts';

const CLIENT_CODES: readonly ErrorCode[] = [
  'validation',
  'partsLimit',
  'noPlanFound',
  'payloadTooLarge',
  'queryTooLong',
  'methodNotAllowed',
];

/** A string with one half of a surrogate pair alone somewhere in it. */
const loneSurrogate = fc
  .tuple(fc.string({ maxLength: 6 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 6 }))
  .map(([a, unit, b]) => `${a}${String.fromCharCode(unit)}${b}`);
/** Text a shop might send: any script, emoji, punctuation. */
const cleanText = fc.oneof(
  fc.constantFrom('Łódź', 'Ω-rail', 'стойка', 'רגל', '脚', 'rail A', '🪚 saw', 'Küche "A"/B'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }),
);
const part = fc.record(
  {
    length: fc.integer({ min: 1, max: 1000 }),
    quantity: fc.integer({ min: 1, max: 6 }),
    label: cleanText,
    material: fc.constantFrom('alu', 'steel'),
  },
  { requiredKeys: ['length', 'quantity'] },
);
const cleanJob: fc.Arbitrary<Job> = fc.record({
  parts: fc.array(part, { minLength: 1, maxLength: 4 }),
  stocks: fc.constant<Job['stocks']>([
    { length: 1000, material: 'alu' },
    { length: 1000, material: 'steel' },
    { length: 1500, quantity: 50 },
  ]),
  angleCuts: fc.constantFrom(undefined, { enabled: false }, { enabled: true, width: 40 }),
  kerf: fc.constantFrom(0, 3),
  minRemnant: fc.constantFrom(0, 100, 500),
  method: fc.constantFrom('balanced', 'least_waste', 'offcuts_first'),
  unit: cleanText,
  jobName: cleanText,
  timeLimit: fc.constant(1),
});
/** A job body as sent: loosely typed, since the mutations put in what the schema refuses. */
interface Job {
  readonly parts: readonly Readonly<Record<string, unknown>>[];
  readonly stocks: readonly Readonly<Record<string, unknown>>[];
  readonly [field: string]: unknown;
}

/** The ways an outside fuzz broke the service, one at a time, on an otherwise good job (or none). */
type Mutation = (job: Job) => Job;
const setPartField =
  (field: 'label' | 'material', value: string): Mutation =>
  (job) => ({ ...job, parts: job.parts.map((p, i) => (i === 0 ? { ...p, [field]: value } : p)) });
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;
/** Puts `name` in one name field; a material goes on the first part and the 'alu' stock, so the job plans. */
const nameEverywhere =
  (field: 'label' | 'material' | 'unit' | 'jobName' | 'offcut', name: string): Mutation =>
  (job) => {
    if (field === 'label') return setPartField('label', name)(job);
    if (field === 'unit' || field === 'jobName') return { ...job, [field]: name };
    const rename = <T extends Readonly<Record<string, unknown>>>(x: T): T =>
      x.material === 'alu' ? { ...x, material: name } : x;
    const parts = job.parts.map((p, i) => (i === 0 ? { ...p, material: name } : rename(p)));
    const renamed = { ...job, parts, stocks: job.stocks.map(rename) };
    return field === 'material'
      ? renamed
      : { ...renamed, offcuts: [{ length: 700, quantity: 2, material: name }] };
  };
const mutation: fc.Arbitrary<{ readonly kind: string; readonly apply: Mutation }> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'none', apply: (job: Job) => job }) },
  ...(['label', 'material'] as const).map((field) =>
    loneSurrogate.map((t) => ({ kind: 'lone', apply: setPartField(field, t) })),
  ),
  ...(['unit', 'jobName'] as const).map((field) =>
    loneSurrogate.map((t) => ({ kind: 'lone', apply: (job: Job) => ({ ...job, [field]: t }) })),
  ),
  loneSurrogate.map((t) => ({
    kind: 'lone',
    apply: (job: Job) => ({ ...job, stocks: [{ ...job.stocks[0], material: t }, ...job.stocks.slice(1)] }),
  })),
  // Names that are also keys of Object.prototype (issue 32: a material called `__proto__` was a 500).
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...PROTOTYPE_NAMES),
        fc.constantFrom('label', 'material', 'unit', 'jobName', 'offcut'),
      )
      .map(([name, field]) => ({ kind: 'none', apply: nameEverywhere(field, name) })),
  },
  fc.integer({ min: 101, max: 120 }).map((n) => ({
    kind: 'tooLong',
    apply: setPartField('label', '\u{1FA9A}'.repeat(n)),
  })),
  fc.integer({ min: 60, max: 100 }).map((n) => ({
    kind: 'emoji',
    apply: setPartField('label', '\u{1FA9A}'.repeat(n)),
  })),
  fc.constantFrom(45, -45, 10, 170, 135, 90, -90).map((a) => ({
    // 90 (or −90) is a square end: planned as usual.
    kind: Math.abs(a) === 90 ? 'none' : 'angle',
    apply: (job: Job) => ({
      ...job,
      angleCuts: { enabled: true, width: 40 },
      parts: job.parts.map((p, i) => (i === 0 ? { ...p, rightAngle: a } : p)),
    }),
  })),
);

/** How a job is sent: plain or base64 (as API Gateway delivers it), after 0, 1 or 2 byte-order marks. */
const sending = fc.record({ bom: fc.constantFrom('', '\uFEFF', '\uFEFF\uFEFF'), base64: fc.boolean() });

/** Query strings: shorthand, lone surrogates in the text parameters, and far too long ones. */
const query = fc.record(
  {
    parts: fc.oneof(
      fc.constantFrom('500x4', '500x4,300x2', '1x1'),
      fc.integer({ min: 1_000, max: 4_000 }).map((n) => Array.from({ length: n }, () => '5x1').join(',')),
    ),
    stock: fc.constantFrom('1000', '6000'),
    unit: fc.oneof(cleanText, loneSurrogate),
    method: fc.oneof(fc.constantFrom('balanced', 'least_waste'), loneSurrogate),
    angleCuts: fc.constantFrom('{"enabled":true,"width":40}', '{'),
  },
  { requiredKeys: ['parts', 'stock'] },
);

function expectContract(res: APIGatewayProxyResult): { error: string; detail: string } | undefined {
  if (res.statusCode < 400) {
    expect(res.statusCode).toBe(200);
    return undefined;
  }
  expect(res.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
  const error = JSON.parse(res.body) as { error: ErrorCode; detail: string };
  expect(CLIENT_CODES, `${res.statusCode} ${res.body}`).toContain(error.error);
  expect(statusOf(error.error)).toBe(res.statusCode);
  expect(typeof error.detail).toBe('string');
  return error;
}

/** Whether any string in `value` has a lone surrogate. */
const anyLone = (value: unknown): boolean =>
  typeof value === 'string'
    ? /\p{Cs}/u.test(value)
    : Array.isArray(value)
      ? value.some(anyLone)
      : typeof value === 'object' && value !== null && Object.values(value).some(anyLone);
const RUNS = { seed: 20_261_125, numRuns: 120 };

let optimise: ApiHandler;
let optimisePdf: ApiHandler;
const admitter = recordingAdmitter({ tier: 'pro' });
beforeAll(async () => {
  const deps = {
    core: realCore,
    lp: await createLpEngine(),
    clock: systemClock,
    admitter,
    poweredBy: 'cutplan fuzz',
    log: collectingLogger(),
  };
  optimise = makeOptimiseHandler(deps);
  optimisePdf = makeOptimisePdfHandler({ ...deps, renderPdf: lazyPdfRenderer() });
});

describe('angle cuts over the real core', () => {
  it.each([
    ['/v1/optimise', () => optimise],
    ['/v1/optimise/pdf', () => optimisePdf],
  ] as const)('%s plans a mitred job (docs/angle-cuts.md)', async (path, handler) => {
    const res = await handler()(
      apiEvent({
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          parts: [{ length: 800, quantity: 2, leftAngle: 45, rightAngle: 45 }],
          stockLength: 6000,
          angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
        }),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    if (path === '/v1/optimise') {
      const body = JSON.parse(res.body);
      expect(body.plan.verified).toBe(true);
      expect(
        body.plan.combinations[0].usedComb.parts.map((p: { orientation: string }) => p.orientation),
      ).toHaveLength(2);
    }
  });
});

describe('fuzz contract over the real core', () => {
  it.each([
    ['/v1/optimise', () => optimise],
    ['/v1/optimise/pdf', () => optimisePdf],
  ] as const)(
    'POST %s: never a 5xx; lone surrogates and double BOMs are 400s, real angles are planned',
    async (path, handler) => {
      await fc.assert(
        fc.asyncProperty(cleanJob, mutation, sending, async (clean, change, { bom, base64 }) => {
          const job = change.apply(clean);
          // jobName belongs to the PDF endpoint; the JSON one would refuse every job that has one.
          const sent = path === '/v1/optimise' ? { ...job, jobName: undefined } : job;
          const raw = bom + JSON.stringify(sent); // apiEvent base64-encodes it when asked
          const res = await handler()(
            apiEvent({
              method: 'POST',
              path,
              headers: { 'Content-Type': 'application/json' },
              body: raw,
              base64,
            }),
          );
          const error = expectContract(res);
          if (bom.length === 2) expect(error?.detail).toContain('two byte-order marks');
          else if (change.kind === 'lone' && anyLone(sent))
            expect(error?.detail).toContain('lone UTF-16 surrogate');
          else if (change.kind === 'tooLong') expect(error?.detail).toContain('at most 100 characters');
          else if (change.kind === 'angle' && res.statusCode !== 200)
            // A mitre on a part too short for it at width 40 is the one refusal an angle may bring.
            expect(error?.detail).toContain('too short for its angles');
          else expect(res.statusCode, res.body).toBe(200);
        }),
        { ...RUNS, numRuns: path === '/v1/optimise' ? RUNS.numRuns : 60 },
      );
    },
    120_000,
  );

  it('GET /v1/optimise: never a 5xx; a query over 8 KiB is a 414 that says to POST', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await optimise(apiEvent({ method: 'GET', path: '/v1/optimise', query: q }));
        const error = expectContract(res);
        if (q.parts.length > 8 * 1024) {
          expect(error?.error).toBe('queryTooLong');
          expect(error?.detail).toContain('POST /v1/optimise');
        } else if (anyLone(q)) expect(error?.error).toBe('validation');
      }),
      RUNS,
    );
  }, 120_000);
});
