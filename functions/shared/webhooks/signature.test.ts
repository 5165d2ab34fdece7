import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './signature.ts';

// The example of the Standard Webhooks reference libraries (standard-webhooks/standard-webhooks,
// libraries/go/webhook_test.go, TestWebhookSign): this secret, id, timestamp and body sign to this value.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('signing', () => {
  it('signs the published example to the published signature', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    // The prefix is optional in a secret, as in the reference libraries.
    expect(signWebhook(VECTOR.secret.slice(6), VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(
      VECTOR.signature,
    );
  });

  it('signs with every valid secret, space-separated, current first', () => {
    const other = newWebhookSecret();
    const h = webhookHeaders([VECTOR.secret, other], VECTOR.id, VECTOR.timestamp, VECTOR.body);
    expect(h['webhook-id']).toBe(VECTOR.id);
    expect(h['webhook-timestamp']).toBe('1614265330');
    expect(h['webhook-signature']).toBe(
      `${VECTOR.signature} ${signWebhook(other, VECTOR.id, VECTOR.timestamp, VECTOR.body)}`,
    );
    expect(() => webhookHeaders([], 'x', 1, '')).toThrow(RangeError);
  });

  it('makes whsec_ secrets of 32 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe('verifying', () => {
  const headers = {
    'webhook-id': VECTOR.id,
    'webhook-timestamp': String(VECTOR.timestamp),
    'webhook-signature': VECTOR.signature,
  };
  const at = { nowSec: VECTOR.timestamp + 10 };

  it.each([
    ['the published example', headers, VECTOR.body, VECTOR.secret, at, true],
    [
      'header names in any case',
      {
        'Webhook-Id': VECTOR.id,
        'WEBHOOK-TIMESTAMP': String(VECTOR.timestamp),
        'Webhook-Signature': VECTOR.signature,
      },
      VECTOR.body,
      VECTOR.secret,
      at,
      true,
    ],
    [
      'one valid signature among others',
      {
        ...headers,
        'webhook-signature': `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,abc ${VECTOR.signature}`,
      },
      VECTOR.body,
      VECTOR.secret,
      at,
      true,
    ],
    ['a changed body', headers, '{"test": 2432232315}', VECTOR.secret, at, false],
    ['a wrong secret', headers, VECTOR.body, newWebhookSecret(), at, false],
    ['a timestamp 301 s old', headers, VECTOR.body, VECTOR.secret, { nowSec: VECTOR.timestamp + 301 }, false],
    [
      'a timestamp 301 s ahead',
      headers,
      VECTOR.body,
      VECTOR.secret,
      { nowSec: VECTOR.timestamp - 301 },
      false,
    ],
    [
      'a timestamp at the tolerance',
      headers,
      VECTOR.body,
      VECTOR.secret,
      { nowSec: VECTOR.timestamp + 300 },
      true,
    ],
    [
      'a wider tolerance',
      headers,
      VECTOR.body,
      VECTOR.secret,
      { nowSec: VECTOR.timestamp + 3600, toleranceSec: 3600 },
      true,
    ],
    ['a changed id', { ...headers, 'webhook-id': 'msg_other' }, VECTOR.body, VECTOR.secret, at, false],
    [
      'a changed timestamp',
      { ...headers, 'webhook-timestamp': String(VECTOR.timestamp + 1) },
      VECTOR.body,
      VECTOR.secret,
      at,
      false,
    ],
    [
      'no signature header',
      { 'webhook-id': VECTOR.id, 'webhook-timestamp': '1614265330' },
      VECTOR.body,
      VECTOR.secret,
      at,
      false,
    ],
    [
      'a v2 signature only',
      { ...headers, 'webhook-signature': VECTOR.signature.replace('v1,', 'v2,') },
      VECTOR.body,
      VECTOR.secret,
      at,
      false,
    ],
    [
      'a timestamp that is no number',
      { ...headers, 'webhook-timestamp': '16e8' },
      VECTOR.body,
      VECTOR.secret,
      at,
      false,
    ],
    ['a secret that is no base64', headers, VECTOR.body, 'whsec_!!', at, false],
  ] as const)('%s → %s', (_name, h, body, secret, options, ok) => {
    expect(verifyWebhook(secret, h, body, options).ok).toBe(ok);
  });

  it('accepts what it signed and refuses any other body, for any secret and message', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 24, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.string(),
        fc.string(),
        (bytes, id, ts, body, other) => {
          const secret = `whsec_${Buffer.from(bytes).toString('base64')}`;
          const h = webhookHeaders([secret], id, ts, body);
          expect(verifyWebhook(secret, h, body, { nowSec: ts }).ok).toBe(true);
          if (other !== body) expect(verifyWebhook(secret, h, other, { nowSec: ts }).ok).toBe(false);
        },
      ),
    );
  });
});
