/**
 * The embedded DynamoDB: dynalite in this process, on a loopback port, serving the real DynamoDB API so
 * the same adapter code runs locally, in tests and in AWS. In memory by default; give `dataDir` to keep
 * keys and counters across restarts. With `discoveryFile`, it announces its endpoint there (the local
 * server does this, so `cutplan keys` finds the running server's table without flags) and removes the
 * file on close.
 *
 * Local only: `npm start`, `npm run invoke`, the tests and the benchmarks. dynalite is a devDependency,
 * so this module lives in `functions/local/`, which no Lambda entry imports; the bundler refuses to
 * bundle dynalite (`infra/bundle.ts`), and the bundle tests check no Lambda bundle reaches this folder.
 */

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  createDynamoClient,
  createTable,
  DEFAULT_TABLE_NAME,
  type LocalDiscovery,
} from '../shared/limits/index.ts';

/** Request timeout of the embedded store's own client. */
export const EMBEDDED_TIMEOUT_MS = 2_500;

export interface EmbeddedDynamoOptions {
  /** Directory to persist into (a LevelDB under `<dataDir>/dynamodb`); in memory when absent. */
  readonly dataDir?: string;
  /** Loopback port; 0 or absent = any free port. */
  readonly port?: number;
  readonly tableName?: string;
  /** Path of a discovery file to write (e.g. `.data/dynamodb.json`), removed again on close. */
  readonly discoveryFile?: string;
}

export interface EmbeddedDynamo {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  readonly tableName: string;
  /** A client for the endpoint, for the store to use; destroyed on close. */
  readonly client: DynamoDBClient;
  /**
   * Stalls the server, as a DynamoDB that stops answering: connections are still accepted and requests
   * read, but none is answered until {@link resume}. For fault tests and the soak run.
   */
  pause(): void;
  /** Answers the requests held since {@link pause}, in order, and every request after. */
  resume(): void;
  close(): Promise<void>;
}

/** Starts dynalite on 127.0.0.1, creates the table (if it does not exist yet) and returns a client. */
export async function startEmbeddedDynamo(options: EmbeddedDynamoOptions = {}): Promise<EmbeddedDynamo> {
  const tableName = options.tableName ?? DEFAULT_TABLE_NAME;
  let path: string | undefined;
  if (options.dataDir !== undefined) {
    path = join(options.dataDir, 'dynamodb');
    await mkdir(path, { recursive: true });
  }
  const { default: dynalite } = await import('dynalite');
  const server = dynalite({
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    ...(path === undefined ? {} : { path }),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const gate = stallGate(server);
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // dynalite answers on this process's event loop, which a local server or a test run keeps busy: give
  // its requests more time than the 1 s a remote DynamoDB gets (the admission deadline still holds).
  const client = createDynamoClient({ endpoint, region: 'local' }, EMBEDDED_TIMEOUT_MS);
  const stop = async (): Promise<void> => {
    gate.drop();
    client.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  try {
    await createTable(client, tableName);
    if (options.discoveryFile !== undefined) {
      const discovery: LocalDiscovery = { endpoint, tableName, pid: process.pid };
      await mkdir(dirname(options.discoveryFile), { recursive: true });
      await writeFile(options.discoveryFile, `${JSON.stringify(discovery, null, 2)}\n`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  let closed = false;
  return {
    endpoint,
    tableName,
    client,
    pause: gate.pause,
    resume: gate.resume,
    async close() {
      if (closed) return;
      closed = true;
      if (options.discoveryFile !== undefined) await removeIfOurs(options.discoveryFile, endpoint);
      await stop();
    },
  };
}

/**
 * Puts a gate between the HTTP server and dynalite's request handler: closed, requests wait (their
 * sockets stay open and unanswered, so clients see a stalled service, not a refused connection).
 */
function stallGate(server: Server): { pause(): void; resume(): void; drop(): void } {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  let paused = false;
  const held: [IncomingMessage, ServerResponse][] = [];
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    for (const handler of handlers) handler.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (paused) held.push([req, res]);
    else dispatch(req, res);
  });
  return {
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const [req, res] of held.splice(0)) dispatch(req, res);
    },
    /** On close: the held requests are never answered (their connections are closed). */
    drop: () => {
      paused = false;
      for (const [req] of held.splice(0)) req.socket.destroy();
    },
  };
}

/** Removes the discovery file unless another server has since announced itself in it. */
async function removeIfOurs(file: string, endpoint: string): Promise<void> {
  try {
    const current = JSON.parse(await readFile(file, 'utf8')) as { endpoint?: unknown };
    if (current.endpoint === endpoint) await rm(file, { force: true });
  } catch (error) {
    // Already gone, or overwritten with something else: nothing of ours to remove.
    const gone = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    if (!gone && !(error instanceof SyntaxError)) throw error;
  }
}
