/**
 * `cutplan usage report --month YYYY-MM [--format csv|json]`: each workspace's counted calls and refunds
 * in a calendar month (UTC), from the limits table `cutplan keys` uses (functions/shared/limits/
 * usage-report.ts). The report goes to stdout; problems to stderr.
 */
import { parseArgs } from 'node:util';
import {
  createDynamoClient,
  createDynamoStore,
  resolveKeysTarget,
  StoreUnavailableError,
} from '../functions/shared/limits/index.ts';
import { monthIdOf, usageReport, usageReportCsv } from '../functions/shared/limits/usage-report.ts';

export interface UsageIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const USAGE = `usage:
  cutplan usage report --month <YYYY-MM> [--format csv|json]

Each workspace's calls counted (answered) and refunded in that calendar month (UTC), summed over its keys.
The table: TABLE_NAME (with AWS_REGION, or DYNAMODB_ENDPOINT), else the running \`npm start\`'s local table.
`;

export async function run(argv: string[]): Promise<number> {
  return runUsage(argv, {
    env: process.env,
    cwd: process.cwd(),
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
}

export async function runUsage(argv: string[], io: UsageIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout(USAGE);
    return 0;
  }
  let values: { month?: string; format?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      options: { month: { type: 'string' }, format: { type: 'string', default: 'csv' } },
    }));
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    io.stderr(`cutplan usage: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (sub !== 'report') {
    io.stderr(
      `cutplan usage: ${sub === undefined ? 'a subcommand is needed' : `unknown subcommand "${sub}"`}\n\n${USAGE}`,
    );
    return 2;
  }
  const problem =
    values.month === undefined
      ? '--month is needed'
      : monthIdOf(values.month) === null
        ? `--month must be YYYY-MM, got "${values.month}"`
        : values.format !== 'csv' && values.format !== 'json'
          ? `--format must be csv or json, got "${values.format}"`
          : null;
  if (problem !== null || values.month === undefined) {
    io.stderr(`cutplan usage: ${problem}\n\n${USAGE}`);
    return 2;
  }
  const target = await resolveKeysTarget(io.env, io.cwd);
  if (target.kind === 'none') {
    io.stderr(`cutplan usage: ${target.reason}\n`);
    return 2;
  }
  const client = createDynamoClient(target.config);
  try {
    const rows = await usageReport(
      createDynamoStore({ client, tableName: target.config.tableName }),
      values.month,
    );
    io.stdout(values.format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : usageReportCsv(rows));
    return 0;
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    io.stderr(`cutplan usage: cannot reach the table ${target.config.tableName}: ${error.message}\n`);
    return 1;
  } finally {
    client.destroy();
  }
}
