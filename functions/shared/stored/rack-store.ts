/**
 * The rack store port: a workspace's whole rack read in one request and replaced in one conditional
 * write under its version number (optimistic concurrency). Store failures throw
 * `StoreUnavailableError`; a lost race comes back as `false`.
 */
import type { Rack } from './rack.ts';

export interface RackStore {
  /** The rack as stored now (strongly consistent); the empty rack at version 0 when there is none. */
  read(workspace: string): Promise<Rack>;
  /**
   * Writes `next` as version `next.version + 1`, only if the stored version is still `next.version`.
   * False when another write came first (read again and redo the change); `tooLarge` when the rack does
   * not fit one item.
   */
  write(workspace: string, next: Rack): Promise<boolean | 'tooLarge'>;
}
