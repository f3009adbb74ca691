/** The `ids` and `action` query values the group and batch pages pass between them. */

export const BATCH_ACTIONS = ['reboot', 'reset', 'screenshot', 'root', 'group'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

export function parseAction(value: string | null): BatchAction | null {
  return (BATCH_ACTIONS as readonly string[]).includes(value ?? '') ? (value as BatchAction) : null;
}

/** `1,2,3` -> [1, 2, 3]: positive integers only, first occurrence kept (a hand-edited address must not crash). */
export function parseIds(value: string | null): number[] {
  const seen = new Set<number>();
  for (const part of (value ?? '').split(',')) {
    const id = Number(part.trim());
    if (Number.isSafeInteger(id) && id > 0) seen.add(id);
  }
  return [...seen];
}

export function batchQuery(action: BatchAction | null, ids: number[]): string {
  const query = new URLSearchParams();
  if (action) query.set('action', action);
  if (ids.length) query.set('ids', ids.join(','));
  // Commas stay readable in the address; URLSearchParams would write %2C.
  return query.toString().replace(/%2C/g, ',');
}
