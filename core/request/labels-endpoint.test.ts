/** The labels endpoint's own fields: `jobName` and `labelFormat`, and no `paper`. */
import { describe, expect, it } from 'vitest';
import { detail, parsed } from '../../test/support/request-fixtures.ts';

const BASE = { parts: '2400x5, 1800x3', stock: 6000 };

describe('POST /v1/optimise/labels fields', () => {
  it('takes jobName and a label format, a4-3x8 when absent', () => {
    expect(parsed({ ...BASE, jobName: 'Frames', labelFormat: 'thermal-100x50' }, 'labels')).toMatchObject({
      jobName: 'Frames',
      labelFormat: 'thermal-100x50',
    });
    expect(parsed(BASE, 'labels').labelFormat).toBeNull();
  });

  it.each([
    [
      'json',
      { labelFormat: 'a4-3x8' },
      '"labelFormat" belongs to POST /v1/optimise/labels; /v1/optimise does not take it',
    ],
    [
      'pdf',
      { labelFormat: 'a4-3x8' },
      '"labelFormat" belongs to POST /v1/optimise/labels; /v1/optimise/pdf does not take it',
    ],
    [
      'labels',
      { paper: 'A4' },
      '"paper" belongs to POST /v1/optimise/pdf; /v1/optimise/labels does not take it',
    ],
    ['labels', { labelFormat: 'a4-3x7' }, 'labelFormat'],
  ] as const)('on %s refuses %j', (endpoint, extra, message) => {
    expect(detail({ ...BASE, ...extra }, endpoint)).toContain(message);
  });
});
