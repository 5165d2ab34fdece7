/**
 * `cutplan rack list|add|import|export`: the workspace's offcut rack on a running cutplan API (the local
 * server or a deployment), with the key in `CUTPLAN_API_KEY` and the base URL in `CUTPLAN_URL`.
 *
 * - `list [--material M | --untagged]`: the entries, one per line (every page);
 * - `add "2500x2, 1200" [--material M] [--label L] [--location P] [--unit U]`;
 * - `import FILE.csv [--unit U]`: columns length, quantity, material, label, location;
 * - `export`: the whole rack as CSV with the import's columns, to stdout (it imports again);
 * - `book PLAN_ID`: book a stored plan once it is cut (`POST /v1/plans/{id}/cut`).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type ApiTarget, apiTarget, callApi, type Fetch, refusal } from './api-call.ts';

const USAGE = `usage: cutplan rack list [--material M | --untagged]
       cutplan rack add OFFCUTS [--material M] [--label L] [--location P] [--unit U]
       cutplan rack import FILE.csv [--unit U]
       cutplan rack export > rack.csv
       cutplan rack book PLAN_ID    (once the plan of \`cutplan optimise --rack\` is cut)

  OFFCUTS   shorthand, as a request's offcuts: "2500x2, 1200" (LENGTHxQUANTITY, comma-separated)

environment:
  CUTPLAN_API_KEY   the API key (the rack belongs to its workspace)
  CUTPLAN_URL       the API's base URL (default http://localhost:3000, what npm start serves)
`;

export interface RackIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readText: (file: string) => Promise<string>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetch?: Fetch;
}

const processIo: RackIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readText: (file) => readFile(file, 'utf8'),
  env: process.env,
};

interface Entry {
  id: string;
  length: number;
  quantity: number;
  material: string | null;
  label: string | null;
  location: string | null;
  source: string;
}

export async function run(argv: string[], io: RackIo = processIo): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (e) {
    io.stderr(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  const [command, operand] = args.positionals;
  if (args.values.help === true || command === undefined) {
    (command === undefined && args.values.help !== true ? io.stderr : io.stdout)(USAGE);
    return command === undefined && args.values.help !== true ? 2 : 0;
  }
  const target = apiTarget(io.env);
  if (typeof target === 'string') {
    io.stderr(`cutplan: ${target}\n`);
    return 2;
  }
  const call = (method: string, path: string, body?: { type: string; text: string }) =>
    callApi(target, method, path, body, io.fetch);
  switch (command) {
    case 'list':
    case 'export': {
      const entries = await listAll(target, args.values, io.fetch);
      if (typeof entries === 'string') return failed(io, entries);
      if (command === 'export') io.stdout(toCsv(entries.offcuts));
      else {
        io.stdout(`${entries.offcuts.length} entries (unit ${entries.unit ?? 'not set'})\n`);
        for (const e of entries.offcuts) {
          const what = [e.material ?? 'untagged', e.label, e.location].filter((x) => x !== null).join(', ');
          io.stdout(`${e.id}  ${e.length} x${e.quantity}  ${what}  (${e.source})\n`);
        }
      }
      return 0;
    }
    case 'add': {
      if (operand === undefined) return usage(io, 'rack add needs the offcuts, e.g. "2500x2, 1200"');
      const extra = {
        ...(args.values.material === undefined ? {} : { material: args.values.material }),
        ...(args.values.label === undefined ? {} : { label: args.values.label }),
        ...(args.values.location === undefined ? {} : { location: args.values.location }),
      };
      // Long form when a field is given for every offcut: the request's reader expands the shorthand.
      const offcuts =
        Object.keys(extra).length === 0
          ? operand
          : operand.split(',').map((piece) => {
              const [length, quantity] = piece.trim().split(/\s*[xX×]\s*/);
              return {
                length: Number(length),
                quantity: quantity === undefined ? 1 : Number(quantity),
                ...extra,
              };
            });
      const body = { offcuts, ...(args.values.unit === undefined ? {} : { unit: args.values.unit }) };
      const answer = await call('POST', '/v1/offcuts', {
        type: 'application/json',
        text: JSON.stringify(body),
      });
      if (answer.status !== 200) return failed(io, refusal(answer));
      io.stdout(`${answer.text}\n`);
      return 0;
    }
    case 'import': {
      if (operand === undefined) return usage(io, 'rack import needs a CSV file');
      let text: string;
      try {
        text = await io.readText(operand);
      } catch (e) {
        return failed(
          io,
          `cannot read ${JSON.stringify(operand)}: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
      const unit = args.values.unit === undefined ? '' : `?unit=${encodeURIComponent(args.values.unit)}`;
      const answer = await call('POST', `/v1/offcuts${unit}`, { type: 'text/csv', text });
      if (answer.status !== 200) return failed(io, refusal(answer));
      io.stdout(`${answer.text}\n`);
      return 0;
    }
    case 'book': {
      if (operand === undefined) return usage(io, 'rack book needs a plan id (plan.id)');
      const answer = await call('POST', `/v1/plans/${encodeURIComponent(operand)}/cut`);
      if (answer.status !== 200) return failed(io, refusal(answer));
      io.stdout(`${answer.text}\n`);
      return 0;
    }
    default:
      return usage(io, `unknown rack command ${JSON.stringify(command)}`);
  }
}

/** Every page of the rack. */
async function listAll(
  target: ApiTarget,
  values: { material?: string | undefined; untagged?: boolean | undefined },
  fetcher?: Fetch,
): Promise<{ unit: string | null; offcuts: Entry[] } | string> {
  const offcuts: Entry[] = [];
  let unit: string | null = null;
  let token: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const query = new URLSearchParams({ pageSize: '500' });
    if (values.material !== undefined) query.set('material', values.material);
    if (values.untagged === true) query.set('untagged', 'true');
    if (token !== null) query.set('pageToken', token);
    const answer = await callApi(target, 'GET', `/v1/offcuts?${query}`, undefined, fetcher);
    if (answer.status !== 200) return refusal(answer);
    const body = JSON.parse(answer.text) as {
      unit: string | null;
      offcuts: Entry[];
      nextPageToken: string | null;
    };
    unit = body.unit;
    offcuts.push(...body.offcuts);
    token = body.nextPageToken;
    if (token === null) break;
  }
  return { unit, offcuts };
}

/** The rack as CSV: the import's columns first (so an export imports again), then id and source. */
export function toCsv(entries: readonly Entry[]): string {
  const cell = (value: string | number | null): string => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = entries.map((e) =>
    [e.length, e.quantity, e.material, e.label, e.location].map(cell).join(','),
  );
  return `length,quantity,material,label,location\n${rows.map((r) => `${r}\n`).join('')}`;
}

function usage(io: RackIo, problem: string): number {
  io.stderr(`cutplan: ${problem}\n${USAGE}`);
  return 2;
}

function failed(io: RackIo, message: string): number {
  io.stderr(`cutplan: ${message}\n`);
  return 1;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      material: { type: 'string' },
      untagged: { type: 'boolean' },
      label: { type: 'string' },
      location: { type: 'string' },
      unit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
