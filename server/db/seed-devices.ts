import { flag } from './dialect.ts';
import { ensureDefaultGroup } from '../data/phone-groups.ts';
import { insertPhone } from '../data/phones.ts';
import type { PhoneFault, StoredStatus } from '../data/phones.ts';
import { findUserByMobile } from '../data/users.ts';
import { DEFAULT_RESOLUTION, RESOLUTIONS } from '../../shared/device-types.ts';
import type { Db, Language } from '../lib/types.ts';
import { CASE_PHONES, CASES_FIRST_NO, CASES_MOBILE } from './seed-cases.ts';
import { MINUTE_MS, HOUR_MS, DAY_MS } from '../../shared/contract/time-units.ts';
import { mapInOrder } from '../lib/in-order.ts';

// Devices of the seed (API.md "Seed"). Expiries are relative to the seed time, so a fresh database always
// shows the whole range; the 5-minute phone simply expires some minutes after the first start.

const GRADES: Array<{ id: number; sort: number; names: Record<Language, string> }> = [
  { id: 1, sort: 1, names: { 'en-US': 'Standard', 'zh-CN': '标准型' } },
  { id: 2, sort: 2, names: { 'en-US': 'Pro', 'zh-CN': '高级型' } },
  { id: 3, sort: 3, names: { 'en-US': 'Ultra', 'zh-CN': '旗舰型' } },
];

export interface SeedPhone {
  name: string;
  grade: number;
  /** '' is the default group. */
  group: string;
  status: StoredStatus;
  /** Expiry relative to the seed time (negative: already expired). */
  expiresIn: number;
  root?: boolean;
  hd?: boolean;
  fault?: PhoneFault;
}

/** The demo account of tenant 1: every status once, expiries from 5 minutes (under the 10-minute rule) to a year. */
const DEMO_PHONES: SeedPhone[] = [
  { name: 'Shop assistant', grade: 1, group: '', status: 'online', expiresIn: 30 * DAY_MS },
  { name: 'Game farm 1', grade: 2, group: 'Games', status: 'online', expiresIn: 90 * DAY_MS },
  { name: 'Game farm 2', grade: 2, group: 'Games', status: 'online', expiresIn: 5 * MINUTE_MS },
  { name: 'Game farm 3', grade: 3, group: 'Games', status: 'online', expiresIn: 3 * HOUR_MS },
  { name: 'Work phone', grade: 3, group: 'Work', status: 'online', expiresIn: 180 * DAY_MS, root: true, hd: true },
  { name: 'Backup', grade: 1, group: '', status: 'offline', expiresIn: 20 * DAY_MS },
  { name: 'Test device', grade: 1, group: 'Work', status: 'maintenance', expiresIn: 15 * DAY_MS },
  { name: 'Being replaced', grade: 2, group: '', status: 'replacing', expiresIn: 40 * DAY_MS },
  { name: 'Free trial', grade: 1, group: '', status: 'trial', expiresIn: 2 * HOUR_MS },
  { name: 'Remote support', grade: 2, group: 'Work', status: 'controlling', expiresIn: 10 * DAY_MS },
  { name: 'Sync leader', grade: 2, group: 'Work', status: 'syncing', expiresIn: 12 * DAY_MS },
  { name: 'Moving house', grade: 3, group: '', status: 'migrating', expiresIn: 25 * DAY_MS },
  { name: 'Old account', grade: 1, group: '', status: 'online', expiresIn: -2 * DAY_MS },
  { name: '抖音运营', grade: 2, group: 'Work', status: 'online', expiresIn: 1 * HOUR_MS },
  { name: '小红书 1', grade: 1, group: 'Work', status: 'online', expiresIn: 6 * HOUR_MS, root: true },
  { name: 'Reader', grade: 1, group: '', status: 'online', expiresIn: 1 * DAY_MS },
  { name: 'Music box', grade: 1, group: '', status: 'online', expiresIn: 2 * DAY_MS },
  { name: 'Farm bot', grade: 2, group: 'Games', status: 'online', expiresIn: 3 * DAY_MS },
  { name: 'Chess club', grade: 2, group: 'Games', status: 'online', expiresIn: 7 * DAY_MS, hd: true },
  { name: 'Photo backup', grade: 1, group: '', status: 'online', expiresIn: 14 * DAY_MS },
  { name: 'Night shift', grade: 3, group: 'Work', status: 'online', expiresIn: 60 * DAY_MS },
  { name: 'Weekend', grade: 1, group: 'Games', status: 'online', expiresIn: 120 * DAY_MS },
  { name: 'Archive', grade: 1, group: '', status: 'online', expiresIn: 365 * DAY_MS },
  { name: 'Spare', grade: 2, group: '', status: 'online', expiresIn: 45 * DAY_MS },
];

const GREEN_PHONES: SeedPhone[] = [
  { name: '绿洲 1', grade: 1, group: '', status: 'online', expiresIn: 30 * DAY_MS },
  { name: '绿洲 2', grade: 2, group: '', status: 'online', expiresIn: 8 * HOUR_MS },
  { name: '绿洲 3', grade: 3, group: '', status: 'online', expiresIn: 90 * DAY_MS },
  { name: '绿洲 4', grade: 1, group: '', status: 'offline', expiresIn: 10 * DAY_MS },
  { name: '绿洲 5', grade: 2, group: '', status: 'online', expiresIn: 2 * DAY_MS },
  { name: '绿洲 6', grade: 1, group: '', status: 'online', expiresIn: -1 * DAY_MS },
];

const SCALE_GROUPS = ['', 'Studio A', 'Studio B', 'Studio C'];

/** 1,000 phones for the scale check: spread over groups, grades and expiries, a few offline, in maintenance or expired. */
function scalePhones(): SeedPhone[] {
  return Array.from({ length: 1000 }, (_, i) => ({
    name: `Phone ${String(i + 1).padStart(4, '0')}`,
    grade: (i % 3) + 1,
    group: SCALE_GROUPS[i % SCALE_GROUPS.length]!,
    status: i % 50 === 49 ? 'offline' : i % 97 === 96 ? 'maintenance' : 'online',
    expiresIn: i % 200 === 199 ? -DAY_MS : (1 + (i * 37) % 365) * DAY_MS + i * MINUTE_MS,
  }));
}

interface SeedAccount {
  tenantId: number;
  mobile: string;
  /** In the order they are created (the default group first). */
  groups: string[];
  phones: () => SeedPhone[];
  /** Phone numbers are fixed (CP + this, counting up) so demos and browser tests can name them. */
  firstNo: number;
}

const ACCOUNTS: SeedAccount[] = [
  { tenantId: 1, mobile: '13800138000', groups: ['', 'Work', 'Games'], phones: () => DEMO_PHONES, firstNo: 10_000_001 },
  { tenantId: 100, mobile: '13800138000', groups: [''], phones: () => GREEN_PHONES, firstNo: 10_000_101 },
  { tenantId: 1, mobile: '13800138001', groups: SCALE_GROUPS, phones: scalePhones, firstNo: 20_000_001 },
  { tenantId: 1, mobile: CASES_MOBILE, groups: [''], phones: () => CASE_PHONES, firstNo: CASES_FIRST_NO },
];

async function groupIdOf(db: Db, userId: number, name: string, now: number): Promise<number> {
  if (!name) return await ensureDefaultGroup(db, userId, now);
  await db.run('INSERT INTO phone_groups (user_id, name, is_default, created_at) VALUES (?, ?, FALSE, ?) ON CONFLICT DO NOTHING', userId, name, now);
  return await db.value('SELECT id FROM phone_groups WHERE user_id = ? AND is_default = FALSE AND name = ? COLLATE NOCASE', userId, name) as number;
}

/**
 * Grades are keyed, so they are inserted ON CONFLICT DO NOTHING on every start; phones (and the demo groups) only while the phones
 * table is empty, so phones an operator or a test removed stay removed. Runs inside seed()'s transaction.
 */
export async function seedDevices(db: Db, tenantIds: number[], now: number): Promise<void> {
  for (const tenantId of tenantIds) {
    for (const g of GRADES) {
      await db.run('INSERT INTO grades (tenant_id, id, sort) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', tenantId, g.id, g.sort);
      for (const [language, name] of Object.entries(g.names)) await db.run('INSERT INTO grade_names (tenant_id, grade_id, language, name) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', tenantId, g.id, language, name);
    }
  }

  if (flag(await db.value('SELECT EXISTS (SELECT 1 FROM phones)'))) return;
  for (const { tenantId, mobile, groups: groupNames, phones, firstNo } of ACCOUNTS) {
    const user = await findUserByMobile(db, tenantId, mobile);
    if (!user) continue;
    const groups = new Map((await mapInOrder(groupNames, async (name) => [name, await groupIdOf(db, user.id, name, now)])));
    await mapInOrder(phones(), async (p, index) => {
      await insertPhone(db, {
        tenantId,
        userId: user.id,
        groupId: groups.get(p.group)!,
        gradeId: p.grade,
        name: p.name,
        expireTime: now + p.expiresIn,
        createdAt: now,
        phoneNo: `CP${firstNo + index}`,
        status: p.status,
        root: p.root ?? false,
        resolution: p.hd ? RESOLUTIONS[2]! : DEFAULT_RESOLUTION,
        fault: p.fault ?? null,
      });
    });
  }
}
