/**
 * The limits table `npm start` runs on. With `DYNAMODB_ENDPOINT` set, that endpoint (the table is
 * created there when it does not exist yet, e.g. on a fresh DynamoDB Local). Otherwise an embedded
 * dynalite in this process, announced in `.data/dynamodb.json` so `cutplan keys` finds it without flags.
 */
import { join } from 'node:path';
import {
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import {
  createDynamoClient,
  createTable,
  type LimitsConfig,
  LOCAL_DISCOVERY_FILE,
  readLimitsConfig,
} from '../shared/limits/index.ts';
import { startEmbeddedDynamo } from './embedded-dynamo.ts';

/** Makes a key of the pro tier in the table `cutplan keys` finds (it prints the key). */
const KEYS_CREATE = 'npx cutplan keys create --workspace demo --tier pro';

/**
 * What the local server's public 429 adds: a newcomer exploring the API spends the public tier's 30 calls
 * an hour in minutes, and a key of their own lifts it.
 */
export function publicLimitHint(keysCommand: string): string {
  return `On this local server, make a key with \`${keysCommand}\` (in the folder npm start runs in; it prints the key) and send it as the X-API-Key header.`;
}

export interface LocalLimits {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** How to reach the table from another thread (the solver workers build their own clients from it). */
  readonly config: LimitsConfig;
  /** Where the table is, for the startup banner. */
  readonly description: string;
  /** True when `cutplan keys` in `cwd` finds this table without settings. */
  readonly discoverable: boolean;
  /** The command that makes a key in this table, run in `cwd` (the banner and the public 429 say it). */
  readonly keysCommand: string;
  close(): Promise<void>;
}

export interface LocalLimitsOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The project directory: the discovery file goes to `<cwd>/.data/dynamodb.json`. */
  readonly cwd: string;
  /** Keep the embedded table in this directory instead of in memory. */
  readonly dataDir?: string;
}

export async function openLocalLimits(options: LocalLimitsOptions): Promise<LocalLimits> {
  const config = readLimitsConfig(options.env);
  if (config.endpoint !== undefined) {
    const client = createDynamoClient(config);
    try {
      await ensureTable(client, config.tableName);
    } catch (error) {
      client.destroy();
      throw error;
    }
    return {
      client,
      tableName: config.tableName,
      config,
      description: `DynamoDB at ${config.endpoint} (DYNAMODB_ENDPOINT), table ${config.tableName}`,
      discoverable: false,
      keysCommand: `DYNAMODB_ENDPOINT=${config.endpoint} TABLE_NAME=${config.tableName}${config.region === undefined ? '' : ` AWS_REGION=${config.region}`} ${KEYS_CREATE}`,
      close: async () => client.destroy(),
    };
  }
  const embedded = await startEmbeddedDynamo({
    tableName: config.tableName,
    discoveryFile: join(options.cwd, LOCAL_DISCOVERY_FILE),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
  });
  const kept = options.dataDir === undefined ? 'in memory' : `kept in ${options.dataDir}`;
  return {
    client: embedded.client,
    tableName: embedded.tableName,
    config: { tableName: embedded.tableName, endpoint: embedded.endpoint, region: 'local' },
    description: `embedded DynamoDB (dynalite, ${kept}) at ${embedded.endpoint}, table ${embedded.tableName}`,
    discoverable: true,
    keysCommand: KEYS_CREATE,
    close: () => embedded.close(),
  };
}

/** Creates the table only when it is missing, so a table someone else owns is never touched. */
async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await createTable(client, tableName);
  }
}
