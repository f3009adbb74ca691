import { randomInt } from 'node:crypto';
import type { OperationType, Resolution, SortOrder } from '../../shared/contract/device-words.ts';
import type { Db } from '../lib/types.ts';
import { gradeNameSql } from './products.ts';
import { insertWithFreshNumber } from './statements.ts';

// Cloud phones: the stored row, listing, settings, operations, and what payments and activation codes change.

export type StoredStatus = 'online' | 'offline' | 'maintenance' | 'replacing' | 'expired' | 'trial' | 'controlling' | 'syncing' | 'migrating';
/** What the platform reports about the phone's host, apart from its status (migration 9). */
export type PhoneFault = 'malfunction' | 'disconnected';

export interface PhoneRow {
  id: number;
  tenant_id: number;
  user_id: number;
  group_id: number;
  grade_id: number;
  phone_no: string;
  name: string;
  status: StoredStatus;
  expire_time: number;
  root: number;
  width: number;
  height: number;
  dpi: number;
  operation_type: OperationType | null;
  operation_started_at: number | null;
  created_at: number;
  fault: PhoneFault | null;
}

export interface NewPhone {
  tenantId: number;
  userId: number;
  groupId: number;
  gradeId: number;
  name: string;
  expireTime: number;
  createdAt: number;
  /** Random "CP" + 8 digits when left out. */
  phoneNo?: string;
  status?: StoredStatus;
  root?: boolean;
  resolution: Resolution;
  fault?: PhoneFault | null;
}

/** Inserts a phone; a random phoneNo that collides is drawn again (a given one is not). Returns the id. */
export async function insertPhone(db: Db, phone: NewPhone): Promise<number> {
  const run = async (into: Db, phoneNo: string) =>
    Number(
      (await into.run(`INSERT INTO phones (tenant_id, user_id, group_id, grade_id, phone_no, name, status, expire_time, root, width, height, dpi, created_at, fault)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, 
        phone.tenantId,
        phone.userId,
        phone.groupId,
        phone.gradeId,
        phoneNo,
        phone.name,
        phone.status ?? 'online',
        phone.expireTime,
        phone.root ? 1 : 0,
        phone.resolution.width,
        phone.resolution.height,
        phone.resolution.dpi,
        phone.createdAt,
        phone.fault ?? null,
      )).lastId,
    );
  if (phone.phoneNo !== undefined) return await run(db, phone.phoneNo);
  return await insertWithFreshNumber(db, 'phones.phone_no', async (step) => await run(step, `CP${String(randomInt(0, 100_000_000)).padStart(8, '0')}`));
}

export async function findPhone(db: Db, id: number): Promise<PhoneRow | undefined> {
  return await db.get('SELECT * FROM phones WHERE id = ?', id) as PhoneRow | undefined;
}

/** The phone if its owner's account is still open (a closed account's signed screenshot links stop at once). */
export async function findPhoneOfOpenAccount(db: Db, id: number): Promise<PhoneRow | undefined> {
  return await db.get('SELECT p.* FROM phones p JOIN users u ON u.id = p.user_id WHERE p.id = ? AND u.deleted_at IS NULL', id) as
    | PhoneRow
    | undefined;
}

/** A phone by its number (numbers are unique on the platform). */
export async function findPhoneByNo(db: Db, phoneNo: string): Promise<PhoneRow | undefined> {
  return await db.get('SELECT * FROM phones WHERE phone_no = ?', phoneNo) as PhoneRow | undefined;
}

/** The user's phones (in the tenant) among these ids, in no particular order; others are simply absent. */
export async function phonesOfUser(db: Db, userId: number, tenantId: number, ids: number[]): Promise<PhoneRow[]> {
  return await db.all(`SELECT * FROM phones WHERE user_id = ? AND tenant_id = ? AND ${db.dialect.inList('id')}`, userId,
    tenantId,
    ids,
  ) as PhoneRow[];
}

const SORTS: Record<SortOrder, string> = {
  default: 'p.id',
  expireAsc: 'p.expire_time, p.id',
  expireDesc: 'p.expire_time DESC, p.id DESC',
};

export interface PhoneFilter {
  userId: number;
  tenantId: number;
  gradeId: number | null;
  groupId: number | null;
  keyword: string;
  language: string;
  /** Only these phones, when given. */
  ids: number[] | null;
}

export type ListedPhoneRow = PhoneRow & { group_name: string; group_is_default: number; grade_name: string };

/** LIKE treats % and _ as wildcards; a keyword containing them must match them literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** One page of the user's phones with their group and grade names, and how many match in all. */
export async function listPhones(db: Db, filter: PhoneFilter, sort: SortOrder, limit: number, offset: number): Promise<{ rows: ListedPhoneRow[]; total: number }> {
  const where = ['p.user_id = @userId', 'p.tenant_id = @tenantId'];
  if (filter.ids !== null) where.push(db.dialect.inList('p.id', '@ids'));
  if (filter.gradeId !== null) where.push('p.grade_id = @gradeId');
  if (filter.groupId !== null) where.push('p.group_id = @groupId');
  if (filter.keyword) where.push(`(${db.dialect.likeAnyCase('p.phone_no', '@pattern')} OR ${db.dialect.likeAnyCase('p.name', '@pattern')})`);
  const { userId, tenantId, gradeId, groupId, language } = filter;
  const params = { userId, tenantId, gradeId, groupId, language, ids: filter.ids ?? [], pattern: likePattern(filter.keyword) };
  const condition = where.join(' AND ');
  const total = await db.value(`SELECT COUNT(*) FROM phones p WHERE ${condition}`, params) as number;
  const rows = await db.all(`SELECT p.*, g.name AS group_name, g.is_default AS group_is_default, ${gradeNameSql('p.tenant_id', 'p.grade_id', '@language')} AS grade_name
     FROM phones p JOIN phone_groups g ON g.id = p.group_id
     WHERE ${condition} ORDER BY ${SORTS[sort]} LIMIT @limit OFFSET @offset`, { ...params, limit, offset }) as ListedPhoneRow[];
  return { rows, total };
}

export async function renamePhone(db: Db, id: number, name: string): Promise<void> {
  await db.run('UPDATE phones SET name = ? WHERE id = ?', name, id);
}

export async function movePhone(db: Db, id: number, groupId: number): Promise<void> {
  await db.run('UPDATE phones SET group_id = ? WHERE id = ?', groupId, id);
}

/** Every phone of one group moves to another (deleting a group). */
export async function moveGroupPhones(db: Db, fromGroupId: number, toGroupId: number): Promise<void> {
  await db.run('UPDATE phones SET group_id = ? WHERE group_id = ?', toGroupId, fromGroupId);
}

export async function setRoot(db: Db, id: number, root: boolean): Promise<void> {
  await db.run('UPDATE phones SET root = ? WHERE id = ?', root ? 1 : 0, id);
}

export async function setResolution(db: Db, id: number, resolution: Resolution): Promise<void> {
  await db.run('UPDATE phones SET width = ?, height = ?, dpi = ? WHERE id = ?', resolution.width, resolution.height, resolution.dpi, id);
}

/** What a factory reset puts back: root off and the given (default) resolution. */
export async function resetSettings(db: Db, id: number, resolution: Resolution): Promise<void> {
  await db.run('UPDATE phones SET root = FALSE, width = ?, height = ?, dpi = ? WHERE id = ?', resolution.width, resolution.height, resolution.dpi, id);
}

/** Records the operation's start; the phone is online afterwards, except that `trial` (the rental) is kept. */
export async function startOperation(db: Db, id: number, type: OperationType, now: number): Promise<void> {
  await db.run(`UPDATE phones SET operation_type = ?, operation_started_at = ?, status = CASE WHEN status = 'trial' THEN 'trial' ELSE 'online' END
     WHERE id = ?`, type, now, id);
}

/** A phone's expiry changes; one stored as expired is running again. */
export async function setExpiry(db: Db, id: number, expireTime: number): Promise<void> {
  await db.run("UPDATE phones SET expire_time = ?, status = CASE status WHEN 'expired' THEN 'online' ELSE status END WHERE id = ?", expireTime, id);
}

export async function setGrade(db: Db, id: number, gradeId: number): Promise<void> {
  await db.run('UPDATE phones SET grade_id = ? WHERE id = ?', gradeId, id);
}

/** The grade of the user's phone in the tenant, or undefined when it is not theirs (any more). */
export async function gradeOfOwnedPhone(db: Db, id: number, userId: number, tenantId: number): Promise<number | undefined> {
  return await db.value('SELECT grade_id FROM phones WHERE id = ? AND user_id = ? AND tenant_id = ?', id, userId, tenantId) as number | undefined;
}

/** Names of the user's phones that start with `prefix` and a space ("<grade> <n>"). */
export async function phoneNamesWithPrefix(db: Db, userId: number, prefix: string): Promise<string[]> {
  return await db.column('SELECT name FROM phones WHERE user_id = ? AND substr(name, 1, ?) = ?', userId, prefix.length + 1, `${prefix} `) as string[];
}

/** The highest "CP" + 8 digits number in use on the platform, if any. */
export async function highestPhoneNo(db: Db): Promise<string | undefined> {
  return await db.value(`SELECT phone_no FROM phones WHERE ${db.dialect.matchesGlob('phone_no', 'CP[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')} ORDER BY phone_no DESC LIMIT 1`) as
    | string
    | undefined;
}
