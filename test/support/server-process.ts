/**
 * `npm start` as a real child process, for the process tests and the load run. It runs in its own
 * working directory (a temporary one by default), so the discovery file it writes
 * (`<cwd>/.data/dynamodb.json`) never replaces the one of a developer's own `npm start`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../functions/local/server.ts', import.meta.url));

export interface ServerProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The embedded DynamoDB's endpoint, when the server started one. */
  readonly dynamoEndpoint: string | undefined;
  /** The server's working directory (where `.data/dynamodb.json` is written). */
  readonly cwd: string;
  /** stdout and stderr so far. */
  output(): string;
  /** Sends `signal` and resolves with the exit code; removes the temporary directory. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServerProcessOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly args?: readonly string[];
  /** Another checkout whose server to start (its own node_modules installed); this one by default. */
  readonly checkout?: string;
}

/**
 * Starts `functions/local/server.ts` (of this checkout, or of `options.checkout`) on a free loopback port
 * and waits for its banner.
 */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const cwd = await mkdtemp(join(tmpdir(), 'cutplan-server-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', ...options.env };
  if (options.env?.DYNAMODB_ENDPOINT === undefined) delete env.DYNAMODB_ENDPOINT;
  const server =
    options.checkout === undefined ? SERVER : join(options.checkout, 'functions', 'local', 'server.ts');
  const child = spawn(process.execPath, [server, ...(options.args ?? [])], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve([child.exitCode]);
    if (child.exitCode === null) child.kill(signal);
    const [code] = (await exited) as [number | null];
    await rm(cwd, { recursive: true, force: true });
    return code;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/ {2}try: /.test(output)) resolve();
      });
      // 'close' (not 'exit'): by then the pipes are drained, so the output holds the server's last words.
      child.on('close', (code, signal) =>
        reject(new Error(`server exited with ${code ?? signal}: ${output}`)),
      );
    });
  } catch (error) {
    await rm(cwd, { recursive: true, force: true });
    throw error;
  }
  const url = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
  if (url === undefined) {
    await stop('SIGKILL');
    throw new Error(`no URL in the banner: ${output}`);
  }
  return {
    child,
    url: `http://127.0.0.1:${url}`,
    dynamoEndpoint: /limits: embedded DynamoDB .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1],
    cwd,
    output: () => output,
    stop,
  };
}
