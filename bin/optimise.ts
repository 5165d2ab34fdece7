/**
 * `cutplan optimise [FILE|-] [--time-limit S]`: solves a request file (or stdin) with the same core code as
 * POST /v1/optimise and prints the body that endpoint returns (exit 0), or its error body (exit 1). No tier
 * caps apply on your own machine; the answer is labelled with the public tier like an unkeyed call.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { statusOf, ValidationError } from '../core/errors.ts';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { systemClock } from '../functions/shared/clock.ts';
import { AUTOMATIC_BUDGET_SECONDS } from '../functions/shared/solve-budget.ts';
import { TIERS } from '../functions/shared/tiers.ts';
import { POWERED_BY } from '../functions/shared/version.ts';

const USAGE = 'usage: cutplan optimise [FILE|-] [--time-limit SECONDS]\n';

export async function run(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const file = args.positionals[0] ?? '-';
  const text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    return fail(
      ValidationError.of('', `the request is not valid JSON: ${e instanceof Error ? e.message : String(e)}`),
    );
  }
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) return fail(parsed.error);
  const limitFlag = args.values['time-limit'];
  const seconds =
    limitFlag !== undefined ? Number(limitFlag) : (parsed.value.timeLimit ?? AUTOMATIC_BUDGET_SECONDS);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    process.stderr.write(`--time-limit must be a positive number of seconds\n${USAGE}`);
    return 2;
  }
  const result = await optimise(parsed.value, {
    lp: await createLpEngine(),
    clock: systemClock,
    budgetMs: Math.round(seconds * 1000),
    tier: TIERS.public.name,
    poweredBy: POWERED_BY,
  });
  if (!result.ok) return fail(result.error);
  process.stdout.write(`${JSON.stringify(result.value)}\n`);
  return 0;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'time-limit': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
}

function fail(error: {
  code: Parameters<typeof statusOf>[0];
  message: string;
  bodyExtras(): Readonly<Record<string, unknown>>;
}): number {
  const detail = statusOf(error.code) >= 500 ? 'internal error' : error.message;
  process.stdout.write(`${JSON.stringify({ error: error.code, detail, ...error.bodyExtras() })}\n`);
  if (statusOf(error.code) >= 500) process.stderr.write(`${error.message}\n`);
  return 1;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
