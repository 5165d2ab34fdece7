import { describe, expect, it } from 'vitest';
import { parseOptimiseBody } from '../../core/request/index.ts';
import { fieldsOfDetail } from './fields.ts';

/** The detail the API gives for `body`. */
function detailOf(body: unknown): string {
  const parsed = parseOptimiseBody(body, 'json');
  if (parsed.ok) throw new Error('expected a 400');
  return parsed.error.message;
}

describe('fieldsOfDetail', () => {
  it.each([
    [{ parts: '2400x0', stock: 6000 }, 'parts'],
    [{ parts: '2400x1', stock: 6000, kerf: -3 }, 'kerf'],
    [{ parts: '2400x1', stock: '6000x0' }, 'stock'],
    [{ parts: '2400x1', stock: 2000 }, 'parts'],
    [{ parts: '2400x1' }, 'stock'],
    [{ parts: '2400x1', stock: 6000, offcuts: 'abc' }, 'offcuts'],
    [{ parts: '2400x1', stock: 6000, method: 'fastest' }, 'method'],
    [{ parts: '2400x1', stock: 6000, minRemnant: -1 }, 'minRemnant'],
    [{ parts: '2400x1', stock: 6000, angleCuts: { enabled: true } }, 'angleCuts'],
  ])('puts the 400 for %j beside %s', (body, field) => {
    expect([...fieldsOfDetail(detailOf(body)).keys()]).toEqual([field]);
  });

  it('splits several problems between their fields, keeping messages that contain "; " whole', () => {
    const detail = detailOf({ parts: '2400x0, 100x1', stock: '6000x0', kerf: -1 });
    const fields = fieldsOfDetail(detail);
    expect([...fields.keys()].sort()).toEqual(['kerf', 'parts', 'stock']);
    expect(fields.get('kerf')).toEqual(['kerf: must be ≥ 0, got -1']);
    const csv = fieldsOfDetail(
      'row 1, column 3: unknown column "notes"; columns are length, quantity; row 2, column "length": must be > 0, got 0',
    );
    expect(csv.get('parts')).toEqual([
      'row 1, column 3: unknown column "notes"; columns are length, quantity',
      'row 2, column "length": must be > 0, got 0',
    ]);
  });
});
