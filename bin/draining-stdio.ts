/**
 * The stdio transport of `cutplan mcp`, answering every request it has read before it closes. The SDK's
 * stdio transport closes as soon as its input ends, dropping the answers of requests still being solved
 * (a client that writes its requests and then closes stdin, as a script does, got none). This one holds
 * the end of the input back until every request read has had its answer written.
 */
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

/** The request's id when `message` is a request (it has a method and an id). */
function requestId(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  return typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')
    ? JSON.stringify(m.id)
    : null;
}

/** The id a response answers (it has an id and a result or an error, and no method). */
function responseId(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (typeof m.method === 'string' || !('result' in m || 'error' in m)) return null;
  return typeof m.id === 'string' || typeof m.id === 'number' ? JSON.stringify(m.id) : null;
}

/**
 * A stand-in for stdin that the SDK's transport reads: data passes through at once (so each request is
 * seen, and counted, as soon as it arrives); the end is passed on only when `drained` says so.
 */
class HeldInput extends EventEmitter {
  readableEnded = false;
  destroyed = false;
  pause(): this {
    return this;
  }
  end(): void {
    if (this.readableEnded) return;
    this.readableEnded = true;
    this.emit('end');
  }
}

/** A stdio transport over `input` and `output` that answers every request read before it closes. */
export function drainingStdioTransport(
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): Transport & { readonly closed: Promise<void> } {
  const held = new HeldInput();
  const inner = new StdioServerTransport(held as unknown as Readable, output);
  const pending = new Set<string>();
  let inputEnded = false;
  const endIfDrained = () => {
    if (inputEnded && pending.size === 0) held.end();
  };
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const onData = (chunk: Buffer) => held.emit('data', chunk);
  const onEnd = () => {
    inputEnded = true;
    endIfDrained();
  };
  const transport: Transport & { readonly closed: Promise<void> } = {
    closed,
    async start() {
      inner.onmessage = (message) => {
        const id = requestId(message);
        if (id !== null) pending.add(id);
        transport.onmessage?.(message);
      };
      inner.onerror = (error) => transport.onerror?.(error);
      inner.onclose = () => {
        input.off('data', onData);
        input.off('end', onEnd);
        input.off('close', onEnd);
        transport.onclose?.();
        resolveClosed();
      };
      await inner.start();
      input.on('data', onData);
      input.on('end', onEnd);
      input.on('close', onEnd);
      if (input.readableEnded) onEnd();
    },
    async send(message: JSONRPCMessage) {
      const id = responseId(message);
      try {
        await inner.send(message);
      } finally {
        if (id !== null && pending.delete(id)) endIfDrained();
      }
    },
    close: () => inner.close(),
  };
  return transport;
}
