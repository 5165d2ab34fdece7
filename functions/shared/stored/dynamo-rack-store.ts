/**
 * The DynamoDB adapter of {@link RackStore}: one item per workspace, `pk = ws#<workspace>`, `sk = rack`,
 * with `version` and `data` (gzip-compressed JSON of the unit, the entries and the booked markers). One
 * item means every change, a booking too, is one conditional `PutItem`: applied whole or not at all,
 * and two writers on the same version cannot both win.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { type DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { conditional, n, numberOf, s, unconditional } from '../limits/dynamo-common.ts';
import { workspacePk } from './dynamo-body-store.ts';
import { EMPTY_RACK, type Rack } from './rack.ts';
import type { RackStore } from './rack-store.ts';

/** The most compressed bytes a rack item holds (DynamoDB's item limit is 400 KB). */
export const MAX_RACK_BYTES = 380_000;
export const RACK_SK = 'rack';

export function createDynamoRackStore(options: { client: DynamoDBClient; tableName: string }): RackStore {
  const { client, tableName } = options;
  const key = (workspace: string) => ({ pk: s(workspacePk(workspace)), sk: s(RACK_SK) });
  return {
    async read(workspace) {
      const { Item: item } = await unconditional('rack read', () =>
        client.send(new GetItemCommand({ TableName: tableName, Key: key(workspace), ConsistentRead: true })),
      );
      const data = item?.data?.B;
      if (item === undefined || data === undefined) return EMPTY_RACK;
      const stored = JSON.parse(gunzipSync(data).toString('utf8')) as Omit<Rack, 'version'>;
      return { ...stored, version: numberOf(item, 'version') ?? 0 };
    },
    async write(workspace, next) {
      const { version, ...rest } = next;
      const data = gzipSync(JSON.stringify(rest));
      if (data.length > MAX_RACK_BYTES) return 'tooLarge';
      const written = await conditional('rack write', () =>
        client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: { ...key(workspace), version: n(version + 1), data: { B: data } },
            ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
            ...(version === 0 ? {} : { ExpressionAttributeValues: { ':v': n(version) } }),
          }),
        ),
      );
      return written.ok;
    },
  };
}
