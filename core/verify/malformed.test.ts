import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checksOf } from '../../test/support/verify-builders.ts';
import { planCaseNamed } from '../../test/support/verify-cases.ts';
import type { OptimiseResponse } from '../types.ts';
import { verifyPlan } from './index.ts';

const { request, response } = planCaseNamed(
  'a shop job: offcuts, finite priced stock, labels and minRemnant',
);

/** Any value where a response is expected: what a buggy solver or a bad cast could hand over. */
const asResponse = (value: unknown) => value as OptimiseResponse;

/** Every path into a JSON value, objects and arrays included. */
function pathsOf(value: unknown, prefix: readonly (string | number)[] = []): (string | number)[][] {
  const here = [[...prefix]];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (typeof value === 'object' && value !== null) {
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  }
  return here;
}

function replaced(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(root)) {
    const items: unknown[] = [...root];
    items[Number(head)] = replaced(items[Number(head)], rest, value);
    return items;
  }
  const fields: Record<string, unknown> = { ...(root as Record<string, unknown>) };
  fields[String(head)] = replaced(fields[String(head)], rest, value);
  return fields;
}

describe('verifyPlan on malformed responses', () => {
  it.each([
    { name: 'null', value: null, checks: ['shape'] },
    { name: 'a number', value: 42, checks: ['shape'] },
    { name: 'an array', value: [], checks: ['shape'] },
    { name: 'an empty object', value: {}, checks: ['shape'] },
    {
      name: 'a plan without combinations',
      value: { ...response, plan: { ...response.plan, combinations: 'x' } },
      checks: ['shape'],
    },
    {
      name: 'a combination that is null',
      value: { ...response, plan: { ...response.plan, combinations: [null] } },
      checks: ['demand', 'shape'],
    },
  ])('rejects $name without throwing', ({ value, checks }) => {
    expect(checksOf(verifyPlan(request, asResponse(value)))).toEqual(expect.arrayContaining(checks));
  });

  it('turns a throwing getter into an internal failure', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    expect(checksOf(verifyPlan(request, asResponse(hostile)))).toEqual(['internal']);
  });

  it('caps the issues it lists and counts the rest', () => {
    const many = {
      ...response,
      plan: { ...response.plan, combinations: Array.from({ length: 500 }, () => 7) },
    };
    const result = verifyPlan(request, asResponse(many));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.issues).toHaveLength(100);
      expect(result.error.omitted).toBeGreaterThan(400);
    }
  });

  it('never throws when any part of a valid response is replaced by any value', () => {
    const paths = pathsOf(response);
    fc.assert(
      fc.property(fc.nat({ max: paths.length - 1 }), fc.anything(), (which, value) => {
        const broken = replaced(response, paths[which] ?? [], value);
        const result = verifyPlan(request, asResponse(broken));
        expect(typeof result.ok).toBe('boolean');
      }),
      { seed: 3103, numRuns: 400 },
    );
  });
});
