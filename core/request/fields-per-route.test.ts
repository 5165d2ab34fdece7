/**
 * The presentation fields per route (docs/api.md, Fields per route): every file route takes `jobName`,
 * `paper` and `labelFormat`, so one job file goes to each unchanged; POST and GET /v1/optimise take none,
 * and the refusal names the route that was called.
 */
import { describe, expect, it } from 'vitest';
import { detail, parsed } from '../../test/support/request-fixtures.ts';
import { parseOptimiseQuery } from './parse-query.ts';
import type { Endpoint } from './read-body.ts';

const BASE = { parts: '2400x5, 1800x3', stock: 6000 };

/** A valid value of each presentation field, and a bad one with the text its refusal names. */
const FIELDS = [
  { field: 'jobName', good: 'Hall B railings', normalised: 'Hall B railings', bad: 42, names: 'jobName' },
  { field: 'paper', good: 'Letter', normalised: 'Letter', bad: 'A5', names: 'paper' },
  {
    field: 'labelFormat',
    good: 'thermal-100x50',
    normalised: 'thermal-100x50',
    bad: 'a4-3x7',
    names: 'labelFormat',
  },
] as const;

const FILE_ROUTES: readonly Endpoint[] = ['pdf', 'labels', 'csv'];
const CALLED: Readonly<Record<'json' | 'query', string>> = {
  json: 'POST /v1/optimise does not take it',
  query: 'GET /v1/optimise does not take it',
};
const ROUTES_NAMED =
  'belongs to the file routes (POST /v1/optimise/pdf, /v1/optimise/labels and /v1/optimise/csv)';

describe('presentation fields per route', () => {
  const fileCases = FILE_ROUTES.flatMap((endpoint) => FIELDS.map((f) => [endpoint, f] as const));

  it.each(fileCases)('%s takes %o', (endpoint, { field, good, normalised }) => {
    expect(parsed({ ...BASE, [field]: good }, endpoint)).toMatchObject({ [field]: normalised });
  });

  it.each(fileCases)('%s refuses a bad value of %o, naming the field', (endpoint, { field, bad, names }) => {
    expect(detail({ ...BASE, [field]: bad }, endpoint)).toContain(names);
  });

  it.each(FIELDS)(
    'POST /v1/optimise refuses $field, naming the route called and those that take it',
    ({ field, good }) => {
      const message = detail({ ...BASE, [field]: good }, 'json');
      expect(message).toContain(`"${field}" ${ROUTES_NAMED}`);
      expect(message).toContain(CALLED.json);
    },
  );

  it.each(FIELDS)('GET /v1/optimise refuses $field, naming the route called', ({ field, good }) => {
    const result = parseOptimiseQuery({ parts: '2400x5', stock: '6000', [field]: String(good) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain(`"${field}" ${ROUTES_NAMED}`);
    expect(result.error.message).toContain(CALLED.query);
  });

  it('reads one job file (jobName, labels, mitres, every presentation field) alike on every file route', () => {
    const job = {
      jobName: 'Frames 12',
      paper: 'A4',
      labelFormat: 'thermal-100x50',
      stock: 6000,
      kerf: 3,
      angleCuts: { enabled: true, width: 40 },
      parts: [
        { length: 1200, quantity: 2, label: 'Top rail', leftAngle: 60, rightAngle: 60 },
        { length: 800, quantity: 3, label: 'Στήλη' },
      ],
    };
    const [first, ...rest] = FILE_ROUTES.map((endpoint) => parsed(structuredClone(job), endpoint));
    expect(first).toMatchObject({ jobName: 'Frames 12', paper: 'A4', labelFormat: 'thermal-100x50' });
    for (const other of rest) expect(other).toEqual(first);
  });
});

describe("a route's query option sent in the body", () => {
  it.each<[string, Endpoint, string]>([
    [
      'separator',
      'csv',
      '"separator" is a query parameter of POST /v1/optimise/csv (?separator=semicolon), not a body field: send it as POST /v1/optimise/csv?separator=semicolon',
    ],
    [
      'format',
      'labels',
      '"format" is a query parameter of POST /v1/optimise/labels (?format=zpl), not a body field: send it as POST /v1/optimise/labels?format=zpl',
    ],
    [
      'separator',
      'pdf',
      '"separator" is a query parameter of POST /v1/optimise/csv (?separator=semicolon), not a body field; POST /v1/optimise/pdf does not take it',
    ],
    [
      'format',
      'json',
      '"format" is a query parameter of POST /v1/optimise/labels (?format=zpl), not a body field; POST /v1/optimise does not take it',
    ],
  ])('%s in the body of %s is refused, pointing to the query parameter', (field, endpoint, expected) => {
    expect(detail({ ...BASE, [field]: 'semicolon' }, endpoint)).toBe(expected);
  });

  it('GET /v1/optimise refuses separator, naming the route that takes it', () => {
    const result = parseOptimiseQuery({ parts: '2400x5', stock: '6000', separator: 'semicolon' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe(
      '"separator" is a query parameter of POST /v1/optimise/csv (?separator=semicolon); GET /v1/optimise does not take it',
    );
  });
});
