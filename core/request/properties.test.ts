/**
 * Property tests (fast-check, fixed seeds): the parser's contract over generated inputs.
 * - Any JSON value, and any near-valid request, gives a request or a ValidationError: never a throw, and
 *   never the "could not be read" guard, which only non-JSON values may reach.
 * - A long-form request and a shorthand twin of it normalise to deep-equal objects; so do GET and POST.
 * - Scaling is exact: every scaled length divided by the scale is the number that was sent, and the scale
 *   is the smallest power of ten that does it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartsLimitError, ValidationError } from '../errors.ts';
import type { OptimiseRequest } from '../types.ts';
import { decimalsFor } from './decimals.ts';
import { parseOptimiseBody, parseOptimiseQuery } from './index.ts';

const RUNS = { numRuns: 400 };

/** The contract every outcome meets, whatever the input. */
function checkOutcome(result: ReturnType<typeof parseOptimiseBody>): boolean {
  if (result.ok) return result.value.parts.length > 0 && result.value.parts.every((p, i) => p.index === i);
  const error = result.error;
  // A whole quantity past the core's ceiling is more work than any tier takes: 413, naming the part.
  if (error instanceof PartsLimitError) return /^parts(\[\d+\]|:)/.test(error.message);
  return (
    error instanceof ValidationError &&
    error.issues.length >= 1 &&
    error.issues.length <= 10 &&
    error.message.length > 0 &&
    !error.message.includes('could not be read')
  );
}

/**
 * A length with up to `maxDecimals` decimals in [min, max] (min > 0 by default): an integer divided by a
 * power of ten is exactly the decimal it prints as.
 */
const length = (maxDecimals = 6, max = 1_000_000, min = 0) =>
  fc
    .integer({ min: 0, max: maxDecimals })
    .chain((k) =>
      fc.integer({ min: Math.max(1, min * 10 ** k), max: max * 10 ** k }).map((n) => n / 10 ** k),
    );

const label = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes(','));
const part = fc.record(
  { length: length(3, 3000), quantity: fc.integer({ min: 1, max: 40 }), label },
  { requiredKeys: ['length', 'quantity'] },
);
const offcut = fc.record({ length: length(2, 4000), quantity: fc.integer({ min: 1, max: 5 }) });

interface LongRequest {
  parts: { length: number; quantity: number; label?: string }[];
  stockLength: number;
  offcuts?: { length: number; quantity: number }[];
  kerf?: number;
  minRemnant?: number;
}

/** Valid long-form requests: every part fits the stock, whose quantity is unlimited. */
const longRequest: fc.Arbitrary<LongRequest> = fc
  .record(
    {
      parts: fc.array(part, { minLength: 1, maxLength: 8 }),
      // Longer than any part plus trim (2 × kerf ≤ 10), so every generated request is feasible.
      stockLength: length(2, 9000, 3010),
      offcuts: fc.array(offcut, { maxLength: 3 }),
      kerf: length(3, 5),
      minRemnant: length(1, 500),
    },
    { requiredKeys: ['parts', 'stockLength'] },
  )
  .map((r) => r as LongRequest);

describe('parseOptimiseBody on any input', () => {
  it('gives a request or a ValidationError for any JSON value as the body', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => checkOutcome(parseOptimiseBody(value, 'json'))),
      { seed: 101, ...RUNS },
    );
  });

  it('gives a request or a ValidationError for any JSON value in any field', () => {
    const fields = [
      'parts',
      'stock',
      'stocks',
      'stockLength',
      'offcuts',
      'kerf',
      'trim',
      'method',
      'minRemnant',
      'angleCuts',
      'unit',
      'unitFormat',
      'timeLimit',
      'jobName',
      'paper',
      'stockLenght',
    ];
    fc.assert(
      fc.property(
        longRequest,
        fc.constantFrom(...fields),
        fc.jsonValue(),
        fc.constantFrom<'json' | 'pdf'>('json', 'pdf'),
        (request, field, value, endpoint) =>
          checkOutcome(parseOptimiseBody({ ...structuredClone(request), [field]: value }, endpoint)),
      ),
      { seed: 102, ...RUNS },
    );
  });

  it('gives a request or a ValidationError for any JSON value in any part field or entry', () => {
    const fields = ['length', 'quantity', 'label', 'material', 'leftAngle', 'rightAngle', 'lenght'];
    fc.assert(
      fc.property(
        longRequest,
        fc.nat(),
        fc.constantFrom(...fields, 'whole entry'),
        fc.jsonValue(),
        (request, i, field, value) => {
          const copy = structuredClone(request);
          const at = i % copy.parts.length;
          const entries: unknown[] = copy.parts;
          entries[at] = field === 'whole entry' ? value : { ...copy.parts[at], [field]: value };
          return checkOutcome(parseOptimiseBody(copy, 'json'));
        },
      ),
      { seed: 103, ...RUNS },
    );
  });

  it('gives a request or a ValidationError for any text as shorthand', () => {
    const alphabet = fc.constantFrom(...'0123456789.,xX× -e\t'.split(''));
    const text = fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 40 }));
    fc.assert(
      fc.property(text, text, (parts, stock) => checkOutcome(parseOptimiseBody({ parts, stock }, 'json'))),
      { seed: 104, ...RUNS },
    );
  });
});

/** A shorthand twin of a long-form part: a string, a bare length, an array or the object itself. */
function twinPart(p: LongRequest['parts'][number], form: number): unknown {
  if (p.label !== undefined) return form % 2 === 0 ? [p.length, p.quantity, p.label] : p;
  switch (form % 4) {
    case 0:
      return p.quantity === 1 ? String(p.length) : `${p.length}x${p.quantity}`;
    case 1:
      return ` ${p.length} x ${p.quantity} `;
    case 2:
      return p.quantity === 1 ? [p.length] : [p.length, p.quantity];
    default:
      return p;
  }
}

describe('shorthand twins', () => {
  it('normalise exactly as the long form', () => {
    fc.assert(
      fc.property(longRequest, fc.array(fc.nat(), { minLength: 16, maxLength: 16 }), (request, forms) => {
        const parts = request.parts.map((p, i) => twinPart(p, forms[i] ?? 0));
        const allText = parts.every((p) => typeof p === 'string');
        const stockForms = [
          request.stockLength,
          String(request.stockLength),
          [[request.stockLength]],
          [`${request.stockLength}`],
        ];
        const twin: Record<string, unknown> = {
          ...request,
          parts: allText && (forms[8] ?? 0) % 2 === 0 ? parts.join(',') : parts,
          stockLength: undefined,
          stock: stockForms[(forms[9] ?? 0) % stockForms.length],
        };
        if (request.offcuts !== undefined && request.offcuts.length > 0 && (forms[10] ?? 0) % 2 === 0) {
          twin.offcuts = request.offcuts.map((o) => `${o.length}x${o.quantity}`).join(', ');
        }
        const long = parseOptimiseBody(request, 'json');
        const short = parseOptimiseBody(twin, 'json');
        expect(long.ok).toBe(true);
        expect(short).toEqual(long);
      }),
      { seed: 105, ...RUNS },
    );
  });

  it('sent as a GET query normalise exactly as the POST', () => {
    const textPart = fc.record({ length: length(3, 3000), quantity: fc.integer({ min: 1, max: 40 }) });
    fc.assert(
      fc.property(
        fc.array(textPart, { minLength: 1, maxLength: 8 }),
        length(2, 9000, 3010),
        length(3, 5),
        fc.boolean(),
        (parts, stockLength, kerf, trim) => {
          const query = {
            parts: parts.map((p) => `${p.length}x${p.quantity}`).join(','),
            stock: String(stockLength),
            kerf: String(kerf),
            trim: trim ? '1' : '0',
          };
          const get = parseOptimiseQuery(query);
          expect(get.ok).toBe(true);
          expect(get).toEqual(parseOptimiseBody({ parts, stockLength, kerf, trim }, 'json'));
        },
      ),
      { seed: 106, ...RUNS },
    );
  });
});

describe('scaling', () => {
  it('round-trips every length exactly at the smallest power of ten', () => {
    fc.assert(
      fc.property(longRequest, (request) => {
        const result = parseOptimiseBody(request, 'json');
        expect(result.ok).toBe(true);
        const r = result.ok ? result.value : ({} as OptimiseRequest);
        const pairs: [number, number][] = [
          ...request.parts.map((p, i): [number, number] => [p.length, r.parts[i]?.length ?? Number.NaN]),
          ...(request.offcuts ?? []).map((o, i): [number, number] => [
            o.length,
            r.offcuts[i]?.length ?? Number.NaN,
          ]),
          [request.stockLength, r.stocks[0]?.length ?? Number.NaN],
          [request.kerf ?? 0, r.kerf],
          [request.minRemnant ?? 0, r.minRemnant],
        ];
        for (const [sent, scaled] of pairs) {
          expect(Number.isSafeInteger(scaled)).toBe(true);
          expect(scaled / r.scale).toBe(sent);
        }
        expect(r.scale).toBe(10 ** decimalsFor(pairs.map(([sent]) => sent)));
      }),
      { seed: 107, ...RUNS },
    );
  });

  it('with angle cuts on, counts one decimal more, within 6 decimals, and still round-trips exactly', () => {
    fc.assert(
      fc.property(longRequest, length(2, 80, 10), (request, width) => {
        const withCuts = { ...request, angleCuts: { enabled: true, width } };
        const result = parseOptimiseBody(withCuts, 'json');
        if (!result.ok) {
          // Only a part too short for its mitres at this width is refused; these parts are square.
          expect.fail(result.error.message);
          return;
        }
        const r = result.value;
        const sent = [
          ...request.parts.map((p) => p.length),
          ...(request.offcuts ?? []).map((o) => o.length),
          request.stockLength,
          request.kerf ?? 0,
          request.minRemnant ?? 0,
          width,
        ];
        const k = decimalsFor(sent);
        // Every generated request is far below 2^53 at 6 decimals, so only the 6-decimal cap applies.
        expect(r.scale).toBe(10 ** Math.min(k + 1, 6));
        const scaled = [
          ...r.parts.map((p) => p.length),
          ...r.offcuts.map((o) => o.length),
          r.stocks[0]?.length ?? Number.NaN,
          r.kerf,
          r.minRemnant,
          r.angleCuts?.width ?? Number.NaN,
        ];
        scaled.forEach((n, i) => {
          expect(Number.isSafeInteger(n)).toBe(true);
          expect(n / r.scale).toBe(sent[i]);
        });
      }),
      { seed: 108, ...RUNS },
    );
  });
});
