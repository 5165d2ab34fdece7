/**
 * The operator's monthly report (`cutplan usage report`): per workspace, the calls its keys were
 * counted for and the calls refunded in one calendar month (UTC), summed over the workspace's keys
 * (a rotated key's month stays with its workspace). The figures are the ones `GET /v1/usage` tells each
 * key's caller: both read the key's month from its slots item (dynamo-slots.ts).
 */
import type { LimitsStore } from './store.ts';

export interface WorkspaceMonth {
  readonly workspace: string;
  readonly month: string;
  readonly used: number;
  readonly refunded: number;
  /** The workspace's keys with calls in the month, by public id. */
  readonly keys: readonly { readonly keyId: string; readonly used: number; readonly refunded: number }[];
}

/** `2026-03` → `month@2026-03` (the window id), or null for anything else. */
export function monthIdOf(month: string): string | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  return m === null ? null : `month@${m[1]}-${m[2]}`;
}

/** Every workspace with a key, in name order; a workspace with no calls shows zeros. */
export async function usageReport(
  store: Pick<LimitsStore, 'listKeys' | 'monthOf'>,
  month: string,
): Promise<WorkspaceMonth[]> {
  const monthId = monthIdOf(month);
  if (monthId === null) throw new RangeError(`month must be YYYY-MM, got "${month}"`);
  const keys = await store.listKeys();
  const tallies = await Promise.all(keys.map((k) => store.monthOf(k.keyId, monthId)));
  const byWorkspace = new Map<string, WorkspaceMonth['keys'][number][]>();
  keys.forEach((k, i) => {
    const list = byWorkspace.get(k.workspace) ?? [];
    const tally = tallies[i] ?? { used: 0, refunded: 0 };
    if (tally.used > 0 || tally.refunded > 0) list.push({ keyId: k.keyId, ...tally });
    byWorkspace.set(k.workspace, list);
  });
  return [...byWorkspace.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([workspace, list]) => ({
      workspace,
      month,
      used: list.reduce((sum, k) => sum + k.used, 0),
      refunded: list.reduce((sum, k) => sum + k.refunded, 0),
      keys: [...list].sort((a, b) => (a.keyId < b.keyId ? -1 : 1)),
    }));
}

/** The report as CSV (RFC 4180): `workspace,month,used,refunded`, one line per workspace. */
export function usageReportCsv(rows: readonly WorkspaceMonth[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [
    'workspace,month,used,refunded',
    ...rows.map((r) => [cell(r.workspace), r.month, r.used, r.refunded].join(',')),
  ]
    .map((line) => `${line}\r\n`)
    .join('');
}
