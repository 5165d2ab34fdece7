import { describe, expect, it } from 'vitest';
import { buildRequest, type FormValues, valuesOfQuery } from './request.ts';

const form = (values: Partial<FormValues>): FormValues => ({
  parts: '',
  stock: '',
  kerf: '',
  method: '',
  offcuts: '',
  minRemnant: '',
  unit: '',
  trim: false,
  angles: false,
  angleWidth: '',
  symmetry: 'none',
  timeLimit: '',
  ...values,
});

describe('buildRequest: the time limit', () => {
  it('sends a time limit as a number, leaves it out when empty, and never puts it in the link', () => {
    const asked = buildRequest(form({ parts: '2400x4', stock: '6000', timeLimit: '60' }));
    expect(asked.ok && asked.body.timeLimit).toBe(60);
    expect(asked.ok && asked.query).toBe('parts=2400x4&stock=6000');
    const auto = buildRequest(form({ parts: '2400x4', stock: '6000' }));
    expect(auto.ok && 'timeLimit' in auto.body).toBe(false);
    // Not a number: sent as text, so the API's 400 names timeLimit.
    const typo = buildRequest(form({ parts: '2400x4', stock: '6000', timeLimit: 'soon' }));
    expect(typo.ok && typo.body.timeLimit).toBe('soon');
  });
});

describe('buildRequest', () => {
  it.each([
    ['shorthand', '2400x4, 1150x6', '2400x4, 1150x6', 'parts=2400x4%2C1150x6'],
    ['shorthand on several lines', '2400x4\n1150x6\n', '2400x4, 1150x6', 'parts=2400x4%2C1150x6'],
    ['lengths on several lines', '2400\n1150', '2400, 1150', 'parts=2400%2C1150'],
  ])('sends %s as shorthand, and links to it', (_, parts, sent, query) => {
    const built = buildRequest(form({ parts, stock: '6000' }));
    expect(built).toEqual({ ok: true, body: { parts: sent, stock: 6000 }, query: `${query}&stock=6000` });
  });

  it('reads pasted rows as CSV (a comma row on its own line is length and quantity, not two entries)', () => {
    const built = buildRequest(form({ parts: '2400,4\n1150,6', stock: '6000', kerf: '3' }));
    expect(built).toEqual({
      ok: true,
      body: {
        parts: [
          { length: 2400, quantity: 4 },
          { length: 1150, quantity: 6 },
        ],
        stock: 6000,
        kerf: 3,
      },
      query: 'parts=2400x4%2C1150x6&stock=6000&kerf=3',
    });
  });

  it('offers no link for rows with labels, which need the POST', () => {
    const built = buildRequest(form({ parts: 'length;quantity;label\n2400;4;rail', stock: '6000' }));
    expect(built).toMatchObject({
      ok: true,
      query: null,
      body: { parts: [{ length: 2400, quantity: 4, label: 'rail' }] },
    });
  });

  it('reports a CSV problem for the cut list field, with its row and column', () => {
    expect(buildRequest(form({ parts: 'length,quantity\n2400,x' }))).toEqual({
      ok: false,
      field: 'parts',
      message: 'row 2, column "quantity": must be a number, got "x"',
    });
  });

  it('passes what it cannot read to the API, which names the problem', () => {
    const built = buildRequest(form({ parts: '2400x', stock: 'lots', kerf: 'thin' }));
    expect(built).toMatchObject({
      ok: true,
      body: { parts: '2400x', stock: 'lots', kerf: 'thin' },
      query: null,
    });
  });

  it('round-trips a link through the form', () => {
    const built = buildRequest(
      form({ parts: '500x4', stock: '1000', method: 'least_waste', trim: true, minRemnant: '50' }),
    );
    if (!built.ok || built.query === null) throw new Error('no link');
    expect(valuesOfQuery(`?${built.query}`)).toEqual({
      parts: '500x4',
      stock: '1000',
      minRemnant: '50',
      trim: 'true',
      method: 'least_waste',
    });
  });
});
