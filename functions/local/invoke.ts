/**
 * `npm run invoke -- <function> <event.json> [--out <file>] [--timeout <seconds>]`: runs a Lambda entry
 * (`functions/<function>.ts`, the production composition) on an event file, as Lambda would, and prints
 * the result. `--out` writes the decoded response body (e.g. the PDF) to a file.
 *
 * The solving functions stream their answers in Lambda (`awslambda.streamifyResponse`): here the runtime's
 * `awslambda` global is stood in for by `awslambda-shim.ts`, the stream read back as Lambda sends it to
 * API Gateway, and printed as a buffered result would be (status, headers, body).
 *
 * The solving functions need their limits table: with `DYNAMODB_ENDPOINT` set they use it, as in Lambda;
 * otherwise an embedded dynalite (in memory) serves them for this one invocation.
 */
import '../../bin/node-major.js';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { readLimitsConfig } from '../shared/limits/index.ts';
import { installAwsLambdaShim, invokeEntry, isStreamingHandler } from './awslambda-shim.ts';
import { type EmbeddedDynamo, startEmbeddedDynamo } from './embedded-dynamo.ts';

const FUNCTIONS = [
  'optimise',
  'optimise-pdf',
  'optimise-labels',
  'optimise-csv',
  'mcp',
  'rack',
  'plans',
  'jobs',
  'job-worker',
  'health',
  'usage',
  'fallback',
  'synthetic-check',
  'webhook-retry',
] as const;
/** The functions that admit calls through the limits table. */
const LIMITED: readonly string[] = [
  'optimise',
  'optimise-pdf',
  'optimise-labels',
  'optimise-csv',
  'mcp',
  'usage',
  'rack',
  'plans',
  'jobs',
  'job-worker',
  'webhook-retry',
];
const SHOWN_BODY_CHARS = 2_000;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, timeout: { type: 'string', default: '30' } },
  });
  const [name, eventFile] = positionals;
  const fn = FUNCTIONS.find((f) => f === name);
  if (fn === undefined || eventFile === undefined) {
    process.stderr.write(
      `usage: npm run invoke -- <function> <event.json> [--out <file>] [--timeout <seconds>]\nfunctions: ${FUNCTIONS.join(', ')}\n`,
    );
    return 2;
  }
  const event: unknown = JSON.parse(await readFile(eventFile, 'utf8'));
  const embedded = await embeddedTableFor(fn);
  try {
    return await invoke(fn, event, values);
  } finally {
    await embedded?.close();
  }
}

/**
 * An in-memory limits table for a solving function when none is configured. The entry file reads the
 * environment when it is imported, so the endpoint is set before the import.
 */
async function embeddedTableFor(fn: string): Promise<EmbeddedDynamo | undefined> {
  if (!LIMITED.includes(fn) || readLimitsConfig(process.env).endpoint !== undefined) return undefined;
  const embedded = await startEmbeddedDynamo({ tableName: readLimitsConfig(process.env).tableName });
  process.env.DYNAMODB_ENDPOINT = embedded.endpoint;
  process.stderr.write(`limits: embedded DynamoDB (in memory) at ${embedded.endpoint}\n`);
  return embedded;
}

async function invoke(
  fn: string,
  event: unknown,
  values: { out?: string | undefined; timeout?: string | undefined },
): Promise<number> {
  installAwsLambdaShim();
  // The jobs function names its worker; here nothing is invoked unless a job is accepted (then the
  // invoke fails without AWS credentials and the job is ended failed, refunded).
  if (fn === 'jobs') process.env.JOB_WORKER_FUNCTION ??= 'cutplan-job-worker';
  const module: { handler?: unknown } = await import(`../${fn}.ts`);
  const { handler } = module;
  if (typeof handler !== 'function') throw new Error(`functions/${fn}.ts exports no handler`);
  const deadline = Date.now() + Number(values.timeout) * 1000;
  const context = { getRemainingTimeInMillis: () => deadline - Date.now(), functionName: `cutplan-${fn}` };
  let result: unknown;
  try {
    if (isStreamingHandler(handler))
      process.stderr.write(`${fn}: a streaming function (read back from its stream)\n`);
    result = await invokeEntry(handler, event as APIGatewayProxyEvent, context);
  } catch (error: unknown) {
    process.stderr.write(`${fn} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  if (values.out !== undefined && isHttpResult(result)) {
    await writeFile(
      values.out,
      Buffer.from(result.body, result.isBase64Encoded === true ? 'base64' : 'utf8'),
    );
    process.stderr.write(`body written to ${values.out}\n`);
  }
  process.stdout.write(`${JSON.stringify(shorten(result), null, 2)}\n`);
  return 0;
}

function isHttpResult(
  value: unknown,
): value is { statusCode: number; body: string; isBase64Encoded?: boolean } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'statusCode' in value &&
    'body' in value &&
    typeof value.body === 'string'
  );
}

/** Long bodies (a base64 PDF) are cut for the terminal; `--out` saves them whole. */
function shorten(result: unknown): unknown {
  if (!isHttpResult(result) || result.body.length <= SHOWN_BODY_CHARS) return result;
  return {
    ...result,
    body: `${result.body.slice(0, 120)}… (${result.body.length} characters; use --out <file> to save)`,
  };
}

process.exitCode = await main(process.argv.slice(2));
