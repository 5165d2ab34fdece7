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

export interface LocalLimits {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** How to reach the table from another thread (the solver workers build their own clients from it). */
  readonly config: LimitsConfig;
  /** Where the table is, for the startup banner. */
  readonly description: string;
  /** True when `cutplan keys` in `cwd` finds this table without settings. */
  readonly discoverable: boolean;
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
