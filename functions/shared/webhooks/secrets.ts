/**
 * Webhook signing secrets, one per API key, in the limits table beside the key: `pk = use#<keyId>`,
 * `sk = webhook-secret`. Not on the key record itself (`key#<keyId>`), because the functions that deliver
 * webhooks may write `use#…` partitions and never a key record (`dynamodb:LeadingKeys`), and a job whose
 * key has no secret yet gets one when its first webhook is signed. The item: `secret` (the current
 * `whsec_…`), `retired` (older secrets with the instant each stops being valid), `version` (for
 * conditional writes) and `createdAt`. Secrets must be readable to sign, so they are stored as they are;
 * only the operator's `cutplan keys webhook-secret` shows one.
 */
import { GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
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
import { keyUsePk } from '../limits/table.ts';
import { newWebhookSecret } from './signature.ts';

/** How long a replaced secret still signs deliveries after `--rotate`. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;
/** Retired secrets kept at most (a burst of rotations drops the oldest first). */
const MAX_RETIRED = 4;
/** Rotations redone after a lost race before giving up. */
const MAX_RACES = 20;
export const SECRET_SK = 'webhook-secret';

export interface RotatedSecret {
  readonly secret: string;
  /** The secret it replaced, and until when that one still signs; null when the key had none. */
  readonly previous: { readonly secret: string; readonly validUntilMs: number } | null;
}

export interface WebhookSecrets {
  /** The key's current secret, made (once, whoever asks first) when it has none. */
  getOrCreate(keyId: string): Promise<string>;
  /** A new current secret; the old one stays valid for {@link ROTATION_GRACE_MS}. */
  rotate(keyId: string): Promise<RotatedSecret>;
  /** Every secret valid at `nowMs`, current first; [] when the key has none. */
  validSecrets(keyId: string, nowMs: number): Promise<string[]>;
}

export interface SecretsOptions extends DynamoContext {
  readonly now: () => number;
  readonly generate?: () => string;
}

interface Retired {
  readonly secret: string;
  readonly until: number;
}

const keyOf = (keyId: string): Item => ({ pk: s(keyUsePk(keyId)), sk: s(SECRET_SK) });

function retiredOf(item: Item | undefined): Retired[] {
  return (item?.retired?.L ?? []).flatMap((v) => {
    const secret = v.M?.secret?.S;
    const until = Number(v.M?.until?.N);
    return secret === undefined || !Number.isFinite(until) ? [] : [{ secret, until }];
  });
}

export function createDynamoWebhookSecrets(options: SecretsOptions): WebhookSecrets {
  const { client, tableName, now } = options;
  const generate = options.generate ?? (() => newWebhookSecret());

  async function read(keyId: string): Promise<Item | undefined> {
    const out = await unconditional('webhook secret read', () =>
      client.send(new GetItemCommand({ TableName: tableName, Key: keyOf(keyId), ConsistentRead: true })),
    );
    return out.Item;
  }

  return {
    async getOrCreate(keyId) {
      // One write that keeps a secret already there: concurrent first calls all read back the winner's.
      const out = await unconditional('webhook secret create', () =>
        client.send(
          new UpdateItemCommand({
            TableName: tableName,
            Key: keyOf(keyId),
            UpdateExpression:
              'SET #secret = if_not_exists(#secret, :fresh), #version = if_not_exists(#version, :one), #createdAt = if_not_exists(#createdAt, :now)',
            ExpressionAttributeNames: {
              '#secret': 'secret',
              '#version': 'version',
              '#createdAt': 'createdAt',
            },
            ExpressionAttributeValues: { ':fresh': s(generate()), ':one': n(1), ':now': n(now()) },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      const secret = stringOf(out.Attributes, 'secret');
      if (secret === undefined) throw new Error('webhook secret write returned no secret');
      return secret;
    },

    async rotate(keyId) {
      for (let race = 0; race < MAX_RACES; race++) {
        const item = await read(keyId);
        const at = now();
        const current = stringOf(item, 'secret');
        const version = numberOf(item, 'version');
        const validUntilMs = at + ROTATION_GRACE_MS;
        const retired = [
          ...(current === undefined ? [] : [{ secret: current, until: validUntilMs }]),
          ...retiredOf(item).filter((r) => r.until > at),
        ].slice(0, MAX_RETIRED);
        const secret = generate();
        const next: Item = {
          ...keyOf(keyId),
          secret: s(secret),
          version: n((version ?? 0) + 1),
          createdAt: n(numberOf(item, 'createdAt') ?? at),
          rotatedAt: n(at),
          retired: { L: retired.map((r) => ({ M: { secret: s(r.secret), until: n(r.until) } })) },
        };
        const written = await conditional('webhook secret rotate', () =>
          client.send(
            new PutItemCommand({
              TableName: tableName,
              Item: next,
              ...(item === undefined
                ? { ConditionExpression: 'attribute_not_exists(pk)' }
                : version === undefined
                  ? {
                      ConditionExpression: 'attribute_not_exists(#version)',
                      ExpressionAttributeNames: { '#version': 'version' },
                    }
                  : {
                      ConditionExpression: '#version = :version',
                      ExpressionAttributeNames: { '#version': 'version' },
                      ExpressionAttributeValues: { ':version': n(version) },
                    }),
            }),
          ),
        );
        if (written.ok) {
          return { secret, previous: current === undefined ? null : { secret: current, validUntilMs } };
        }
        // Another rotation (or the first getOrCreate) won: rotate what it wrote.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** Math.min(race, 3)));
      }
      throw new Error(`key ${keyId}: the webhook secret is being changed by other calls; try again`);
    },

    async validSecrets(keyId, nowMs) {
      const item = await read(keyId);
      const current = stringOf(item, 'secret');
      if (current === undefined) return [];
      return [current, ...retiredOf(item).flatMap((r) => (r.until > nowMs ? [r.secret] : []))];
    },
  };
}
