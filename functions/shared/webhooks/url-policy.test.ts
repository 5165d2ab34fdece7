import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, MAX_WEBHOOK_URL_LENGTH, type Resolve } from './url-policy.ts';

/** A fake DNS: a few names, each with its addresses; any other name does not resolve. */
const DNS: Readonly<Record<string, string[]>> = {
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'sneaky.example.com': ['93.184.215.14', '10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'v6-local.example.com': ['fd00::1'],
  localhost: ['127.0.0.1', '::1'],
};
const resolve: Resolve = async (host) => {
  const found = DNS[host];
  if (found === undefined) throw new Error(`ENOTFOUND ${host}`);
  return found;
};
const deployed = { allowPrivate: false, resolve };
const local = { allowPrivate: true, resolve };

describe('webhook URL policy', () => {
  it.each([
    ['https://hooks.example.com/cutplan?x=1', deployed],
    ['https://hooks.example.com:8443/a', deployed],
    ['https://8.8.8.8/hook', deployed],
    ['https://[2606:4700:4700::1111]/hook', deployed],
    ['http://127.0.0.1:9000/hook', local],
    ['http://localhost:9000/hook', local],
    ['http://10.0.0.5/hook', local],
    ['https://sneaky.example.com/', local],
  ])('accepts %s', async (url, policy) => {
    const checked = await checkWebhookUrl(url, policy);
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.url.href).toBe(new URL(url).href);
      expect(checked.addresses.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['http://hooks.example.com/', deployed, 'must use https'],
    ['ftp://hooks.example.com/', local, 'must use https (got ftp)'],
    ['javascript:alert(1)', local, 'must use https'],
    ['/relative/path', local, 'not an absolute URL'],
    ['not a url', deployed, 'not an absolute URL'],
    ['https://user:pw@hooks.example.com/', deployed, 'credentials'],
    ['http://user@127.0.0.1/', local, 'credentials'],
    ['https://nowhere.invalid/', deployed, 'does not resolve'],
    ['https://nowhere.invalid/', local, 'does not resolve'],
    ['https://127.0.0.1/', deployed, 'loopback'],
    ['https://localhost/', deployed, 'loopback'],
    ['https://[::1]/', deployed, 'loopback'],
    ['https://[::ffff:127.0.0.1]/', deployed, 'loopback'],
    ['https://0x7f.1/', deployed, 'loopback'],
    ['https://2130706433/', deployed, 'loopback'],
    ['https://169.254.169.254/latest/meta-data/', deployed, 'metadata'],
    ['https://metadata.example.com/', deployed, 'metadata.example.com (169.254.169.254)'],
    ['https://sneaky.example.com/', deployed, '10.0.0.5'],
    ['https://v6-local.example.com/', deployed, 'unique-local'],
    ['https://[fe80::1]/', deployed, 'link-local'],
    ['https://100.64.1.1/', deployed, 'carrier-grade'],
    ['https://192.168.0.10/', deployed, 'private'],
    ['https://172.20.0.1/', deployed, 'private'],
    ['https://0.0.0.0/', deployed, 'this network'],
    ['https://224.0.0.1/', deployed, 'multicast'],
    [`https://hooks.example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, deployed, 'at most 2048'],
    [`http://127.0.0.1/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, local, 'at most 2048'],
  ])('refuses %s', async (url, policy, why) => {
    const checked = await checkWebhookUrl(url, policy);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(why);
  });

  it('takes a URL of exactly 2,048 characters', async () => {
    const base = 'https://hooks.example.com/';
    const url = base + 'a'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length);
    expect((await checkWebhookUrl(url, deployed)).ok).toBe(true);
  });
});
