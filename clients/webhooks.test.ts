/**
 * Both clients' webhook verifiers against the Standard Webhooks reference example and against deliveries
 * signed by the server's own module (functions/shared/webhooks): each accepts what the server signed, with
 * either secret of a rotation, and refuses a changed body, an old timestamp and a wrong secret.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { verifyWebhook, WebhookVerificationError } from '@cutplan/client';
import { describe, expect, it } from 'vitest';
import { jobEndedBody, newWebhookSecret, webhookHeaders } from '../functions/shared/webhooks/index.ts';

const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  headers: {
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
    'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  },
  body: '{"test": 2432232314}',
  now: 1614265330,
};

/** A delivery as the server signs it: a job's end, with the key's current and retired secrets. */
function delivery(now: number) {
  const current = newWebhookSecret();
  const retired = newWebhookSecret();
  const body = jobEndedBody({
    jobId: 'jb_1',
    status: 'succeeded',
    url: 'https://api.example.com/v1/jobs/jb_1',
  });
  return { current, retired, body, headers: webhookHeaders([current, retired], 'msg_jb_1', now, body) };
}

async function refusal(call: Promise<unknown>): Promise<string> {
  const outcome = await call.then(
    () => 'accepted',
    (e: unknown) => (e instanceof WebhookVerificationError ? e.message : `threw ${String(e)}`),
  );
  return outcome;
}

describe('@cutplan/client verifyWebhook', () => {
  it('accepts the published example, from a plain object, fetch Headers or Node header arrays', async () => {
    const at = { nowSeconds: VECTOR.now };
    expect(await verifyWebhook(VECTOR.secret, VECTOR.headers, VECTOR.body, at)).toEqual({ test: 2432232314 });
    expect(await verifyWebhook(VECTOR.secret, new Headers(VECTOR.headers), VECTOR.body, at)).toEqual({
      test: 2432232314,
    });
    const node = {
      'Webhook-Id': [VECTOR.headers['webhook-id']],
      'webhook-timestamp': VECTOR.headers['webhook-timestamp'],
      'WEBHOOK-SIGNATURE': VECTOR.headers['webhook-signature'],
    };
    expect(await verifyWebhook(VECTOR.secret, node, new TextEncoder().encode(VECTOR.body), at)).toEqual({
      test: 2432232314,
    });
  });

  it('accepts what the server signs, with either secret of a rotation', async () => {
    const now = 1_800_000_000;
    const d = delivery(now);
    for (const secret of [d.current, d.retired]) {
      const event = await verifyWebhook(secret, d.headers, d.body, { nowSeconds: now + 30 });
      expect(event).toEqual({
        type: 'job.succeeded',
        data: { id: 'jb_1', status: 'succeeded', url: 'https://api.example.com/v1/jobs/jb_1' },
      });
    }
  });

  type Delivery = ReturnType<typeof delivery>;
  type Case = { secret: string; headers: Record<string, string | undefined>; body: string; later: number };
  const cases: [string, (d: Delivery) => Case, string][] = [
    [
      'a changed body',
      (d) => ({ secret: d.current, headers: d.headers, body: d.body.replace('jb_1', 'jb_2'), later: 0 }),
      'no signature matches',
    ],
    [
      'an old timestamp',
      (d) => ({ secret: d.current, headers: d.headers, body: d.body, later: 301 }),
      'more than 300 s',
    ],
    [
      'a wrong secret',
      (d) => ({ secret: newWebhookSecret(), headers: d.headers, body: d.body, later: 0 }),
      'no signature matches',
    ],
    [
      'no signature header',
      (d) => ({
        secret: d.current,
        headers: { ...d.headers, 'webhook-signature': undefined },
        body: d.body,
        later: 0,
      }),
      'missing',
    ],
    [
      'a secret that is no secret',
      (d) => ({ secret: `whsec_${'!'.repeat(8)}`, headers: d.headers, body: d.body, later: 0 }),
      'not a whsec_',
    ],
  ];
  it.each(cases)('refuses %s', async (_name, make, reason) => {
    const now = 1_800_000_000;
    const c = make(delivery(now));
    expect(
      await refusal(verifyWebhook(c.secret, c.headers, c.body, { nowSeconds: now + c.later })),
    ).toContain(reason);
  });
});

describe('cutplan (Python) verify_webhook on what the server signs', () => {
  it('accepts it with either secret, and refuses a changed body, an old timestamp and a wrong secret', async () => {
    const now = 1_800_000_000;
    const d = delivery(now);
    const cases = [
      { name: 'current', secret: d.current, body: d.body, now: now + 30 },
      { name: 'retired', secret: d.retired, body: d.body, now },
      { name: 'changed body', secret: d.current, body: d.body.replace('succeeded', 'failed'), now },
      { name: 'old timestamp', secret: d.current, body: d.body, now: now + 301 },
      { name: 'wrong secret', secret: newWebhookSecret(), body: d.body, now },
    ];
    const script = [
      'import json, sys',
      'import cutplan',
      'given = json.load(sys.stdin)',
      'out = {}',
      'for c in given["cases"]:',
      '    try:',
      '        out[c["name"]] = cutplan.verify_webhook(c["secret"], given["headers"], c["body"], now=c["now"])["data"]["id"]',
      '    except cutplan.WebhookVerificationError as e:',
      '        out[c["name"]] = "refused: " + str(e)',
      'print(json.dumps(out))',
    ].join('\n');
    const child = promisify(execFile)('python3', ['-S', '-c', script], {
      env: { ...process.env, PYTHONPATH: join(import.meta.dirname, 'python', 'src') },
    });
    child.child.stdin?.end(JSON.stringify({ headers: d.headers, cases }));
    const out = JSON.parse((await child).stdout) as Record<string, string>;
    expect(out.current).toBe('jb_1');
    expect(out.retired).toBe('jb_1');
    expect(out['changed body']).toContain('refused: no signature matches');
    expect(out['old timestamp']).toContain('refused: webhook-timestamp is more than 300 s');
    expect(out['wrong secret']).toContain('refused: no signature matches');
  });
});
