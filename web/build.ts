/**
 * Builds the playground page: `web/src/main.ts` bundled by esbuild (it imports the CSV reader of
 * `core/request/`) and `web/style.css`, inlined into `web/index.html`, with a Content-Security-Policy that
 * allows exactly that script and style and lets the page talk to its own origin only. `npm start` builds it
 * at start-up; the deployment bundle of the docs function ships it beside itself (`playground.json`).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { PlaygroundPage } from '../functions/handlers/docs-handler.ts';

const WEB_DIR = import.meta.dirname;

const sha256 = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's HTML and its policy. */
export async function buildPlaygroundPage(): Promise<PlaygroundPage> {
  const [bundle, css, template] = await Promise.all([
    build({
      entryPoints: [join(WEB_DIR, 'src', 'main.ts')],
      bundle: true,
      write: false,
      minify: true,
      format: 'iife',
      platform: 'browser',
      target: ['es2022'],
      legalComments: 'none',
      logLevel: 'silent',
    }),
    readFile(join(WEB_DIR, 'style.css'), 'utf8'),
    readFile(join(WEB_DIR, 'index.html'), 'utf8'),
  ]);
  const js = bundle.outputFiles[0]?.text ?? '';
  // esbuild escapes `</script` inside strings; this guards the inlining against a future change.
  if (/<\/script/i.test(js) || /<\/style/i.test(css))
    throw new Error('the playground assets close their own tag');
  const html = template
    .replace('<!--STYLE-->', () => `<style>${css}</style>`)
    .replace('<!--SCRIPT-->', () => `<script>${js}</script>`);
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(js)}`,
    `style-src ${sha256(css)}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
