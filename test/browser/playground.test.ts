/**
 * The playground in a real browser: `npm start` as a process, and the Chromium that the npm package
 * `@sparticuz/chromium` ships, driven by playwright-core (no system package, no browser download). At 375 px,
 * as on a phone in the shop, and at 1280 px for a mitred job. `UPDATE_SCREENSHOT=1` rewrites
 * docs/playground.png from the shared link.
 */
import { readFile } from 'node:fs/promises';
import chromium from '@sparticuz/chromium';
import { type Browser, type Page, chromium as playwright } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../../bin/keys.ts';
import type { OptimiseResponse } from '../../core/types.ts';
import { systemClock } from '../../functions/shared/clock.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const LINK = '/?parts=2400x4,1150x6&stock=6000&kerf=3';
const CSV = 'Length;Quantity;Label\n2400;2;rail\n1150,5;3;post\n';
/** Frames that nest when turned about X, braces with one mitre, square rails. */
const ANGLE_CSV =
  'length,quantity,label,leftAngle,rightAngle\n460,12,frame,45,45\n700,3,brace,60,90\n900,2,rail,90,90\n';

/** Total length of the union of intervals. */
function union(intervals: readonly (readonly [number, number])[]): number {
  let total = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
    if (b <= reach) continue;
    total += b - Math.max(a, reach);
    reach = b;
  }
  return total;
}

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
/** The pro-tier key the key test issues. */
let key = '';

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

  it('downloads the saw list and the piece labels of the plan', async () => {
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#saw-list')]);
    expect(csv.suggestedFilename()).toBe('saw-list.csv');
    const text = await readFile((await csv.path()) ?? '', 'utf8');
    expect(text.startsWith('layout,copies,cut,position,top,bottom,piece,label,')).toBe(true);
    const [labels] = await Promise.all([page.waitForEvent('download'), page.click('#labels')]);
    expect(labels.suggestedFilename()).toMatch(/^labels.*\.pdf$/);
    const bytes = await readFile((await labels.path()) ?? '');
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
    key = '';
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

  it('with a key: uses my rack, marks the plan as cut, and lists the rack', async () => {
    const added = await fetch(`${server.url}/v1/offcuts`, {
      method: 'POST',
      headers: { 'X-API-Key': key.trim(), 'Content-Type': 'text/csv' },
      body: 'length,quantity,label\n2500,1,A1\n1800,1,A2\n',
    });
    expect(added.status).toBe(200);
    expect(await page.locator('#rack-panel').isHidden()).toBe(true); // no key in the field yet
    await page.fill('#f-key', key.trim());
    await page.press('#f-key', 'Tab');
    await page.locator('#rack-panel').waitFor();
    await page.fill('#f-parts', '2400, 1700');
    await page.fill('#f-stock', '6000');
    await page.fill('#f-kerf', '0');
    await page.fill('#f-minRemnant', '50');
    await page.check('#f-useRack');
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/optimise'));
    await page.click('#solve');
    const plan = (await (await answered).json()) as OptimiseResponse;
    expect(plan.plan.id).toMatch(/^pl_/);
    expect(plan.plan.purchases).toEqual([]);
    await page.locator('#mark-cut').waitFor();
    await page.click('#mark-cut');
    await expect.poll(() => text('#booking')).toContain('2 offcuts taken off the rack, 2 leftovers put on');
    await expect.poll(() => text('#rack-list')).toContain('from a booked plan');
    await page.uncheck('#f-useRack');
    await page.fill('#f-key', '');
    await page.press('#f-key', 'Tab');
    expect(await page.locator('#rack-panel').isHidden()).toBe(true);
  });

  it('with a key and a long time limit: runs the solve as a job, shows its progress, and cancels it', async () => {
    await page.fill('#f-key', key.trim());
    await page.press('#f-key', 'Tab');
    // Priced stock of three lengths: proving its plan takes the solver about 11 s, so it is still running
    // when Cancel is pressed.
    const parts = Array.from({ length: 60 }, (_, i) => `${900 + i * 41}x${2 + (i % 5)}`).join(', ');
    await page.fill('#f-parts', parts);
    await page.fill('#f-stock', '6000x1000, 5000x1000, 7300x1000');
    await page.fill('#f-kerf', '3');
    await page.fill('#f-minRemnant', '');
    await page.fill('#f-timeLimit', '60');
    const submitted = page.waitForResponse(
      (r) => r.url().endsWith('/v1/jobs') && r.request().method() === 'POST',
    );
    await page.click('#solve');
    expect((await submitted).status()).toBe(202);
    await page.locator('#cancel-job').waitFor();
    await expect
      .poll(() => text('#solving-text'), { timeout: 20_000 })
      .toMatch(/^Job running… \d+\.\d s of 60 s/);
    const cancelled = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/v1/jobs/'),
    );
    await page.click('#cancel-job');
    expect((await cancelled).status()).toBe(200);
    await expect.poll(() => text('#f-general-error'), { timeout: 10_000 }).toContain('the job was cancelled');
    expect(await page.locator('#solving').isHidden()).toBe(true);
    // A short time limit solves directly, as before.
    await page.fill('#f-parts', '2400x4, 1150x6');
    await page.fill('#f-stock', '6000');
    await page.fill('#f-timeLimit', '5');
    const direct = page.waitForResponse((r) => r.url().endsWith('/v1/optimise'));
    await page.click('#solve');
    expect((await direct).status()).toBe(200);
    await page.fill('#f-timeLimit', '');
    await page.fill('#f-key', '');
    await page.press('#f-key', 'Tab');
  });

  it('waits for Solve when a shared link opens in a tab with a stored key, so a link cannot spend it', async () => {
    await page.evaluate((k) => sessionStorage.setItem('cutplan.apiKey', k), key.trim());
    const before = requests.filter((u) => u.includes('/v1/optimise')).length;
    await page.goto(`${server.url}${LINK}`);
    await page.locator('#link-note').waitFor();
    expect(await text('#link-note')).toContain('press Solve');
    expect(await page.inputValue('#f-parts')).toBe('2400x4,1150x6');
    // Give an eager page every chance to call: none goes out until the user presses Solve.
    await page.waitForTimeout(1_000);
    expect(requests.filter((u) => u.includes('/v1/optimise')).length).toBe(before);
    expect(await page.locator('#result').isHidden()).toBe(true);
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/optimise'));
    await page.click('#solve');
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { meta: { tier: string } }).meta.tier).toBe('pro');
    expect(await page.locator('#link-note').isHidden()).toBe(true);
    await page.evaluate("sessionStorage.removeItem('cutplan.apiKey')");
  });

  it('prints the plan without the form', async () => {
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#job').isVisible()).toBe(false);
    expect(await page.locator('svg.bar').first().isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
  });

  it.each([375, 1280])(
    'draws a mitred job inside the column at %i px: to scale, trapezoids, labels whole or shortened, few dark wedges, the height as its caption says, angle labels apart',
    async (width) => {
      // The one page, resized: a second browser context is not reliable in the shipped single-process
      // Chromium.
      const wide = page;
      await wide.setViewportSize({ width, height: 900 });
      try {
        await wide.goto(server.url);
        await wide.fill('#f-parts', ANGLE_CSV);
        await wide.fill('#f-stock', '6000');
        await wide.fill('#f-kerf', '3');
        await wide.click('details.more summary');
        await wide.fill('#f-minRemnant', '300');
        await wide.check('#f-angles');
        await wide.fill('#f-angleCuts', '40');
        await wide.selectOption('#f-symmetry', 'X');
        const answered = wide.waitForResponse((r) => r.url().endsWith('/v1/optimise'));
        await wide.click('#solve');
        const plan = (await (await answered).json()) as OptimiseResponse;
        await wide.locator('svg.bar').first().waitFor();
        // Labels are fitted when the result is laid out (a ResizeObserver): two frames later at most.
        await wide.evaluate(
          'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
        );
        expect(await wide.locator('svg.piece polygon').count()).toBeGreaterThan(0);
        // Leftovers of at least minRemnant are drawn as usable remnants.
        expect(await wide.locator('svg.remnant').count()).toBe(
          plan.plan.combinations.filter((c) => c.usedComb.waste.remnant >= 300).length,
        );
        const drawn = await wide.$eval('#bars', (root) => {
          const column = root.getBoundingClientRect();
          type Label = { getComputedTextLength(): number; dataset: Record<string, string | undefined> };
          return {
            column: { left: column.left, right: column.right },
            bars: [...root.querySelectorAll('svg.bar')].map((bar) => {
              const box = bar.getBoundingClientRect();
              const piece = bar.querySelector(':scope > svg.piece')?.getBoundingClientRect();
              return {
                left: box.left,
                right: box.right,
                top: box.top,
                pieceBottom: piece?.bottom ?? 0,
                pieceHeight: piece?.height ?? 0,
                note: bar.parentElement?.querySelector('figcaption .scale-note')?.textContent ?? null,
                angles: [...bar.querySelectorAll(':scope > text.angle')].map((t) => {
                  const b = t.getBoundingClientRect();
                  return {
                    text: t.textContent ?? '',
                    left: b.left,
                    right: b.right,
                    top: b.top,
                    bottom: b.bottom,
                  };
                }),
                segments: [...bar.querySelectorAll(':scope > svg')].map((s) => {
                  const b = s.getBoundingClientRect();
                  const t = s.querySelector('text') as unknown as Label | null;
                  return {
                    kind: s.getAttribute('class') ?? '',
                    left: b.left,
                    right: b.right,
                    full: t?.dataset.full ?? '',
                    shown: s.querySelector('text')?.textContent ?? '',
                    textWidth: t?.getComputedTextLength() ?? 0,
                    room: b.width * Number(t?.dataset.room ?? 1),
                  };
                }),
              };
            }),
          };
        });
        const { column } = drawn;
        expect(drawn.bars).toHaveLength(plan.plan.combinations.length);
        drawn.bars.forEach((bar, i) => {
          const comb = plan.plan.combinations[i]?.usedComb;
          if (comb === undefined) throw new Error('a bar per layout');
          // Inside the page's column (half a pixel for rounding).
          for (const box of [bar, ...bar.segments]) {
            expect(box.left).toBeGreaterThanOrEqual(column.left - 0.5);
            expect(box.right).toBeLessThanOrEqual(column.right + 0.5);
          }
          // To scale: each piece spans its tip-to-tip length of the bar's.
          const pxPerUnit = (bar.right - bar.left) / comb.length;
          const pieces = bar.segments.filter((s) => s.kind === 'piece');
          expect(pieces).toHaveLength(comb.parts.length);
          pieces.forEach((p, j) => {
            expect(Math.abs(p.right - p.left - (comb.parts[j]?.length ?? 0) * pxPerUnit)).toBeLessThan(1);
          });
          // The bar's colour shows only where the saw takes material: the pieces and the leftover cover
          // the rest (a misplaced piece leaves a dark block).
          const covered = union(bar.segments.map((s) => [s.left, s.right] as const));
          expect(bar.right - bar.left - covered).toBeLessThanOrEqual(comb.waste.saw * pxPerUnit + 2);
          // Labels: whole, or a prefix and an ellipsis, within the piece's room; never a clipped middle.
          for (const s of bar.segments) {
            expect(s.textWidth).toBeLessThanOrEqual(Math.max(s.room, 0) + 0.5);
            if (s.shown !== '' && s.shown !== s.full) {
              expect(s.shown.endsWith('…')).toBe(true);
              expect(s.full.startsWith(s.shown.slice(0, -1))).toBe(true);
            }
          }
        });
        // Mitred bars: the height is 40 mm times the factor the caption prints (stretched: 40 mm is a few
        // pixels at this scale), and each angle label lies under the bar, inside the column, clear of the others.
        drawn.bars.forEach((bar, i) => {
          const comb = plan.plan.combinations[i]?.usedComb;
          if (comb === undefined) return;
          const ends = comb.parts.flatMap((p) =>
            [p.leftAngle, p.rightAngle]
              .filter((a): a is number => a !== null && a !== 90)
              .map((a) => `${a}°`),
          );
          if (ends.length === 0) return;
          const pxPerUnit = (bar.right - bar.left) / comb.length;
          const factor = Number(/^ · height × ([\d.]+), not to scale$/.exec(bar.note ?? '')?.[1]);
          expect(factor, `the note of bar ${i + 1}: ${bar.note}`).toBeGreaterThan(1);
          expect(bar.pieceHeight).toBeCloseTo(40 * pxPerUnit * factor, 1);
          expect(bar.angles.length).toBeGreaterThan(0);
          for (const a of bar.angles) {
            expect(ends).toContain(a.text);
            expect(a.top).toBeGreaterThanOrEqual(bar.pieceBottom - 0.5);
            expect(a.left).toBeGreaterThanOrEqual(column.left - 0.5);
            expect(a.right).toBeLessThanOrEqual(column.right + 0.5);
          }
          bar.angles.forEach((a, j) => {
            for (const b of bar.angles.slice(j + 1)) {
              const apart =
                a.right <= b.left + 0.5 ||
                b.right <= a.left + 0.5 ||
                a.bottom <= b.top + 0.5 ||
                b.bottom <= a.top + 0.5;
              expect(apart, `${a.text} at ${a.left} / ${b.text} at ${b.left}`).toBe(true);
            }
          });
          // At 1280 px every angled end has room for its label; at 375 px most do.
          if (width === 1280) expect(bar.angles.map((a) => a.text).sort()).toEqual([...ends].sort());
          else expect(bar.angles.length).toBeGreaterThanOrEqual(ends.length / 2);
        });
        if (width === 1280) {
          const labels = drawn.bars.flatMap((b) => b.segments.filter((s) => s.kind === 'piece'));
          expect(labels.every((s) => s.shown === s.full)).toBe(true);
        }
        expect(await wide.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      } finally {
        await wide.setViewportSize({ width: 375, height: 812 });
      }
    },
  );

  it('draws a wide material to scale where it is readable, and says so exactly when it is not', async () => {
    // 300 mm wide posts on 6 m bars: to scale in the wide column, stretched on a phone; the note follows
    // the column's width as the page is resized.
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      await page.goto(server.url);
      await page.fill('#f-parts', 'length,quantity,label,leftAngle,rightAngle\n1200,4,post,45,45\n');
      await page.fill('#f-stock', '6000');
      await page.fill('#f-kerf', '3');
      await page.click('details.more summary');
      await page.check('#f-angles');
      await page.fill('#f-angleCuts', '300');
      const answered = page.waitForResponse((r) => r.url().endsWith('/v1/optimise'));
      await page.click('#solve');
      expect((await answered).status()).toBe(200);
      await page.locator('svg.bar').first().waitFor();
      const read = () =>
        page.$eval('figure.layout', (f) => ({
          bar: f.querySelector('svg.bar')?.getBoundingClientRect().width ?? 0,
          piece: f.querySelector('svg.bar > svg.piece')?.getBoundingClientRect().height ?? 0,
          note: f.querySelector('figcaption .scale-note')?.textContent ?? '',
        }));
      const frame = 'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))';
      const seen: string[] = [];
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(frame);
        const { bar, piece, note } = await read();
        const toScale = (300 * bar) / 6000;
        const factor = Number(/× ([\d.]+)/.exec(note)?.[1] ?? 1);
        expect(note === '', `${note} at ${width} px, ${toScale} px to scale`).toBe(
          toScale >= 34 && toScale <= 80,
        );
        expect(piece).toBeCloseTo(toScale * factor, 1);
        seen.push(note);
      }
      // Both cases occur: to scale at 1280 px, stretched at 375 px.
      expect(seen[0]).toBe('');
      expect(seen[1]).toMatch(/^ · height × [\d.]+, not to scale$/);
    } finally {
      await page.setViewportSize({ width: 375, height: 812 });
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
