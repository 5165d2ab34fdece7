/**
 * `cutplan keys create|list|disable|rotate|webhook-secret`: manage API keys in the configured limits table. The table
 * is the one `TABLE_NAME` / `DYNAMODB_ENDPOINT` / `AWS_REGION` name, or else the embedded table of the
 * `npm start` running in this directory (found through `.data/dynamodb.json`). A new key is printed
 * once, alone on stdout, so `KEY=$(cutplan keys create …)` captures just the key; everything else goes
 * to stderr. `--json` prints one JSON object on stdout instead. `webhook-secret` prints the key's webhook
 * signing secret alone on stdout (`SECRET=$(cutplan keys webhook-secret <id>)`), making one if it has none.
 */
import { parseArgs } from 'node:util';
import type { Clock } from '../core/budget.ts';
import {
  createDynamoClient,
  createDynamoStore,
  createKey,
  disableKey,
  displayKey,
  type KeyRecord,
  type KeySettings,
  keyStatus,
  type LimitsStore,
  PAID_TIER_NAMES,
  resolveKeysTarget,
  rotateKey,
  StoreUnavailableError,
} from '../functions/shared/limits/index.ts';
import { createDynamoWebhookSecrets, type WebhookSecrets } from '../functions/shared/webhooks/index.ts';
import { keyIdArgument, parseDuration, parseExpiry, splitOrigins, UsageError } from './keys-args.ts';

export interface KeysIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly clock: Clock;
}

const USAGE = `usage:
  cutplan keys create --workspace <name> --tier <${PAID_TIER_NAMES.join('|')}> [--origins <url,url>] [--branding <text>] [--expires <when>] [--json]
  cutplan keys list [--workspace <name>] [--json]
  cutplan keys disable <key id>
  cutplan keys rotate <key id> [--grace <duration>] [--tier …] [--origins …] [--branding …] [--expires …] [--json]
  cutplan keys webhook-secret <key id> [--rotate]

  <when>      a duration from now (30d, 12h, 1y), a date (2026-12-31) or "never"; default 365d
  --grace     how long the old key keeps working after rotate (e.g. 24h); default 0: disabled at once
  --origins   browser origins allowed to call with the key, comma-separated ("" for none)
  webhook-secret  prints the key's whsec_ secret that signs its jobs' webhooks (made if it has none);
              --rotate makes a new one; the old one still signs (beside it) for 24 hours

The table: TABLE_NAME (with AWS_REGION, or DYNAMODB_ENDPOINT), else the running \`npm start\`'s local table.
`;

const DEFAULT_EXPIRY_MS = 365 * 86_400_000;

/** The entry `bin/main.ts` calls. */
export async function run(argv: string[]): Promise<number> {
  return runKeys(argv, {
    env: process.env,
    cwd: process.cwd(),
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
  });
}

export async function runKeys(argv: string[], io: KeysIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    (sub === undefined ? io.stderr : io.stdout)(USAGE);
    return sub === undefined ? 2 : 0;
  }
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(rest);
  } catch (error) {
    if (!(error instanceof TypeError) && !(error instanceof UsageError)) throw error;
    io.stderr(`cutplan keys: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  const target = await resolveKeysTarget(io.env, io.cwd);
  if (target.kind === 'none') {
    io.stderr(`cutplan keys: ${target.reason}\n`);
    return 2;
  }
  const where =
    target.kind === 'local'
      ? `local table ${target.config.tableName} at ${target.config.endpoint} (from ${target.file})`
      : `table ${target.config.tableName}${target.config.endpoint === undefined ? ` in ${target.config.region ?? 'the default AWS region'}` : ` at ${target.config.endpoint}`}`;
  const client = createDynamoClient(target.config);
  const store = createDynamoStore({ client, tableName: target.config.tableName });
  const secrets = createDynamoWebhookSecrets({
    client,
    tableName: target.config.tableName,
    now: io.clock.now,
  });
  try {
    return await dispatch(sub, parsed, { store, secrets, clock: io.clock }, io, where);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`cutplan keys: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (!(error instanceof StoreUnavailableError)) throw error;
    const hint =
      target.kind === 'local' ? ' Is `npm start` still running? (the discovery file may be stale)' : '';
    io.stderr(`cutplan keys: cannot reach the ${where}: ${error.message}.${hint}\n`);
    return 1;
  } finally {
    client.destroy();
  }
}

function parseFlags(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      workspace: { type: 'string' },
      tier: { type: 'string' },
      origins: { type: 'string' },
      branding: { type: 'string' },
      expires: { type: 'string' },
      grace: { type: 'string' },
      rotate: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
}

type Flags = ReturnType<typeof parseFlags>;
type Deps = { store: LimitsStore; secrets: WebhookSecrets; clock: Clock };

async function dispatch(sub: string, { values, positionals }: Flags, deps: Deps, io: KeysIo, where: string) {
  const now = deps.clock.now();
  switch (sub) {
    case 'create': {
      if (values.workspace === undefined || values.tier === undefined) {
        throw new UsageError('create needs --workspace and --tier');
      }
      const result = await createKey(deps, {
        workspace: values.workspace,
        tier: values.tier,
        origins: splitOrigins(values.origins) ?? [],
        branding: values.branding ?? null,
        expiresAtMs:
          values.expires === undefined ? now + DEFAULT_EXPIRY_MS : parseExpiry(values.expires, now),
      });
      if (!result.ok) return fail(io, result.problem);
      printNewKey(io, values.json, 'Created', result.value.key, result.value.record, where, now);
      return 0;
    }
    case 'list': {
      const records = await deps.store.listKeys(values.workspace);
      if (values.json)
        io.stdout(
          `${JSON.stringify(
            records.map((r) => view(r, now)),
            null,
            2,
          )}\n`,
        );
      else io.stdout(table(records, now));
      io.stderr(`${records.length} key(s) in the ${where}\n`);
      return 0;
    }
    case 'disable': {
      const keyId = keyIdArgument(positionals);
      const result = await disableKey(deps, keyId);
      if (!result.ok) return fail(io, result.problem);
      io.stderr(`Disabled ${displayKey(keyId)} (workspace ${result.value.workspace}) in the ${where}.\n`);
      return 0;
    }
    case 'rotate': {
      const keyId = keyIdArgument(positionals);
      const changes: Partial<KeySettings> = {
        ...(values.workspace === undefined ? {} : { workspace: values.workspace }),
        ...(values.tier === undefined ? {} : { tier: values.tier }),
        ...(values.origins === undefined ? {} : { origins: splitOrigins(values.origins) ?? [] }),
        ...(values.branding === undefined ? {} : { branding: values.branding }),
        ...(values.expires === undefined ? {} : { expiresAtMs: parseExpiry(values.expires, now) }),
      };
      const graceMs = values.grace === undefined ? 0 : parseDuration(values.grace);
      const result = await rotateKey(deps, keyId, changes, graceMs);
      if (!result.ok) return fail(io, result.problem);
      const { key, record, old } = result.value;
      printNewKey(io, values.json, 'Rotated', key, record, where, now);
      io.stderr(
        old.disabled
          ? `The old key ${displayKey(old.keyId)} is disabled.\n`
          : `The old key ${displayKey(old.keyId)} keeps working until ${iso(old.expiresAtMs)}.\n`,
      );
      return 0;
    }
    case 'webhook-secret': {
      const keyId = keyIdArgument(positionals);
      const record = await deps.store.getKey(keyId);
      if (record === null) return fail(io, `no key with id ${keyId}`);
      const shown = `${displayKey(keyId)} (workspace ${record.workspace})`;
      if (values.rotate) {
        const { secret, previous } = await deps.secrets.rotate(keyId);
        io.stderr(
          previous === null
            ? `Made the webhook secret of ${shown} in the ${where}.\n`
            : `Rotated the webhook secret of ${shown} in the ${where}; deliveries are signed with the old one too until ${iso(previous.validUntilMs)}.\n`,
        );
        io.stdout(`${secret}\n`);
        return 0;
      }
      const before = await deps.secrets.validSecrets(keyId, now);
      const secret = await deps.secrets.getOrCreate(keyId);
      io.stderr(
        before.length === 0
          ? `Made the webhook secret of ${shown} in the ${where}.\n`
          : `The webhook secret of ${shown} in the ${where}.\n`,
      );
      io.stdout(`${secret}\n`);
      return 0;
    }
    default:
      throw new UsageError(`unknown subcommand "${sub}"`);
  }
}

function fail(io: KeysIo, problem: string): number {
  io.stderr(`cutplan keys: ${problem}\n`);
  return 1;
}

function printNewKey(
  io: KeysIo,
  json: boolean,
  verb: string,
  key: string,
  record: KeyRecord,
  where: string,
  now: number,
) {
  if (json) {
    io.stdout(`${JSON.stringify({ key, ...view(record, now) }, null, 2)}\n`);
    return;
  }
  io.stderr(
    [
      `${verb} key ${displayKey(record.keyId)} in the ${where}:`,
      `  workspace ${record.workspace}, tier ${record.tier}`,
      `  origins   ${record.origins.length === 0 ? '(none: server-side use only)' : record.origins.join(', ')}`,
      `  branding  ${record.branding ?? '(default attribution)'}`,
      `  expires   ${iso(record.expiresAtMs)}`,
      'The key is shown once, below. Store it now (e.g. in a secret manager); it cannot be shown again.',
      '',
    ].join('\n'),
  );
  io.stdout(`${key}\n`);
}

function view(record: KeyRecord, now: number) {
  return {
    keyId: record.keyId,
    workspace: record.workspace,
    tier: record.tier,
    status: keyStatus(record, now),
    origins: record.origins,
    branding: record.branding,
    createdAt: iso(record.createdAtMs),
    expiresAt: record.expiresAtMs === null ? null : iso(record.expiresAtMs),
    replacedBy: record.replacedBy,
  };
}

function table(records: readonly KeyRecord[], now: number): string {
  const rows = [
    ['KEY ID', 'WORKSPACE', 'TIER', 'STATUS', 'EXPIRES', 'CREATED', 'ORIGINS'],
    ...records.map((r) => {
      const v = view(r, now);
      return [
        v.keyId,
        v.workspace,
        v.tier,
        v.status,
        v.expiresAt ?? 'never',
        v.createdAt,
        v.origins.join(',') || '-',
      ];
    }),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  const lines = rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  return `${lines.join('\n')}\n`;
}

function iso(ms: number | null): string {
  return ms === null ? 'never' : new Date(ms).toISOString();
}
