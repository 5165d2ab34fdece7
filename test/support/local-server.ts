import type { AddressInfo } from 'node:net';
import { createLocalServer, type LocalHandlers } from '../../functions/local/local-server.ts';

export interface RunningServer {
  readonly url: string;
  readonly lines: string[];
  close(): Promise<void>;
}

/** Starts the local server on a free loopback port. */
export async function startServer(handlers: LocalHandlers, trustProxy = 0): Promise<RunningServer> {
  const lines: string[] = [];
  const server = createLocalServer({ handlers, trustProxy, log: (line) => lines.push(line) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lines,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
