/**
 * What workspaces keep in the limits table: stored bodies (plans now; replays and job results next) and
 * the offcut rack. `createWorkspaceState` builds the service over the DynamoDB adapters once per
 * container; handlers take the result as a dependency.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoBodyStore } from './dynamo-body-store.ts';
import { createDynamoRackStore } from './dynamo-rack-store.ts';
import { type WorkspaceState, workspaceState } from './workspace-state.ts';

export type { BodyKey, BodyStore, MarkOutcome, NewBody, StoredBody } from './body-store.ts';
export { createDynamoBodyStore, workspacePk } from './dynamo-body-store.ts';
export { createDynamoRackStore } from './dynamo-rack-store.ts';
export type { BookingRecord, Rack, RackEntry } from './rack.ts';
export type { RackStore } from './rack-store.ts';
export { PLAN_RETENTION_DAYS, type WorkspaceState, workspaceState } from './workspace-state.ts';

export function createWorkspaceState(options: {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly now?: () => number;
}): WorkspaceState {
  return workspaceState({
    rack: createDynamoRackStore(options),
    bodies: createDynamoBodyStore(options),
    now: options.now ?? Date.now,
  });
}
