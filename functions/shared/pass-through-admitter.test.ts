import { describe, expect, it } from 'vitest';
import { passThroughAdmitter } from './pass-through-admitter.ts';

const caller = { ip: '203.0.113.1', apiKey: 'anything', origin: undefined };

describe('passThroughAdmitter', () => {
  it('admits on the public tier with no headers, whatever key is sent', async () => {
    const result = await passThroughAdmitter().admit(caller, { totalParts: 300, distinctLines: 60 });
    expect(result.ok && result.value).toMatchObject({
      tier: { name: 'public' },
      workspace: null,
      branding: null,
      headers: {},
    });
    if (result.ok) await expect(result.value.release('failed')).resolves.toBeUndefined();
  });

  it.each([
    [{ totalParts: 301, distinctLines: 1 }, 'the job has 301 parts; the public tier allows 300 per request'],
    [
      { totalParts: 100, distinctLines: 61 },
      'the job has 61 distinct part lines; the public tier allows 60 per request',
    ],
  ])('refuses %j with 413 partsLimit naming the cap', async (size, detail) => {
    const result = await passThroughAdmitter().admit(caller, size);
    expect(result.ok ? 'admitted' : [result.error.code, result.error.message]).toEqual([
      'partsLimit',
      detail,
    ]);
  });
});
