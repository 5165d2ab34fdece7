/**
 * The OpenAPI document cannot drift: the committed file is what the code builds, a maintained validator
 * accepts it, every example in it fits its schema, and real answers of the handlers (real core, real
 * parser) fit the schemas of the document and the strict valibot schemas the types come from.
 */
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { APIGatewayProxyResult } from 'aws-lambda';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CutplanError } from '../../../core/errors.ts';
import {
  errorBodySchema,
  healthResponseSchema,
  optimiseResponseSchema,
} from '../../../core/response/schemas.ts';
import { apiEvent, postJson, sampleEvent } from '../../../test/support/api-event.ts';
import { collectingLogger, collectingTelemetry, recordingAdmitter } from '../../../test/support/handlers.ts';
import { makeDocsHandler, makeHealthHandler, makeOptimiseHandler } from '../../handlers/index.ts';
import { systemClock } from '../clock.ts';
import { BusyError, RateLimitedError } from '../errors.ts';
import { createLpEngine, realCore } from '../real-core.ts';
import { ROUTES } from '../routes.ts';
import { OPENAPI_FILE, openApiText } from './write.ts';

type Doc = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
interface Media {
  schema: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  parameters?: { name: string; schema: unknown; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}

let committed: string;
let doc: Doc;
let ajv: Ajv2020;

/** A validator for a schema of the document (its `$ref`s resolve inside the document). */
function validatorOf(schema: unknown): ValidateFunction {
  return ajv.compile({ $id: `inline-${Math.random()}`, ...(schema as object), $defs: undefined });
}
const component = (name: string): ValidateFunction =>
  validatorOf({ $ref: `doc#/components/schemas/${name}` });
const errorsOf = (validate: ValidateFunction, value: unknown): string =>
  validate(value) ? '' : ajv.errorsText(validate.errors);

beforeAll(async () => {
  committed = await readFile(OPENAPI_FILE, 'utf8');
  doc = JSON.parse(committed) as Doc;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its plugin is the module's default export.
  (formats as unknown as { default: (a: Ajv2020) => void }).default(ajv);
  ajv.addSchema({ ...doc, $id: 'doc' });
});

/** Rewrites local `#/components/...` references to the registered document. */
function rooted(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
}

describe('docs/openapi.json', () => {
  it('is the document the code builds (run `npm run openapi` after changing a schema, route or event)', async () => {
    expect(committed === (await openApiText()), 'docs/openapi.json is stale: run `npm run openapi`').toBe(
      true,
    );
  });

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every route of the route table with its methods, and no other', () => {
    const routes = Object.fromEntries(
      ROUTES.map((r) => [
        r.path,
        Object.keys(r.methods)
          .map((m) => m.toLowerCase())
          .sort(),
      ]),
    );
    const described = Object.fromEntries(
      Object.entries(doc.paths).map(([path, ops]) => [path, Object.keys(ops).sort()]),
    );
    expect(described).toEqual(routes);
  });

  it('has examples of requests, plans and 400s, and every example fits its schema', () => {
    let count = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const media = [
          ...Object.values(op.requestBody?.content ?? {}),
          ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {})),
        ];
        for (const m of media) {
          const validate = validatorOf(rooted(m.schema));
          for (const [name, example] of Object.entries(m.examples ?? {})) {
            expect(errorsOf(validate, example.value), `${method} ${path} ${name}`).toBe('');
            count++;
          }
        }
        for (const p of op.parameters ?? []) {
          if (p.example === undefined) continue;
          expect(errorsOf(validatorOf(rooted(p.schema)), p.example), `${method} ${path} ?${p.name}`).toBe('');
          count++;
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ['a shorthand string', { parts: '2400x4, 1150x6', stock: 6000 }, true],
    [
      'mixed forms',
      { parts: ['100x1, 200x2', [300, 3, 'c'], { length: 5, quantity: 1 }], stocks: '6000x10' },
      true,
    ],
    ['stock tuples with prices', { parts: '500x2', stock: [[1000, null, 12.5], [800]] }, true],
    [
      'angle cuts',
      {
        parts: [{ length: 500, quantity: 1, leftAngle: 45 }],
        stockLength: 1000,
        angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
      },
      true,
    ],
    ['an unknown field', { parts: '500x2', stock: 1000, stockLenght: 5 }, false],
    ['a bad shorthand entry', { parts: '2400x', stock: 1000 }, false],
    ['a part without quantity', { parts: [{ length: 500 }], stock: 1000 }, false],
    ['a jobName on the JSON endpoint', { parts: '500x2', stock: 1000, jobName: 'x' }, false],
  ])('OptimiseRequest takes %s: %j (%s)', (_, body, valid) => {
    expect(component('OptimiseRequest')(body)).toBe(valid);
  });
});

describe('real answers fit the document and the response schemas', () => {
  let handlers: {
    optimise: ReturnType<typeof makeOptimiseHandler>;
    health: ReturnType<typeof makeHealthHandler>;
  };
  beforeAll(async () => {
    const log = collectingLogger();
    handlers = {
      optimise: makeOptimiseHandler({
        core: realCore,
        lp: await createLpEngine(),
        clock: systemClock,
        admitter: recordingAdmitter({
          rateLimit: { limit: 30, remaining: 29, resetAtMs: Date.UTC(2026, 0, 1, 1) },
        }),
        poweredBy: 'cutplan test',
        log,
      }),
      health: makeHealthHandler({ log, version: '1.0.0', solver: 'test' }),
    };
  });

  const plans: [string, unknown][] = [
    [
      'a long-form request',
      { parts: [{ length: 2400, quantity: 4, label: 'rail' }], stockLength: 6000, kerf: 3 },
    ],
    [
      'material groups with prices, offcuts and remnants',
      {
        parts: [
          { length: 1200, quantity: 5, material: 'alu' },
          { length: 700, quantity: 3, material: 'steel' },
        ],
        stocks: [
          { length: 6000, price: 30, material: 'alu' },
          { length: 3000, price: 12.5, material: 'steel', quantity: 4 },
        ],
        offcuts: [{ length: 1500, quantity: 2, material: 'alu' }],
        minRemnant: 300,
        unit: 'mm',
      },
    ],
    [
      'offcuts first with trim',
      {
        parts: '900x7, 400x9',
        stock: '3000',
        offcuts: '2000x2',
        method: 'offcuts_first',
        trim: true,
        kerf: 2,
      },
    ],
    [
      'least waste in inches',
      { parts: '12.75x8, 30x3', stock: 96, method: 'least_waste', unit: 'in', unitFormat: 'fraction' },
    ],
  ];

  it.each(plans)('the plan of %s', async (_, body) => {
    const res = await handlers.optimise(postJson('/v1/optimise', body));
    expect(res.statusCode, res.body).toBe(200);
    const plan = JSON.parse(res.body);
    expect(errorsOf(component('OptimiseResponse'), plan)).toBe('');
    const strict = v.safeParse(optimiseResponseSchema, plan);
    expect(strict.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? []).toEqual([]);
  });

  it.each(['optimise/post-long-form.json', 'optimise/post-shorthand.json', 'optimise/get-query.json'])(
    'the plan of the sample event %s',
    async (file) => {
      const res = await handlers.optimise(sampleEvent(file));
      expect(res.statusCode).toBe(200);
      expect(v.safeParse(optimiseResponseSchema, JSON.parse(res.body)).success).toBe(true);
    },
  );

  it.each([
    ['optimise/post-invalid-part.json', 400],
    ['optimise/post-malformed-json.json', 400],
    ['fallback/wrong-method.json', 405],
  ])('the error of %s', async (file, status) => {
    const res = await handlers.optimise(sampleEvent(file));
    expect(res.statusCode).toBe(status);
    const body = JSON.parse(res.body);
    expect(errorsOf(component('Error'), body)).toBe('');
    expect(v.safeParse(errorBodySchema, body).success).toBe(true);
  });

  it('the health answer', async () => {
    const res = await handlers.health(apiEvent({ path: '/v1/health' }));
    const body = JSON.parse(res.body);
    expect(errorsOf(component('Health'), body)).toBe('');
    expect(v.safeParse(healthResponseSchema, body).success).toBe(true);
  });

  it('GET /v1/openapi.json serves the committed document, cacheable, and never admits a call', async () => {
    const admitter = recordingAdmitter();
    const docs = makeDocsHandler({
      log: collectingLogger(),
      openapi: committed,
      playground: async () => ({ html: '<p>page</p>', csp: "default-src 'none'" }),
    });
    const res = await docs(apiEvent({ path: '/v1/openapi.json' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      'Access-Control-Allow-Origin': '*',
    });
    expect(JSON.parse(res.body)).toEqual(doc);
    expect(admitter.calls).toHaveLength(0);
    const page = await docs(apiEvent({ path: '/' }));
    expect(page.headers).toMatchObject({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'",
    });
  });
});

describe('every answer is documented under its route and status, with the fields its body carries', () => {
  /** A clock whose every read moves 5 ms on: a 1 ms budget is over before the search ends. */
  const rushed = () => {
    let t = 0;
    return { now: () => Date.UTC(2026, 0, 1), monotonic: () => (t += 5) };
  };
  async function answer(body: unknown, options: { refuse?: CutplanError; rushed?: boolean } = {}) {
    const handler = makeOptimiseHandler({
      core: realCore,
      lp: await createLpEngine(),
      clock: options.rushed ? rushed() : systemClock,
      admitter: recordingAdmitter(options.refuse ? { refuse: options.refuse } : {}),
      poweredBy: 'cutplan test',
      log: collectingLogger(),
      telemetry: collectingTelemetry(),
    });
    return handler(postJson('/v1/optimise', body));
  }
  const job = { parts: '500x4', stock: 1000 };

  it.each<[string, number, string, () => Promise<APIGatewayProxyResult>]>([
    [
      'more pieces than any tier takes',
      413,
      'partsLimit',
      () => answer({ parts: '2400x200000', stock: 6000 }),
    ],
    [
      'no plan found in the time limit',
      422,
      'noPlanFound',
      () =>
        answer(
          { parts: '5x1, 4x1, 3x3, 2x1', stocks: [{ length: 10, quantity: 2 }], timeLimit: 0.001 },
          { rushed: true },
        ),
    ],
    ['the solver at capacity', 503, 'busy', () => answer(job, { refuse: new BusyError('busy', 5) })],
    [
      'a rate limit',
      429,
      'rateLimited',
      () => answer(job, { refuse: new RateLimitedError('limited', Date.UTC(2026, 0, 1, 1), 60) }),
    ],
  ])('%s: %i %s', async (_, status, code, call) => {
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    const body = JSON.parse(res.body);
    expect(body.error).toBe(code);
    for (const method of ['get', 'post']) {
      const documented = doc.paths['/v1/optimise']?.[method]?.responses[String(status)] as
        | { description?: string }
        | undefined;
      expect(documented?.description, `${method} /v1/optimise ${status}`).toContain(`\`${code}\``);
    }
    expect(errorsOf(component('Error'), body)).toBe('');
    expect(v.safeParse(errorBodySchema, body).success).toBe(true);
    // Each extra field of the body is described, and for this status.
    const fields = (doc.components.schemas.Error as { properties: Record<string, { description?: string }> })
      .properties;
    for (const extra of Object.keys(body).filter((k) => k !== 'error' && k !== 'detail')) {
      expect(fields[extra]?.description, extra).toContain(String(status));
    }
  });

  it('every operation documents a 4xx answer (redocly: operation-4xx-response)', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(
          Object.keys(op.responses).some((s) => s.startsWith('4')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });
});
