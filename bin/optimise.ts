/**
 * `cutplan optimise [FILE|-] [flags]`: solves a request with the same core code as POST /v1/optimise and
 * prints the body that endpoint returns (exit 0), or its error body (exit 1). FILE is a JSON request body,
 * or a CSV cut list when its name ends in `.csv` (or with `--csv`); the flags set the other request
 * fields (`--stock 6000`, `--stocks "6000x10,5000"`, `--kerf 3`, `--method least_waste`, …) and win over
 * the same fields in a JSON file. Every failure is one line on stderr, never a stack trace: a refused job
 * (exit 1, with the error body on stdout), a bad flag or a file that cannot be read or written (exit 2).
 * `--pdf plan.pdf` also writes the print-ready PDF, `--saw-list cuts.csv` the saw list (as POST
 * /v1/optimise/csv) and `--labels labels.pdf` (or `.zpl`) the piece labels (as POST /v1/optimise/labels).
 * No tier caps apply on
 * your own machine; the answer is labelled with the public tier like an unkeyed call.
 *
 * While it solves, a terminal's stderr shows one status line (time of the budget, best, bound); piped or
 * redirected, stderr stays silent.
 *
 * `--rack` solves on a running API instead (`CUTPLAN_URL`, key in `CUTPLAN_API_KEY`): the offcuts are the
 * workspace rack's, the plan is stored there (`plan.id`, for `POST /v1/plans/{id}/cut`), and the files
 * asked for are the stored plan's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ValidationError } from '../core/errors.ts';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseCsvParts, parseOptimiseBody } from '../core/request/index.ts';
import { LABEL_FORMATS, type LabelFormat, SAW_LIST_STYLES, type SawListStyle } from '../core/vocabulary.ts';
import { systemClock } from '../functions/shared/clock.ts';
import { AUTOMATIC_BUDGET_SECONDS } from '../functions/shared/solve-budget.ts';
import { TIERS } from '../functions/shared/tiers.ts';
import { POWERED_BY } from '../functions/shared/version.ts';
import { apiTarget, callApi, type Fetch, refusal } from './api-call.ts';
import { progressLine } from './progress-line.ts';

const USAGE = `usage: cutplan optimise [FILE|-] [options]
  FILE             a JSON request body, or a CSV cut list (name ending in .csv, or --csv);
                   CSV columns: length, quantity[, label, material, leftAngle, rightAngle]
  --stock L        one stock length, as many bars as needed (or shorthand "6000x10, 5000")
  --stocks S       purchasable stock as shorthand: "6000x10, 5000" (LENGTHxQUANTITY, comma-separated)
  --offcuts S      owned offcuts as shorthand: "2500x2, 1200"
  --kerf K         blade width
  --method M       balanced, least_waste, offcuts_first, fewest_setups or bundle
  --min-remnant R  leftovers this long or longer are kept as usable remnants
  --unit U         unit printed on the plan (mm, in, …)
  --job-name N     title of the PDF (with --pdf)
  --pdf FILE       also write the print-ready PDF of the plan to FILE
  --saw-list FILE  also write the saw list (CSV, one row per cut) to FILE
  --separator S    saw list style: comma (default) or semicolon (decimal comma, for Excel in Europe)
  --labels FILE    also write a label per cut piece to FILE: ZPL when FILE ends in .zpl, else PDF
  --label-format F a4-3x8 (default, A4 sheets of 3 × 8) or thermal-100x50 (PDF labels)
  --csv            read FILE (or stdin) as a CSV cut list
  --time-limit S   solve budget in seconds
  --rack           use the workspace's offcut rack: solve on the API at CUTPLAN_URL (default
                   http://localhost:3000) with the key in CUTPLAN_API_KEY; needs --min-remnant
`;

/** Flags that set a request field, and how their text becomes the field's value. */
const FIELD_FLAGS = {
  stock: { field: 'stock', kind: 'stock' },
  stocks: { field: 'stocks', kind: 'text' },
  offcuts: { field: 'offcuts', kind: 'text' },
  kerf: { field: 'kerf', kind: 'number' },
  method: { field: 'method', kind: 'text' },
  'min-remnant': { field: 'minRemnant', kind: 'number' },
  unit: { field: 'unit', kind: 'text' },
  'job-name': { field: 'jobName', kind: 'text' },
} as const;

export interface OptimiseIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readText: (file: string) => Promise<string>;
  readonly writeBytes: (file: string, bytes: Uint8Array) => Promise<void>;
  /** `--rack`: where `CUTPLAN_URL` and `CUTPLAN_API_KEY` are read (process.env by default). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly fetch?: Fetch;
  /** stderr is a terminal: show the solve's progress there (one line, rewritten in place). */
  readonly terminal?: boolean;
}

const processIo: OptimiseIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readText: (file) => (file === '-' ? readStdin() : readFile(file, 'utf8')),
  writeBytes: (file, bytes) => writeFile(file, bytes),
  terminal: process.stderr.isTTY === true,
};

export async function run(argv: string[], io: OptimiseIo = processIo): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (e) {
    io.stderr(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    io.stdout(USAGE);
    return 0;
  }
  const file = args.positionals[0] ?? '-';
  let text: string;
  try {
    text = await io.readText(file);
  } catch (e) {
    io.stderr(`cutplan: cannot read ${file === '-' ? 'stdin' : JSON.stringify(file)}: ${ioReason(e)}\n`);
    return 2;
  }
  const csv = args.values.csv === true || file.toLowerCase().endsWith('.csv');
  const read = csv ? bodyOfCsv(text) : bodyOfJson(text);
  if (!read.ok) return fail(io, read.error);
  const body = read.value;
  if (isRecord(body)) {
    // `--stock` and `--stocks` stand in for whatever supply the file named.
    if (args.values.stock !== undefined || args.values.stocks !== undefined) {
      for (const supply of ['stock', 'stocks', 'stockLength']) delete body[supply];
    }
    for (const [flag, { field, kind }] of Object.entries(FIELD_FLAGS)) {
      const value = args.values[flag as keyof typeof FIELD_FLAGS];
      if (typeof value !== 'string') continue;
      const number = Number(value);
      const numeric = value.trim() !== '' && Number.isFinite(number);
      if (kind === 'number' && !numeric) {
        io.stderr(`--${flag} must be a number, got ${JSON.stringify(value)}\n${USAGE}`);
        return 2;
      }
      body[field] = kind === 'number' || (kind === 'stock' && numeric) ? number : value;
    }
  }
  const pdfFile = args.values.pdf;
  const sawListFile = args.values['saw-list'];
  const labelsFile = args.values.labels;
  const separator = args.values.separator ?? 'comma';
  const labelFormat = args.values['label-format'] ?? 'a4-3x8';
  if (!(SAW_LIST_STYLES as readonly string[]).includes(separator)) {
    io.stderr(`--separator must be one of ${SAW_LIST_STYLES.join(', ')}\n${USAGE}`);
    return 2;
  }
  if (!(LABEL_FORMATS as readonly string[]).includes(labelFormat)) {
    io.stderr(`--label-format must be one of ${LABEL_FORMATS.join(', ')}\n${USAGE}`);
    return 2;
  }
  if (args.values.rack === true) {
    if (!isRecord(body)) return fail(io, ValidationError.of('', 'the request must be a JSON object'));
    if (args.values['time-limit'] !== undefined) body.timeLimit = Number(args.values['time-limit']);
    return optimiseOnRack(
      io,
      { ...body, offcuts: 'rack' },
      {
        pdf: pdfFile,
        sawList: sawListFile,
        labels: labelsFile,
        separator,
      },
    );
  }
  // A job file: the file routes' fields whatever the outputs asked for, so one file serves every route.
  const parsed = parseOptimiseBody(body, 'pdf');
  if (!parsed.ok) return fail(io, parsed.error);
  const limitFlag = args.values['time-limit'];
  const seconds =
    limitFlag !== undefined ? Number(limitFlag) : (parsed.value.timeLimit ?? AUTOMATIC_BUDGET_SECONDS);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    io.stderr(`--time-limit must be a positive number of seconds\n${USAGE}`);
    return 2;
  }
  const lp = await createLpEngine();
  const status = progressLine(io.stderr, io.terminal === true);
  const result = await optimise(parsed.value, {
    lp,
    clock: systemClock,
    budgetMs: Math.round(seconds * 1000),
    tier: TIERS.public.name,
    poweredBy: POWERED_BY,
    ...(status.observe === undefined ? {} : { onProgress: status.observe }),
  });
  status.done();
  if (!result.ok) return fail(io, result.error);
  if (pdfFile !== undefined) {
    // Loaded only when asked for: pdf-lib costs about half a second to import.
    const { lazyPdfRenderer } = await import('../functions/shared/real-pdf.ts');
    const pdf = await lazyPdfRenderer()({
      request: parsed.value,
      response: result.value,
      jobName: parsed.value.jobName,
      branding: null,
      createdAtMs: systemClock.now(),
    });
    try {
      await io.writeBytes(pdfFile, pdf);
    } catch (e) {
      io.stderr(`cutplan: cannot write the PDF to ${JSON.stringify(pdfFile)}: ${ioReason(e)}\n`);
      return 2;
    }
  }
  const job = { request: parsed.value, response: result.value, jobName: parsed.value.jobName };
  if (sawListFile !== undefined) {
    const { sawListCsv } = await import('../core/saw-list/index.ts');
    const csv = sawListCsv(job.request, job.response, separator as SawListStyle);
    try {
      await io.writeBytes(sawListFile, new TextEncoder().encode(csv));
    } catch (e) {
      io.stderr(`cutplan: cannot write the saw list to ${JSON.stringify(sawListFile)}: ${ioReason(e)}\n`);
      return 2;
    }
  }
  if (labelsFile !== undefined) {
    const { lazyLabelsRenderer } = await import('../functions/shared/real-labels.ts');
    const zpl = labelsFile.toLowerCase().endsWith('.zpl');
    const request = { ...job.request, labelFormat: zpl ? null : (labelFormat as LabelFormat) };
    const labels = await lazyLabelsRenderer()(
      { ...job, request, createdAtMs: systemClock.now() },
      zpl ? 'zpl' : 'pdf',
    );
    try {
      await io.writeBytes(labelsFile, typeof labels === 'string' ? new TextEncoder().encode(labels) : labels);
    } catch (e) {
      io.stderr(`cutplan: cannot write the labels to ${JSON.stringify(labelsFile)}: ${ioReason(e)}\n`);
      return 2;
    }
  }
  io.stdout(`${JSON.stringify(result.value)}\n`);
  return 0;
}

type BodyRead =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: ValidationError };

function bodyOfJson(text: string): BodyRead {
  try {
    const value: unknown = JSON.parse(text);
    // A body that is not an object goes to the parser as it is, which names what was sent.
    return { ok: true, value: isRecord(value) ? { ...value } : value };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { ok: false, error: ValidationError.of('', `the request is not valid JSON: ${reason}`) };
  }
}

function bodyOfCsv(text: string): BodyRead {
  const parts = parseCsvParts(text);
  return parts.ok ? { ok: true, value: { parts: parts.value } } : parts;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'time-limit': { type: 'string' },
      pdf: { type: 'string' },
      'saw-list': { type: 'string' },
      separator: { type: 'string' },
      labels: { type: 'string' },
      'label-format': { type: 'string' },
      csv: { type: 'boolean' },
      stock: { type: 'string' },
      stocks: { type: 'string' },
      offcuts: { type: 'string' },
      kerf: { type: 'string' },
      method: { type: 'string' },
      'min-remnant': { type: 'string' },
      unit: { type: 'string' },
      'job-name': { type: 'string' },
      rack: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function fail(
  io: OptimiseIo,
  error: {
    code: string;
    status: number;
    message: string;
    bodyExtras(): Readonly<Record<string, unknown>>;
  },
): number {
  const { status } = error;
  const detail = status >= 500 ? 'internal error' : error.message;
  // The body the API would send, for scripts; one line for the person at the terminal.
  io.stdout(`${JSON.stringify({ error: error.code, detail, ...error.bodyExtras() })}\n`);
  io.stderr(`cutplan: refused (${status} ${error.code}): ${oneLine(error.message)}\n`);
  return 1;
}

/** An I/O error as a short phrase: Node's text without its code prefix and syscall suffix. */
export function ioReason(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error));
  const code = (error as NodeJS.ErrnoException).code;
  const known: Record<string, string> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a folder, not a file',
    ENOTDIR: 'a part of the path is not a folder',
    EMFILE: 'too many open files',
  };
  return (code !== undefined ? known[code] : undefined) ?? oneLine(error.message);
}

/** `text` on one line: messages from deep down may carry line breaks. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `--rack`: the API solves against the rack and stores the plan; the files are the stored plan's. */
async function optimiseOnRack(
  io: OptimiseIo,
  body: Record<string, unknown>,
  files: {
    pdf?: string | undefined;
    sawList?: string | undefined;
    labels?: string | undefined;
    separator: string;
  },
): Promise<number> {
  const target = apiTarget(io.env ?? process.env);
  if (typeof target === 'string') {
    io.stderr(`cutplan: ${target}\n`);
    return 2;
  }
  const answer = await callApi(
    target,
    'POST',
    '/v1/optimise',
    {
      type: 'application/json',
      text: JSON.stringify(body),
    },
    io.fetch,
  );
  if (answer.status !== 200) {
    io.stdout(`${answer.text}\n`);
    io.stderr(`cutplan: ${refusal(answer)}\n`);
    return 1;
  }
  const id = (JSON.parse(answer.text) as { plan: { id: string } }).plan.id;
  const wanted: [string | undefined, string][] = [
    [files.pdf, 'pdf'],
    [files.sawList, `csv?separator=${files.separator}`],
    [files.labels, `labels?format=${files.labels?.toLowerCase().endsWith('.zpl') ? 'zpl' : 'pdf'}`],
  ];
  for (const [file, route] of wanted) {
    if (file === undefined) continue;
    const got = await callApi(target, 'GET', `/v1/plans/${id}/${route}`, undefined, io.fetch);
    if (got.status !== 200) {
      io.stderr(`cutplan: ${refusal(got)}\n`);
      return 1;
    }
    try {
      await io.writeBytes(file, got.bytes);
    } catch (e) {
      io.stderr(`cutplan: cannot write ${JSON.stringify(file)}: ${ioReason(e)}\n`);
      return 2;
    }
  }
  io.stdout(`${answer.text}\n`);
  io.stderr(`cutplan: plan ${id} is stored; book it once cut: POST ${target.url}/v1/plans/${id}/cut\n`);
  return 0;
}
