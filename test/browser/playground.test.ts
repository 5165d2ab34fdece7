/**
 * The playground in a real browser: `npm start` as a process, and the Chromium that the npm package
 * `@sparticuz/chromium` ships, driven by playwright-core (no system package, no browser download). At 375 px,
 * as on a phone in the shop. `UPDATE_SCREENSHOT=1` rewrites docs/playground.png from the shared link.
 */
import { readFile } from 'node:fs/promises';
import chromium from '@sparticuz/chromium';
import { type Browser, type Page, chromium as playwright } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../../bin/keys.ts';
import { systemClock } from '../../functions/shared/clock.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const LINK = '/?parts=2400x4,1150x6&stock=6000&kerf=3';
const CSV = 'Length;Quantity;Label\n2400;2;rail\n1150,5;3;post\n';

let server: ServerProcess;
let browser: Browser;
let page: Page;
const requests: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess(),
    chromium
      .executablePath()
      .then((executablePath) => playwright.launch({ executablePath, args: chromium.args, headless: true })),
  ]);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const text = (selector: string) => page.locator(selector).innerText();

describe('the playground page', () => {
  it('solves a shared link at once: bars to scale, purchase list, certificate and calls left', async () => {
    await page.goto(`${server.url}${LINK}`);
    await page.locator('svg.bar').first().waitFor();
    expect(await text('#certificate')).toContain('Proven optimal');
    expect(await text('#calls')).toMatch(/^\d+ of 30 calls left/);
    // Every piece of the link is drawn: 4 × 2400 and 6 × 1150 over the layouts' counts.
    const drawn = await page.$$eval('figure.layout', (figures) =>
      figures.flatMap((f) => {
        const count = Number(/^(\d+) ×/.exec(f.querySelector('figcaption')?.textContent ?? '')?.[1]);
        const pieces = [...f.querySelectorAll('svg.piece text')].map((t) => t.textContent);
        return Array.from({ length: count }, () => pieces).flat();
      }),
    );
    expect(drawn.sort()).toEqual([...Array(6).fill('1150'), ...Array(4).fill('2400')].sort());
    // To scale: a 2400 piece is 2400/6000 of its bar's width.
    const ratio = await page.$eval('svg.bar', (svg) => {
      const piece = [...svg.querySelectorAll('svg.piece')].find((p) => p.textContent?.startsWith('2400'));
      return (piece?.getBoundingClientRect().width ?? 0) / svg.getBoundingClientRect().width;
    });
    expect(ratio).toBeCloseTo(0.4, 2);
    expect(await page.locator('#purchases tbody tr').first().innerText()).toMatch(/6000 mm\s+3\b/);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    if (process.env.UPDATE_SCREENSHOT === '1') {
      await page.screenshot({
        path: new URL('../../docs/playground.png', import.meta.url).pathname,
        fullPage: true,
      });
    }
  });

  it('downloads the PDF of the plan', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pdf')]);
    expect(download.suggestedFilename()).toMatch(/^cutting-plan.*\.pdf$/);
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('solves rows pasted from a spreadsheet, from the keyboard (Ctrl+Enter)', async () => {
    await page.fill('#f-parts', CSV);
    await page.focus('#f-parts');
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/optimise'));
    await page.keyboard.press('Control+Enter');
    expect((await answered).status()).toBe(200);
    await page.locator('svg.piece', { hasText: 'rail' }).first().waitFor();
    expect(await page.locator('svg.piece', { hasText: 'post' }).count()).toBeGreaterThan(0);
    // Labels cannot travel in a link, so none is offered for this job.
    expect(await page.locator('#share').isHidden()).toBe(true);
  });

  it('shows a CSV problem beside the cut list, with its row and column, without calling the API', async () => {
    const before = requests.length;
    await page.fill('#f-parts', 'length,quantity\n2400,0\n');
    await page.click('#solve');
    expect(await text('#f-parts-error')).toBe('row 2, column "quantity": must be ≥ 1, got 0');
    expect(requests.length).toBe(before);
  });

  it('shows the 400 of the API beside the field it names', async () => {
    await page.fill('#f-parts', '2400x4');
    await page.fill('#f-kerf', '-3');
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/optimise'));
    await page.click('#solve');
    expect((await answered).status()).toBe(400);
    await expect.poll(() => text('#f-kerf-error')).toContain('must be ≥ 0, got -3');
    expect(await page.getAttribute('#f-kerf', 'aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement?.id')).toBe('f-kerf');
  });

  it("takes a key in the page, keeps it in the tab's session only, and the key works from the service's own page", async () => {
    let key = '';
    const code = await runKeys(['create', '--workspace', 'shop', '--tier', 'pro'], {
      env: {},
      cwd: server.cwd,
      clock: systemClock,
      stdout: (t) => {
        key += t;
      },
      stderr: () => {},
    });
    expect(code).toBe(0);
    await page.fill('#f-kerf', '3');
    await page.click('details.more summary');
    await page.fill('#f-key', key.trim());
    await page.press('#f-key', 'Tab'); // `change` stores it
    expect(await page.evaluate("sessionStorage.getItem('cutplan.apiKey')")).toBe(key.trim());
    expect(await page.evaluate('localStorage.length')).toBe(0);
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/optimise'));
    await page.click('#solve');
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { meta: { tier: string } }).meta.tier).toBe('pro');
    await expect.poll(() => text('#calls')).toMatch(/of 60 calls left/);
    // The key lists no origins: the service's own is accepted for it, any other page's is not.
    const from = (origin: string) =>
      fetch(`${server.url}/v1/optimise?parts=500x2&stock=1000`, {
        headers: { 'X-API-Key': key.trim(), Origin: origin },
      });
    expect((await from(server.url)).status).toBe(200);
    expect((await from('https://elsewhere.example')).status).toBe(401);
    await page.fill('#f-key', '');
    await page.press('#f-key', 'Tab');
  });

  it('prints the plan without the form', async () => {
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#job').isVisible()).toBe(false);
    expect(await page.locator('svg.bar').first().isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
  });

  it('draws mitred pieces as trapezoids and a usable remnant as such (an angle-mode answer, canned)', async () => {
    // Angle solving is not in the service yet; the drawing is checked against the answer shape the
    // specification gives (`cutPositions` as [top, bottom] pairs, `parts[].orientation`).
    const plan = {
      plan: {
        combinations: [
          {
            count: 1,
            usedComb: {
              combination: [500, 500],
              length: 2000,
              source: 'stock',
              sourceIndex: 0,
              waste: { total: 1000, remnant: 960, saw: 40 },
              parts: [
                { part: 0, length: 500, label: 'mitre A', orientation: 'up', leftAngle: 90, rightAngle: 45 },
                {
                  part: 0,
                  length: 500,
                  label: 'mitre B',
                  orientation: 'down',
                  leftAngle: 45,
                  rightAngle: 90,
                },
              ],
              cutPositions: [[460, 500], 1040],
            },
          },
        ],
        purchases: [{ stock: 0, length: 2000, count: 1 }],
        usableRemnants: [{ length: 960, count: 1 }],
        unusedOffcuts: [],
        stockBarsUsed: 1,
        stockBarsLowerBound: 1,
        totalWaste: 1000,
        optimal: true,
        verified: true,
        solveTimeMs: 1,
      },
      stats: {
        totalParts: 2,
        totalPartsLength: 1000,
        totalUsedLength: 2000,
        yieldPercent: 50,
        cutCount: 3,
        layoutCount: 1,
        totalCost: null,
        trueWaste: 40,
      },
      costLowerBound: null,
      meta: {
        method: 'balanced',
        kerf: 0,
        tier: 'public',
        poweredBy: 'cutplan',
        unit: 'mm',
        unitFormat: 'decimal',
        timeLimit: 5,
      },
    };
    await page.route('**/v1/optimise', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(plan) }),
    );
    try {
      await page.fill('#f-kerf', '');
      await page.fill('#f-minRemnant', '300');
      await page.click('#solve');
      await page.locator('svg.piece', { hasText: 'mitre A' }).waitFor();
      expect(await page.locator('svg.piece polygon').count()).toBe(2);
      expect(await page.locator('svg.remnant', { hasText: '960' }).count()).toBe(1);
      expect(await text('#leftovers')).toContain('Usable remnants: 1 × 960 mm');
    } finally {
      await page.unroute('**/v1/optimise');
      await page.fill('#f-minRemnant', '');
    }
  });

  it('npm start serves the OpenAPI document and the page as public, cacheable and uncounted', async () => {
    for (const [path, type] of [
      ['/v1/openapi.json', 'application/json; charset=utf-8'],
      ['/', 'text/html; charset=utf-8'],
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    }
    const committed = JSON.parse(await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(await (await fetch(`${server.url}/v1/openapi.json`)).json()).toEqual(committed);
  });

  it('talks to its own origin only, with no script or policy errors', () => {
    expect(requests.filter((u) => !u.startsWith(server.url))).toEqual([]);
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });
});
