import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPlaygroundPage } from './build.ts';

describe('buildPlaygroundPage', () => {
  it('inlines one script and one style, allowed by hash and by nothing else, and stays under 100 KB gzipped', async () => {
    const { html, csp } = await buildPlaygroundPage();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(csp).toContain(`script-src ${hash(scripts[0] ?? '')};`);
    expect(csp).toContain(`style-src ${hash(styles[0] ?? '')};`);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(gzipSync(html).length).toBeLessThan(100 * 1024);
  });

  it('loads nothing from anywhere else: no external script, style, image or font', async () => {
    const { html } = await buildPlaygroundPage();
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
    expect(html).not.toMatch(/@import|url\(/);
  });
});
