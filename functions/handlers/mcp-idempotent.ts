/**
 * `idempotencyKey` on the MCP tools over HTTP that solve, book or start a job: the argument is the
 * `Idempotency-Key` of the call underneath (idempotent.ts), so an agent that retries a tool call gets the
 * first call's result, uncounted. What is kept is the tool's result (not the JSON-RPC message, whose id
 * changes on a retry); the fingerprint is the tool's name and its arguments without the key. Only a
 * tool's success is kept: a tool error stores nothing and the key may be sent again.
 */
import { type CutplanError, err, ok, type Result, ValidationError } from '../../core/errors.ts';
import { type Answer, type HttpRequest, jsonReply, type Reply } from '../shared/http/index.ts';
import {
  BOOK_TOOL,
  KEY_ARGUMENT,
  LABELS_TOOL,
  OPTIMISE_TOOL,
  PDF_TOOL,
  SAW_LIST_TOOL,
  START_JOB_TOOL,
} from '../shared/mcp/index.ts';
import { type IdempotencyDeps, idempotencyKeyOf, idempotent, type Keep, type Kept } from './idempotent.ts';

/** The tools that take {@link KEY_ARGUMENT} over HTTP. */
export const KEYED_TOOLS: ReadonlySet<string> = new Set([
  OPTIMISE_TOOL,
  PDF_TOOL,
  LABELS_TOOL,
  SAW_LIST_TOOL,
  BOOK_TOOL,
  START_JOB_TOOL,
]);

/** A `tools/call` with a key: the message without it, and the request its outcome is kept under. */
export interface KeyedToolCall {
  readonly id: string | number;
  /** The message with `idempotencyKey` taken out of the arguments. */
  readonly message: unknown;
  /** The request the key's outcome is fingerprinted and kept by. */
  readonly request: HttpRequest;
}

/**
 * The keyed call of `message`: null when it is not a `tools/call` of a keyed tool with the argument; a
 * validation error naming `idempotencyKey` when the key is not 1 to 255 printable ASCII characters.
 */
export function keyedToolCall(
  message: unknown,
  req: HttpRequest,
): Result<KeyedToolCall | null, ValidationError> {
  if (!isRecord(message) || message.method !== 'tools/call' || !isRecord(message.params)) return ok(null);
  const { name, arguments: args } = message.params;
  const id = message.id;
  if (typeof name !== 'string' || !KEYED_TOOLS.has(name) || !isRecord(args)) return ok(null);
  if (!(typeof id === 'string' || typeof id === 'number')) return ok(null);
  const { [KEY_ARGUMENT]: key, ...rest } = args;
  if (key === undefined || key === null) return ok(null);
  if (typeof key !== 'string') {
    return err(ValidationError.of(KEY_ARGUMENT, 'must be text, e.g. a UUID made for this logical call'));
  }
  const checked = idempotencyKeyOf({ headers: new Map([['idempotency-key', [key]]]) });
  if (!checked.ok) {
    const why = checked.error.issues[0]?.message ?? 'is not a valid key';
    return err(ValidationError.of(KEY_ARGUMENT, why));
  }
  const request: HttpRequest = {
    ...req,
    path: `/v1/mcp/tools/${name}`,
    query: {},
    body: JSON.stringify(rest),
    isBase64Encoded: false,
    headers: new Map([
      ['idempotency-key', [key]],
      ['content-type', ['application/json']],
    ]),
  };
  return ok({ id, message: { ...message, params: { ...message.params, arguments: rest } }, request });
}

/** The tool's result of a JSON-RPC reply, kept for a replay; null when it is not a tool's success. */
export function keptToolResult(reply: Reply): Kept | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.body);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.result) || parsed.result.isError === true) return null;
  return {
    kind: 'reply',
    status: 200,
    headers: {},
    body: JSON.stringify(parsed.result),
    isBase64Encoded: false,
  };
}

/** Runs a keyed tool call idempotently; a replay answers the kept result under this call's id. */
export function idempotentToolCall(
  deps: IdempotencyDeps,
  call: KeyedToolCall,
  run: (keep: Keep | undefined) => Promise<Answer>,
): Promise<Answer> {
  const replay = async (kept: Kept): Promise<Reply> => {
    const result = kept.kind === 'reply' ? (JSON.parse(kept.body) as unknown) : null;
    return jsonReply(200, { jsonrpc: '2.0', id: call.id, result });
  };
  return idempotent(deps, call.request, replay, run);
}

/** Keeps a tool's success whose effect has landed (a booking, a job); a failure to keep it is only logged. */
export async function keepLanded(
  keep: Keep | undefined,
  reply: Reply,
  logError: (error: CutplanError) => void,
): Promise<void> {
  if (keep === undefined) return;
  const kept = keptToolResult(reply);
  if (kept === null) return;
  const stored = await keep(kept);
  if (!stored.ok) logError(stored.error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
