import { describe, expect, it } from 'vitest';
import { corsFor, normaliseOrigin, preflightHeaders } from './cors.ts';

describe('normaliseOrigin', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['https://Shop.Example.COM/', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://shop.example.com/path', null],
    ['https://shop.example.com?x=1', null],
    ['ftp://shop.example.com', null],
    ['shop.example.com', null],
    ['null', null],
  ])('normalises %j to %j', (input, output) => {
    expect(normaliseOrigin(input)).toBe(output);
  });
});

describe('corsFor', () => {
  it('answers public calls with * and no Vary', () => {
    expect(corsFor('https://a.example', 'public')).toEqual({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': expect.stringContaining('Retry-After'),
    });
  });
  it('echoes the origin of keyed calls with Vary: Origin', () => {
    expect(corsFor('https://a.example', 'echo')).toMatchObject({
      'Access-Control-Allow-Origin': 'https://a.example',
      Vary: 'Origin',
    });
  });
});

describe('preflightHeaders', () => {
  it('allows the key header and the route methods for the asking origin', () => {
    expect(preflightHeaders('https://a.example', ['GET', 'POST'])).toEqual({
      'Access-Control-Allow-Origin': 'https://a.example',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, X-API-Key, Idempotency-Key',
      'Access-Control-Max-Age': '86400',
      Vary: 'Origin',
    });
  });
});
