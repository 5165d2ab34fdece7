/**
 * A proxy in front of the real server that loses answers: the first `drops` POSTs are forwarded, their
 * whole answer is read from the server (the call was solved and counted there), and then the client's
 * connection is closed without a byte of it. What a flaky network or a proxy timeout does to a caller.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DroppingProxy {
  readonly url: string;
  /** Requests seen, with their `Idempotency-Key` (empty when none). */
  readonly seen: { method: string; url: string; key: string; dropped: boolean }[];
  close(): Promise<void>;
}

export async function startDroppingProxy(target: string, drops: number): Promise<DroppingProxy> {
  const seen: DroppingProxy['seen'] = [];
  let left = drops;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const drop = req.method === 'POST' && left > 0;
      if (drop) left--;
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        key: String(req.headers['idempotency-key'] ?? ''),
        dropped: drop,
      });
      const headers = { ...req.headers };
      delete headers.host;
      const upstream = request(`${target}${req.url ?? '/'}`, { method: req.method, headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          if (drop) {
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(body));
        });
      });
      upstream.on('error', () => req.socket.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
