/**
 * The clients are generated from `docs/openapi.json`, so the document must say exactly what the server
 * does. Generated valid and broken requests (fast-check) go to the real server over plain HTTP; every
 * answer's status must be documented for its operation, its media type among the documented ones, and
 * its body must validate against the documented schema (Ajv, JSON Schema draft 2020-12).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { ROOT, type Service } from './service.ts';

interface Media {
  readonly schema?: unknown;
}
interface Operation {
  readonly responses: Readonly<Record<string, { readonly content?: Readonly<Record<string, Media>> }>>;
}
interface Doc {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
}

interface Exchange {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly contentType?: string;
  readonly body?: string;
}

// Every part fits every stock, trim and kerf included (a part longer than the stock is a 400 the schema cannot express).
const length = fc.integer({ min: 1, max: 2500 });
const quantity = fc.integer({ min: 1, max: 6 });
const label = fc.string({ maxLength: 12 });
const partEntry = fc.oneof(
  fc.record(
    { length, quantity, label: fc.option(label, { nil: null }) },
    { requiredKeys: ['length', 'quantity'] },
  ),
  fc.tuple(length, quantity),
  fc.tuple(length, quantity, label),
  fc.tuple(length, quantity).map(([l, q]) => `${l}x${q}`),
  length.map((l) => [l]),
);
const parts = fc.oneof(
  fc.array(partEntry, { minLength: 1, maxLength: 5 }),
  fc
    .array(fc.tuple(length, quantity), { minLength: 1, maxLength: 4 })
    .map((entries) => entries.map(([l, q]) => `${l}x${q}`).join(', ')),
);
const stockLength = fc.integer({ min: 3000, max: 7000 });
const supply = fc.oneof(
  stockLength.map((n) => ({ stock: n })),
  stockLength.map((n) => ({ stockLength: n })),
  stockLength.map((n) => ({ stock: `${n}` })),
  // Prices on every stock or on none (a mix is a 400 the schema cannot express).
  fc
    .tuple(fc.array(stockLength, { minLength: 1, maxLength: 3 }), fc.option(fc.integer({ min: 1, max: 100 })))
    .map(([lengths, price]) => ({
      stocks: lengths.map((l, i) => ({ length: l, price: price === null ? null : price + i })),
    })),
);
const validRequest = fc
  .record(
    {
      parts,
      supply,
      kerf: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      method: fc.constantFrom('balanced', 'least_waste', 'fewest_setups'),
      trim: fc.boolean(),
      unit: fc.constantFrom('mm', 'in'),
    },
    { requiredKeys: ['parts', 'supply'] },
  )
  .map(({ supply: s, ...rest }) => ({ ...rest, ...s, timeLimit: 2 }));

/** One thing wrong with an otherwise valid request. */
type Breakage = (request: Record<string, unknown>) => unknown;
const breakageList: readonly Breakage[] = [
  (r) => ({ ...r, parts: [{ length: -5, quantity: 2 }] }),
  (r) => ({ ...r, parts: [{ length: 100, quantity: 0 }] }),
  (r) => ({ ...r, parts: [{ length: 100, quantity: 1.5 }] }),
  (r) => ({ ...r, parts: [{ length: '100', quantity: 1 }] }),
  (r) => ({ ...r, parts: '12xx, 5' }),
  (r) => ({ ...r, parts: [] }),
  (r) => ({ ...r, parts: 5 }),
  (r) => ({ ...r, parts: [[100, 2, 'a', 'b']] }),
  (r) => ({ ...r, parts: '100x301' }),
  (r) => ({ ...r, parts: [{ length: 100, quantity: 100000 }] }),
  (r) => ({ ...r, parts: [{ length: 9000, quantity: 1 }] }),
  (r) => {
    const { parts: _, ...rest } = r;
    return rest;
  },
  (r) => ({ ...r, kerf: -1 }),
  (r) => ({ ...r, kerf: '3' }),
  (r) => ({ ...r, method: 'fastest' }),
  (r) => ({ ...r, method: 'bundle' }),
  (r) => ({ ...r, stockLength: 6000, stocks: [{ length: 6000 }] }),
  (r) => ({ ...r, surprise: true }),
  (r) => ({ ...r, timeLimit: 0 }),
  (r) => ({ ...r, timeLimit: 'soon' }),
  (r) => ({ ...r, unitFormat: 'roman' }),
  (r) => ({ ...r, angleCuts: { enabled: true } }),
  (r) => ({ ...r, offcuts: [{ length: 0, quantity: 1 }] }),
  () => [],
  () => null,
];
const breakages = fc.constantFrom(...breakageList);
/** A small valid request every breakage is applied to once before the generated runs. */
const plainRequest = { parts: '500x2, 300x1', stock: 6000, timeLimit: 2 };

export function documentSuite(service: () => Service): void {
  let doc: Doc;
  let ajv: Ajv2020;
  const validators = new Map<string, ValidateFunction>();
  const recorded: string[] = [];

  beforeAll(async () => {
    doc = JSON.parse(await readFile(join(ROOT, 'docs', 'openapi.json'), 'utf8')) as Doc;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    // ajv-formats is CommonJS: its plugin is the module's default export.
    (formats as unknown as { default: (a: Ajv2020) => void }).default(ajv);
    ajv.addSchema({ ...doc, $id: 'doc' });
  });

  /** A validator of a schema inside the document, by its JSON pointer (its `$ref`s resolve in the document). */
  function validatorAt(pointer: string): ValidateFunction {
    let validate = validators.get(pointer);
    if (validate === undefined) {
      validate = ajv.compile({ $ref: `doc#${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  }

  const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

  /** Sends the exchange and checks the answer against the document; returns the status. */
  async function check(exchange: Exchange): Promise<number> {
    const query = new URLSearchParams(exchange.query ?? {}).toString();
    const res = await fetch(`${service().url}${exchange.path}${query === '' ? '' : `?${query}`}`, {
      method: exchange.method,
      headers: exchange.contentType === undefined ? {} : { 'Content-Type': exchange.contentType },
      body: exchange.body ?? null,
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const method = exchange.method.toLowerCase();
    const operation = doc.paths[exchange.path]?.[method];
    const what =
      `${exchange.method} ${exchange.path}${query === '' ? '' : `?${query}`} ${exchange.body ?? ''}`.slice(
        0,
        300,
      );
    expect(operation, `${exchange.method} ${exchange.path} is documented`).toBeDefined();
    const response = operation?.responses[String(res.status)];
    expect(response, `status ${res.status} is documented for ${what}`).toBeDefined();
    recorded.push(`${exchange.method} ${exchange.path} ${res.status}`);
    const content = response?.content;
    if (content === undefined) {
      expect(bytes.length, `${what}: status ${res.status} is documented without a body`).toBe(0);
      return res.status;
    }
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    expect(Object.keys(content), `${what}: ${res.status} answered ${mediaType}`).toContain(mediaType);
    if (mediaType === 'application/json') {
      const pointer = `/paths/${pointerSegment(exchange.path)}/${method}/responses/${res.status}/content/${pointerSegment(mediaType)}/schema`;
      const validate = validatorAt(pointer);
      const body: unknown = JSON.parse(new TextDecoder().decode(bytes));
      const valid = validate(body);
      expect(
        valid ? '' : ajv.errorsText(validate.errors),
        `${what}: ${res.status} body fits the document`,
      ).toBe('');
    } else if (mediaType === 'application/pdf') {
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    }
    return res.status;
  }

  const post = (path: string, body: unknown): Exchange => ({
    method: 'POST',
    path,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });

  it('valid requests get a documented 200 with a body that fits the document', {
    timeout: 120_000,
  }, async () => {
    const request = validatorAt('/components/schemas/OptimiseRequest');
    await fc.assert(
      fc.asyncProperty(validRequest, async (body) => {
        expect(request(body), `the generator's request fits the document: ${JSON.stringify(body)}`).toBe(
          true,
        );
        expect(await check(post('/v1/optimise', body))).toBe(200);
      }),
      { numRuns: 30 },
    );
  });

  it('broken requests get documented errors with bodies that fit the document', {
    timeout: 120_000,
  }, async () => {
    // Each breakage once, so the statuses the last test asks for (400 and 413 among them) never hang on
    // what the generator happened to draw.
    for (const breakage of breakageList) {
      const status = await check(post('/v1/optimise', breakage(plainRequest)));
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    await fc.assert(
      fc.asyncProperty(validRequest, breakages, async (body, breakage) => {
        const status = await check(post('/v1/optimise', breakage(body)));
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('any JSON value, broken JSON and other media types get documented answers', {
    timeout: 120_000,
  }, async () => {
    const exchanges = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((value) => post('/v1/optimise', value)),
      fc.string({ maxLength: 40 }).map(
        (text): Exchange => ({
          method: 'POST',
          path: '/v1/optimise',
          contentType: 'application/json',
          body: `{${text}`,
        }),
      ),
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map(
        (contentType): Exchange => ({
          method: 'POST',
          path: '/v1/optimise',
          contentType,
          body: '{"parts":"500x2","stock":1000}',
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(exchanges, async (exchange) => {
        await check(exchange);
      }),
      { numRuns: 40 },
    );
  });

  it('GET /v1/optimise with generated queries gets documented answers', { timeout: 120_000 }, async () => {
    const names = fc.constantFrom('parts', 'stock', 'kerf', 'method', 'trim', 'timeLimit', 'unit', 'color');
    const value = fc.oneof(
      fc.constantFrom('500x4,300x2', '6000', '3', 'balanced', 'true', '2', 'mm', '-1', 'x', ''),
      fc.string({ maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(names, value, { maxKeys: 5 }), async (query) => {
        await check({ method: 'GET', path: '/v1/optimise', query });
      }),
      { numRuns: 30 },
    );
  });

  it('the PDF route answers valid and broken requests as documented', { timeout: 120_000 }, async () => {
    const pdfRequest = fc.record({
      request: validRequest,
      jobName: fc.string({ maxLength: 20 }),
      broken: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(pdfRequest, breakages, async ({ request, jobName, broken }, breakage) => {
        const body = broken ? breakage({ ...request, jobName }) : { ...request, jobName };
        const status = await check(post('/v1/optimise/pdf', body));
        if (!broken) expect(status).toBe(200);
      }),
      { numRuns: 10 },
    );
  });

  it('health, the document and the playground answer as documented', async () => {
    for (const path of ['/v1/health', '/v1/openapi.json', '/']) {
      expect(await check({ method: 'GET', path })).toBe(200);
    }
    // The runs above reached errors as well as plans (a generator that only ever hit 400 would prove little).
    const statuses = new Set(recorded.map((line) => line.split(' ')[2]));
    expect([...statuses]).toEqual(expect.arrayContaining(['200', '400', '413']));
  });
}
