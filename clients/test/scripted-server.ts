/**
 * A server that plays back scripted answers in order and records the requests: for the answers the real
 * service gives only under load or deep in a solve (503 `busy`, 422 `noPlanFound`, a failure decided
 * after a stream began), which the clients must map all the same.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** The raw text or bytes. */
  readonly body: string | Uint8Array;
  /** Waits this long before answering (for timeouts). */
  readonly delayMs?: number;
  /** Milliseconds between the body's bytes: a stream that keeps its connection alive. */
  readonly dripMs?: number;
  /** Closes the connection instead of answering (after `delayMs`): an answer lost on the way. */
  readonly drop?: boolean;
}

export interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  readonly atMs: number;
}

export interface ScriptedServer {
  readonly url: string;
  readonly requests: Recorded[];
  /** Replaces the script: each request takes the next answer; past the end, the last one repeats. */
  play(answers: readonly ScriptedAnswer[]): void;
  close(): Promise<void>;
}

/** A connection closed without an answer. */
export const dropped: ScriptedAnswer = { status: 0, body: '', drop: true };

export const jsonAnswer = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ScriptedAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': `req-${status}`, ...headers },
  body: JSON.stringify(body),
});

export async function startScriptedServer(): Promise<ScriptedServer> {
  let script: readonly ScriptedAnswer[] = [];
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        atMs: Date.now(),
      });
      const answer = script[Math.min(requests.length - 1, script.length - 1)];
      if (answer === undefined) {
        res.writeHead(500).end('no script');
        return;
      }
      const send = () => {
        if (res.destroyed) return;
        if (answer.drop === true) {
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, answer.headers);
        if (answer.dripMs === undefined) {
          res.end(answer.body);
          return;
        }
        const bytes = Buffer.from(answer.body);
        let next = 0;
        const drip = setInterval(() => {
          if (res.destroyed || next >= bytes.length) {
            clearInterval(drip);
            res.end();
            return;
          }
          res.write(bytes.subarray(next, next + 1));
          next++;
        }, answer.dripMs);
      };
      if (answer.delayMs === undefined) send();
      else setTimeout(send, answer.delayMs).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    play(answers) {
      script = answers;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
