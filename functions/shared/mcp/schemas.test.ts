import { describe, expect, it } from 'vitest';
import { selfContained, toolSchemas } from './schemas.ts';

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
