/**
 * The DynamoDB adapter of {@link BodyStore}, in the limits table. Items (docs/operations.md, "Stored
 * bodies"):
 *
 * - head `pk = ws#<workspace>`, `sk = <kind>#<id>`: `createdAtMs`, `expiresAtMs` (what readers decide by),
 *   `expiresAt` (TTL, epoch seconds, cleanup only), `meta` (JSON text), `sha` (SHA-256 of the gzip bytes),
 *   and either `body` (the gzip bytes, when they fit one item) or `chunks` + `nonce`; set-once marks as
 *   `mark#<name>` (JSON text).
 * - chunks `sk = <kind>#<id>#<nonce>#<n>`: `data`, 300 KB of the gzip bytes each.
 *
 * The body is gzip-compressed. A put writes the chunks first (under a nonce of this write, so a put that
 * loses the race for an id never touches the winner's chunks), the head last and conditionally: a reader
 * finds a head only once every chunk it names is there. A delete removes the head first, so a reader never
 * follows a head to missing chunks; chunks of a crashed put or delete are left to TTL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  conditional,
  type DynamoContext,
  type Item,
  n,
  numberOf,
  s,
  stringOf,
  unconditional,
} from '../limits/dynamo-common.ts';
import { cleanupAt, TTL_ATTRIBUTE } from '../limits/table.ts';
import type { BodyKey, BodyStore, MarkOutcome, NewBody, StoredBody } from './body-store.ts';

/** Bytes of gzip data per item: well under DynamoDB's 400 KB item limit with the key and names. */
export const CHUNK_BYTES = 300_000;

export interface DynamoBodyStoreOptions {
  readonly client: DynamoDBClient;
  readonly tableName: string;
}

/** The partition of a workspace's stored state (rack and bodies). */
export function workspacePk(workspace: string): string {
  return `ws#${workspace}`;
}

const headSk = (key: BodyKey): string => `${key.kind}#${key.id}`;
const chunkSk = (key: BodyKey, nonce: string, index: number): string =>
  `${headSk(key)}#${nonce}#${String(index).padStart(4, '0')}`;
const markAttribute = (name: string): string => `mark#${name}`;

export function createDynamoBodyStore({ client, tableName }: DynamoBodyStoreOptions): BodyStore {
  const ctx: DynamoContext = { client, tableName };
  const keyOf = (key: BodyKey, sk = headSk(key)): Item => ({ pk: s(workspacePk(key.workspace)), sk: s(sk) });

  async function readHead(key: BodyKey, nowMs: number): Promise<Item | null> {
    const { Item: item } = await unconditional('stored body read', () =>
      ctx.client.send(new GetItemCommand({ TableName: tableName, Key: keyOf(key), ConsistentRead: true })),
    );
    if (item === undefined) return null;
    const expires = numberOf(item, 'expiresAtMs');
    return expires !== undefined && expires > nowMs ? item : null;
  }

  function headFields(key: BodyKey, item: Item): Omit<StoredBody, 'body'> {
    const marks: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(item)) {
      if (name.startsWith('mark#') && value.S !== undefined) marks[name.slice(5)] = JSON.parse(value.S);
    }
    return {
      key,
      meta: JSON.parse(stringOf(item, 'meta') ?? 'null'),
      createdAtMs: numberOf(item, 'createdAtMs') ?? 0,
      expiresAtMs: numberOf(item, 'expiresAtMs') ?? 0,
      marks,
    };
  }

  return {
    async put(entry: NewBody): Promise<boolean> {
      const gz = gzipSync(entry.body);
      const sha = createHash('sha256').update(gz).digest('hex');
      const ttl = n(cleanupAt(entry.expiresAtMs));
      const head: Item = {
        ...keyOf(entry.key),
        createdAtMs: n(entry.createdAtMs),
        expiresAtMs: n(entry.expiresAtMs),
        [TTL_ATTRIBUTE]: ttl,
        meta: s(JSON.stringify(entry.meta ?? null)),
        sha: s(sha),
      };
      if (gz.length <= CHUNK_BYTES) head.body = { B: gz };
      else {
        const nonce = randomBytes(6).toString('base64url');
        const count = Math.ceil(gz.length / CHUNK_BYTES);
        // Chunks first (in parallel: none is visible until the head names them).
        await Promise.all(
          Array.from({ length: count }, (_, i) =>
            unconditional('stored body chunk write', () =>
              ctx.client.send(
                new PutItemCommand({
                  TableName: tableName,
                  Item: {
                    ...keyOf(entry.key, chunkSk(entry.key, nonce, i)),
                    data: { B: gz.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES) },
                    [TTL_ATTRIBUTE]: ttl,
                  },
                }),
              ),
            ),
          ),
        );
        head.chunks = n(count);
        head.nonce = s(nonce);
      }
      const written = await conditional('stored body write', () =>
        ctx.client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: head,
            // An expired head is gone for every reader already: a new body may take its id (its old
            // chunks, under another nonce, are left to TTL).
            ConditionExpression: 'attribute_not_exists(pk) OR expiresAtMs <= :now',
            ExpressionAttributeValues: { ':now': n(entry.createdAtMs) },
          }),
        ),
      );
      return written.ok;
    },

    async head(key, nowMs) {
      const item = await readHead(key, nowMs);
      return item === null ? null : headFields(key, item);
    },

    async get(key, nowMs) {
      const item = await readHead(key, nowMs);
      if (item === null) return null;
      let gz: Uint8Array;
      const inline = item.body?.B;
      if (inline !== undefined) gz = inline;
      else {
        const count = numberOf(item, 'chunks') ?? 0;
        const nonce = stringOf(item, 'nonce') ?? '';
        const parts = await Promise.all(
          Array.from({ length: count }, async (_, i) => {
            const { Item: chunk } = await unconditional('stored body chunk read', () =>
              ctx.client.send(
                new GetItemCommand({
                  TableName: tableName,
                  Key: keyOf(key, chunkSk(key, nonce, i)),
                  ConsistentRead: true,
                }),
              ),
            );
            const data = chunk?.data?.B;
            // A head names only chunks written before it: a missing one means the body was deleted since.
            if (data === undefined) return null;
            return data;
          }),
        );
        if (parts.some((p) => p === null)) return null;
        gz = Buffer.concat(parts as Uint8Array[]);
      }
      if (createHash('sha256').update(gz).digest('hex') !== stringOf(item, 'sha')) {
        throw new Error(`stored body ${key.kind} ${key.id} does not match its checksum`);
      }
      return { ...headFields(key, item), body: new Uint8Array(gunzipSync(gz)) };
    },

    async mark(key, name, value, nowMs): Promise<MarkOutcome> {
      const set = await conditional('stored body mark', () =>
        ctx.client.send(
          new UpdateItemCommand({
            TableName: tableName,
            Key: keyOf(key),
            UpdateExpression: 'SET #m = :v',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#m) AND expiresAtMs > :now',
            ExpressionAttributeNames: { '#m': markAttribute(name) },
            ExpressionAttributeValues: { ':v': s(JSON.stringify(value)), ':now': n(nowMs) },
          }),
        ),
      );
      if (set.ok) return { status: 'set', value };
      const item = await readHead(key, nowMs);
      const stored = item === null ? undefined : stringOf(item, markAttribute(name));
      return stored === undefined ? { status: 'missing' } : { status: 'already', value: JSON.parse(stored) };
    },

    async delete(key) {
      const { Attributes: old } = await unconditional('stored body delete', () =>
        ctx.client.send(
          new DeleteItemCommand({ TableName: tableName, Key: keyOf(key), ReturnValues: 'ALL_OLD' }),
        ),
      );
      if (old === undefined) return false;
      const count = numberOf(old, 'chunks') ?? 0;
      const nonce = stringOf(old, 'nonce') ?? '';
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          unconditional('stored body chunk delete', () =>
            ctx.client.send(
              new DeleteItemCommand({ TableName: tableName, Key: keyOf(key, chunkSk(key, nonce, i)) }),
            ),
          ),
        ),
      );
      return true;
    },
  };
}
