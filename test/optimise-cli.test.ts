/**
 * `cutplan optimise` on CSV cut lists and flags, run in process with an in-memory file system; and as a
 * real process, where every failure must be one line on stderr and a non-zero exit, never a stack trace.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../bin/optimise.ts';

async function cli(argv: string[], files: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const written = new Map<string, Uint8Array>();
  const code = await run(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readText: async (file) => {
      const text = files[file];
      if (text === undefined) throw new Error(`no file ${file}`);
      return text;
    },
    writeBytes: async (file, bytes) => {
      written.set(file, bytes);
    },
  });
  return { code, stdout, stderr, written, body: stdout === '' ? null : JSON.parse(stdout) };
}

const CUTS = '\ufeffLength;Quantity;Label\r\n2400;4;rail\r\n1150,5;6;\r\n';

describe('cutplan optimise', () => {
  it('solves a CSV cut list with --stock and --kerf, and writes the PDF with --pdf', async () => {
    const r = await cli(['cuts.csv', '--stock', '6000', '--kerf', '3', '--pdf', 'plan.pdf'], {
      'cuts.csv': CUTS,
    });
    expect(r.code).toBe(0);
    expect(r.body.plan).toMatchObject({ verified: true, optimal: true });
    expect(r.body.stats.totalParts).toBe(10);
    expect(r.body.meta.kerf).toBe(3);
    const lengths = r.body.plan.combinations.flatMap(
      (c: { usedComb: { combination: number[] }; count: number }) =>
        Array.from({ length: c.count }, () => c.usedComb.combination).flat(),
    );
    expect(lengths.filter((l: number) => l === 1150.5)).toHaveLength(6);
    const pdf = r.written.get('plan.pdf');
    expect(
      Buffer.from(pdf ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('takes --stocks shorthand and --method, and the flags win over the JSON file', async () => {
    const json = JSON.stringify({ parts: '500x4', stockLength: 900, method: 'balanced' });
    const r = await cli(['job.json', '--stocks', '1000x5', '--method', 'least_waste'], { 'job.json': json });
    expect(r.code).toBe(0);
    expect(r.body.meta.method).toBe('least_waste');
    expect(r.body.plan.purchases).toEqual([{ stock: 0, length: 1000, count: 2 }]);
  });

  it('runs fewest_setups on a mitred JSON job with --method, with setups, bound and the PDF', async () => {
    const json = JSON.stringify({
      parts: [{ length: 460, quantity: 27, leftAngle: 45, rightAngle: 45, label: 'sash' }],
      stockLength: 6000,
      angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
    });
    const r = await cli(['frames.json', '--method', 'fewest_setups', '--pdf', 'plan.pdf'], {
      'frames.json': json,
    });
    expect(r.code).toBe(0);
    expect(r.body.meta.method).toBe('fewest_setups');
    expect(r.body.plan).toMatchObject({ verified: true, stockBarsUsed: 2 });
    expect(r.body.stats).toMatchObject({ setups: 2, setupsLowerBound: 2, setupsOptimal: true });
    expect(r.written.get('plan.pdf')?.length ?? 0).toBeGreaterThan(1000);
  });

  it('writes the saw list with --saw-list and ZPL and PDF labels with --labels', async () => {
    const json = JSON.stringify({
      parts: [{ length: 900, quantity: 4, leftAngle: 45, rightAngle: 135, label: 'Κάσα' }],
      stockLength: 3000,
      kerf: 3,
      angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
      jobName: 'Süd',
    });
    const files = { 'job.json': json };
    const zpl = await cli(
      ['job.json', '--saw-list', 'cuts.csv', '--separator', 'semicolon', '--labels', 'l.zpl'],
      files,
    );
    expect(zpl.code).toBe(0);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(zpl.written.get('cuts.csv'));
    expect(csv.startsWith('\ufefflayout;copies;cut;position;top;bottom;')).toBe(true);
    expect(csv).toContain(';Κάσα;');
    const labels = new TextDecoder().decode(zpl.written.get('l.zpl'));
    expect(labels.match(/\^XA/g)).toHaveLength(4);
    const pdf = await cli(['job.json', '--labels', 'l.pdf', '--label-format', 'thermal-100x50'], files);
    expect(pdf.code).toBe(0);
    expect(
      Buffer.from(pdf.written.get('l.pdf') ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const bad = await cli(['job.json', '--saw-list', 'c.csv', '--separator', 'tab'], files);
    expect(bad.code).toBe(2);
  });

  it.each([
    [[]],
    [['--saw-list', 'cuts.csv']],
    [['--pdf', 'plan.pdf']],
    [['--labels', 'labels.zpl']],
    [['--labels', 'labels.pdf', '--saw-list', 'cuts.csv', '--pdf', 'plan.pdf']],
  ])(
    'takes one job file (jobName, paper, labelFormat, labels, mitres) whatever the outputs: %j',
    async (flags) => {
      const job = {
        jobName: 'Frames 12',
        paper: 'Letter',
        labelFormat: 'thermal-100x50',
        stockLength: 3000,
        kerf: 3,
        angleCuts: { enabled: true, width: 40 },
        parts: [
          { length: 1200, quantity: 2, label: 'Top rail', leftAngle: 60, rightAngle: 60 },
          { length: 800, quantity: 3, label: 'Στήλη' },
        ],
      };
      const r = await cli(['job.json', ...flags], { 'job.json': JSON.stringify(job) });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.body.plan.verified).toBe(true);
      expect(r.written.size).toBe(flags.filter((f) => !f.startsWith('--')).length);
    },
  );

  it('prints the 400 body naming the CSV row and column, exit 1', async () => {
    const r = await cli(['cuts.csv', '--stock', '6000'], { 'cuts.csv': 'length,quantity\n2400,2\n2400,0\n' });
    expect(r.code).toBe(1);
    expect(r.body).toEqual({ error: 'validation', detail: 'row 3, column "quantity": must be ≥ 1, got 0' });
  });

  it('reads stdin as CSV with --csv, and refuses a kerf that is not a number (exit 2)', async () => {
    const ok = await cli(['-', '--csv', '--stock', '1000'], { '-': 'length\tquantity\n500\t2\n' });
    expect(ok.body.plan.stockBarsUsed).toBe(1);
    const bad = await cli(['-', '--csv', '--stock', '1000', '--kerf', 'wide'], {
      '-': 'length,quantity\n500,2\n',
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--kerf must be a number, got "wide"');
  });
});

describe('cutplan optimise as a process: failures are one line on stderr', () => {
  const root = new URL('../', import.meta.url).pathname;
  /** Runs `node bin/cutplan.js optimise …` in `cwd`; never rejects. */
  const cutplan = (cwd: string, args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(root, 'bin/cutplan.js'), 'optimise', ...args],
        { cwd },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });

  it('reports a missing file, a folder, bad JSON and refused jobs in one line each', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cutplan-cli-'));
    try {
      await writeFile(join(dir, 'bad.json'), '{"parts": "500x4", ');
      await writeFile(join(dir, 'invalid.json'), JSON.stringify({ parts: '0x4', stock: 1000 }));
      await writeFile(join(dir, 'huge.json'), JSON.stringify({ parts: '2400x200000', stock: 6000 }));
      await writeFile(
        join(dir, 'short.json'),
        JSON.stringify({ parts: '6x3', stocks: [{ length: 10, quantity: 2 }] }),
      );
      const cases: [string[], number, RegExp][] = [
        [['missing.json'], 2, /^cutplan: cannot read "missing\.json": no such file$/],
        [['.'], 2, /^cutplan: cannot read "\.": it is a folder, not a file$/],
        [['bad.json'], 1, /^cutplan: refused \(400 validation\): the request is not valid JSON: /],
        [
          ['invalid.json'],
          1,
          /^cutplan: refused \(400 validation\): parts\[0\] "0x4": length must be > 0, got 0$/,
        ],
        [['huge.json'], 1, /^cutplan: refused \(413 partsLimit\): parts\[0\] "2400x200000": quantity 200000/],
        [
          ['short.json'],
          1,
          /^cutplan: refused \(400 validation\): untagged material: .*proven by the linear relaxation/,
        ],
        [['invalid.json', '--pdf', join(dir, 'no-such-folder', 'plan.pdf')], 1, /^cutplan: refused/],
      ];
      for (const [args, code, line] of cases) {
        const r = await cutplan(dir, args);
        expect(r.code, args.join(' ')).toBe(code);
        expect(
          r.stderr.split('\n').filter((l) => l !== ''),
          args.join(' '),
        ).toHaveLength(1);
        expect(r.stderr.trim(), args.join(' ')).toMatch(line);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
      // The refused job's body is still on stdout for scripts.
      expect(JSON.parse((await cutplan(dir, ['huge.json'])).stdout)).toMatchObject({ error: 'partsLimit' });
      // A PDF that cannot be written is one line too (exit 2).
      const noPdf = await cutplan(dir, [
        'short.json',
        '--stocks',
        '10',
        '--pdf',
        join(dir, 'no-such-folder', 'plan.pdf'),
      ]);
      expect([noPdf.code, noPdf.stderr.trim()]).toEqual([
        2,
        `cutplan: cannot write the PDF to "${join(dir, 'no-such-folder', 'plan.pdf')}": no such file`,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
