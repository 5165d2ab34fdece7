import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { selfContained, toolSchemas } from './schemas.ts';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

describe('the tools’ schemas', () => {
  it('are self-contained: every reference points into their own $defs', () => {
    for (const schema of Object.values(toolSchemas())) {
      const text = JSON.stringify(schema);
      expect(text).not.toContain('#/components/');
      const defs = (schema.$defs ?? {}) as Record<string, unknown>;
      for (const [, name] of text.matchAll(/"#\/\$defs\/([^"]+)"/g))
        expect(Object.keys(defs)).toContain(name);
    }
  });

  it.each([
    [{ parts: '2400x5, 1800x3', stock: 6000 }, true],
    [
      {
        parts: [{ length: 2400, quantity: 5, label: 'rail' }],
        stocks: [{ length: 6000, quantity: null, price: 9 }],
      },
      true,
    ],
    [{ stock: 6000 }, false],
    [{ parts: '2400x5', stock: 6000, jobName: 'Carport' }, false],
  ])('the optimise input schema takes %j: %s', (args, valid) => {
    expect(ajv.compile(toolSchemas().optimiseInput)(args)).toBe(valid);
  });

  it('the PDF input schema also takes jobName', () => {
    expect(ajv.compile(toolSchemas().pdfInput)({ parts: '2400x5', stock: 6000, jobName: 'Carport' })).toBe(
      true,
    );
  });

  it('selfContained keeps only the components the root reaches', () => {
    const schema = selfContained('A', {
      A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
      B: { type: 'array', items: { $ref: '#/components/schemas/C' } },
      C: { type: 'number' },
      D: { type: 'string' },
    });
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { b: { $ref: '#/$defs/B' } },
      $defs: { B: { type: 'array', items: { $ref: '#/$defs/C' } }, C: { type: 'number' } },
    });
  });
});
