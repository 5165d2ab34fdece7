import { describe, expect, it } from 'vitest';
import { run } from '../bin/optimise.ts';
import { formatProgress, progressLine } from '../bin/progress-line.ts';

const p = (over: Partial<Parameters<typeof formatProgress>[0]>) => ({
  elapsedMs: 3210,
  budgetMs: 20_000,
  best: 12,
  bound: 11,
  unit: 'bars',
  ...over,
});

describe('the progress line', () => {
  it.each([
    [p({}), 'solving 3.2 s of 20 s · best 12 bars · bound 11 bars'],
    [p({ best: null, bound: null, elapsedMs: 0 }), 'solving 0.0 s of 20 s · best … · bound …'],
    [p({ best: 1, bound: 1 }), 'solving 3.2 s of 20 s · best 1 bar · bound 1 bar'],
    [p({ unit: 'cost', best: 125.5, bound: 118 }), 'solving 3.2 s of 20 s · best cost 125.5 · bound 118'],
    [
      p({ unit: 'mm', best: 36000, bound: 35100.25 }),
      'solving 3.2 s of 20 s · best 36000 mm · bound 35100.25 mm',
    ],
    [p({ unit: 'mixed', best: null, bound: null }), 'solving 3.2 s of 20 s'],
    [p({ elapsedMs: 65_400, budgetMs: 300_000 }), 'solving 65 s of 300 s · best 12 bars · bound 11 bars'],
    [p({ elapsedMs: 20_004 }), 'solving 20 s of 20 s · best 12 bars · bound 11 bars'],
  ])('%j → %s', (progress, line) => {
    expect(formatProgress(progress)).toBe(line);
  });

  it('rewrites one line in place on a terminal, only when it changes, and wipes it at the end', () => {
    let out = '';
    const line = progressLine((t) => {
      out += t;
    }, true);
    line.observe?.(p({}));
    line.observe?.(p({ elapsedMs: 3220 })); // shows the same text: not written again
    line.observe?.(p({ elapsedMs: 3500, bound: 12 }));
    line.done();
    expect(out).toBe(
      '\rsolving 3.2 s of 20 s · best 12 bars · bound 11 bars\x1b[K' +
        '\rsolving 3.5 s of 20 s · best 12 bars · bound 12 bars\x1b[K' +
        '\r\x1b[K',
    );
  });

  it('shows nothing when stderr is no terminal', () => {
    const line = progressLine(() => {
      throw new Error('written');
    }, false);
    expect(line.observe).toBeUndefined();
    line.done();
  });
});

describe('cutplan optimise and its progress line', () => {
  const solve = async (terminal: boolean) => {
    let stdout = '';
    let stderr = '';
    const code = await run(['job.json', '--time-limit', '2'], {
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
      readText: async () => JSON.stringify({ parts: '2400x4, 1150x6, 600x10', stock: 6000, kerf: 3 }),
      writeBytes: async () => {},
      terminal,
    });
    return { code, stdout, stderr };
  };

  it('shows the line on a terminal, ending with the answer’s figures, then wipes it', async () => {
    const { code, stdout, stderr } = await solve(true);
    expect(code).toBe(0);
    const answer = JSON.parse(stdout);
    const lines = stderr.split('\r').filter((l) => l !== '');
    expect(lines.at(-1)).toBe('\x1b[K');
    expect(lines.at(-2)).toContain(
      `best ${answer.plan.stockBarsUsed} bars · bound ${answer.plan.stockBarsLowerBound} bars`,
    );
    expect(lines.every((l) => l === '\x1b[K' || /^solving [\d.]+ s of 2\.0 s/.test(l))).toBe(true);
  });

  it('is silent when stderr is piped', async () => {
    const { code, stderr, stdout } = await solve(false);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout).plan.verified).toBe(true);
  });
});
