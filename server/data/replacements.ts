import type { ReplaceResult, ReplaceType } from '../../shared/contract/replace-words.ts';
import type { Db } from '../lib/types.ts';

// Replacements of phones (migration 021: phone_replacements). Only a successful one counts for the frequency limit.

export interface NewReplacement {
  tenantId: number;
  phoneId: number;
  userId: number;
  replaceType: ReplaceType;
  result: ReplaceResult;
  reasonCode: number | null;
  createdAt: number;
}

export async function insertReplacement(db: Db, row: NewReplacement): Promise<void> {
  await db.run(`INSERT INTO phone_replacements (tenant_id, phone_id, user_id, replace_type, result, reason_code, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`, row.tenantId, row.phoneId, row.userId, row.replaceType, row.result, row.reasonCode, row.createdAt);
}

/** When each of these phones was last replaced successfully (phones never replaced are left out). */
export async function lastReplacements(db: Db, phoneIds: number[]): Promise<Map<number, number>> {
  const rows = await db.all(`SELECT phone_id, MAX(created_at) AS at FROM phone_replacements
     WHERE result = 'success' AND ${db.dialect.inList('phone_id')} GROUP BY phone_id`, phoneIds) as Array<{ phone_id: number; at: number }>;
  return new Map(rows.map((row) => [row.phone_id, row.at]));
}
