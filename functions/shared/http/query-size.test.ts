import { describe, expect, it } from 'vitest';
import { checkQuerySize, MAX_QUERY_BYTES, queryBytes } from './query-size.ts';

describe('the query size limit', () => {
  it('counts names, values and separators as UTF-8 bytes, every value of a repeated parameter', () => {
    expect(queryBytes({ parts: '500x4', stock: '1000' })).toBe('parts=500x4&'.length + 'stock=1000&'.length);
    expect(queryBytes({ unit: 'µm' })).toBe(4 + 3 + 2);
    expect(queryBytes({ parts: ['500x4', '300x2'] })).toBe(2 * 'parts=500x4&'.length);
  });

  it('passes exactly 8 KiB and refuses one byte more with 414, saying to POST', () => {
    const exact = { parts: 'x'.repeat(MAX_QUERY_BYTES - 'parts'.length - 2) };
    expect(checkQuerySize({ query: exact }).ok).toBe(true);
    const over = checkQuerySize({ query: { parts: `${exact.parts}x` } });
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.error.status).toBe(414);
    expect(over.error.message).toBe(
      `the query string carries ${MAX_QUERY_BYTES + 1} bytes, more than ${MAX_QUERY_BYTES}; send the job as JSON in the body of POST /v1/optimise instead`,
    );
  });
});
