/**
 * What the DynamoDB adapter modules share: the injected client and table, and the one place SDK errors
 * are sorted. A failed condition is an expected outcome and comes back as data (with the item, where
 * DynamoDB returns it); anything else means the store is unavailable.
 */
import {
  type AttributeValue,
  ConditionalCheckFailedException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { StoreUnavailableError } from './store.ts';

export interface DynamoContext {
  readonly client: DynamoDBClient;
  readonly tableName: string;
}

export type Item = Record<string, AttributeValue>;

/** Outcome of a conditional write: done, or refused by its condition (with the old item when known). */
export type Conditional<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly item: Item | undefined };

/** Runs a conditional write; a failed condition is data, any other error is a {@link StoreUnavailableError}. */
export async function conditional<T>(operation: string, write: () => Promise<T>): Promise<Conditional<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { ok: false, item: error.Item };
    throw new StoreUnavailableError(operation, error);
  }
}

/** Runs a read or an unconditional write; any error is a {@link StoreUnavailableError}. */
export async function unconditional<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StoreUnavailableError(operation, error);
  }
}

export const s = (value: string): AttributeValue => ({ S: value });
export const n = (value: number): AttributeValue => ({ N: String(value) });

/** A number attribute, or undefined when absent or not a number. */
export function numberOf(item: Item | undefined, name: string): number | undefined {
  const raw = item?.[name]?.N;
  return raw === undefined ? undefined : Number(raw);
}

/** A string attribute, or undefined. */
export function stringOf(item: Item | undefined, name: string): string | undefined {
  return item?.[name]?.S;
}
