import type { MockParam, MockType } from '../../shared/contract/new-machine-words.ts';
import type { Db } from '../lib/types.ts';

// Stored phone identities and the record of model changes (migration 23; lib/phone-identity.ts, lib/new-machine.ts).

export interface PhoneIdentity {
  modelId: number;
  manufacturer: string;
  brand: string;
  model: string;
  marketName: string;
  systemVersion: string;
  imei: string;
  serialNo: string;
  wlanMac: string;
  androidId: string;
}

interface IdentityRow {
  model_id: number;
  manufacturer: string;
  brand: string;
  model: string;
  market_name: string;
  system_version: string;
  imei: string;
  serial_no: string;
  wlan_mac: string;
  android_id: string;
}

const fromRow = (row: IdentityRow): PhoneIdentity => ({
  modelId: row.model_id,
  manufacturer: row.manufacturer,
  brand: row.brand,
  model: row.model,
  marketName: row.market_name,
  systemVersion: row.system_version,
  imei: row.imei,
  serialNo: row.serial_no,
  wlanMac: row.wlan_mac,
  androidId: row.android_id,
});

export async function findIdentity(db: Db, phoneId: number): Promise<PhoneIdentity | undefined> {
  const row = await db.get('SELECT * FROM phone_identities WHERE phone_id = ?', phoneId) as IdentityRow | undefined;
  return row && fromRow(row);
}

/**
 * Writes the phone's identity (new or replacing its old one). A value another phone holds fails with SQLite's
 * "UNIQUE constraint failed: phone_identities.<column>", which the generator answers by drawing again.
 */
export async function saveIdentity(db: Db, phoneId: number, identity: PhoneIdentity, now: number): Promise<void> {
  await db.run(`INSERT INTO phone_identities (phone_id, model_id, manufacturer, brand, model, market_name, system_version, imei, serial_no, wlan_mac, android_id, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (phone_id) DO UPDATE SET model_id = excluded.model_id, manufacturer = excluded.manufacturer, brand = excluded.brand,
       model = excluded.model, market_name = excluded.market_name, system_version = excluded.system_version, imei = excluded.imei,
       serial_no = excluded.serial_no, wlan_mac = excluded.wlan_mac, android_id = excluded.android_id, updated_at = excluded.updated_at`, phoneId,
    identity.modelId,
    identity.manufacturer,
    identity.brand,
    identity.model,
    identity.marketName,
    identity.systemVersion,
    identity.imei,
    identity.serialNo,
    identity.wlanMac,
    identity.androidId,
    now,
  );
}

export interface NewMockLog {
  tenantId: number;
  userId: number;
  phoneId: number;
  phoneName: string;
  createdAt: number;
  mockType: MockType;
  beforeModel: string;
  afterModel: string;
  params: readonly MockParam[];
  code: number;
}

export async function insertMockLog(db: Db, log: NewMockLog): Promise<void> {
  await db.run(`INSERT INTO phone_mock_logs (tenant_id, user_id, phone_id, phone_name, created_at, mock_type, before_model, after_model, params, code)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, log.tenantId, log.userId, log.phoneId, log.phoneName, log.createdAt, log.mockType, log.beforeModel, log.afterModel, log.params.join(','), log.code);
}

export interface MockLogRow {
  id: number;
  phone_id: number;
  phone_name: string;
  created_at: number;
  mock_type: MockType;
  before_model: string;
  after_model: string;
  params: string;
  code: number;
}

/** The user's record in the tenant, newest first, of one phone when `phoneId` is given. */
export async function mockLogs(db: Db, userId: number, tenantId: number, phoneId: number | null, limit: number, offset: number): Promise<{ rows: MockLogRow[]; total: number }> {
  const where = 'WHERE user_id = ? AND tenant_id = ? AND (CAST(? AS BIGINT) IS NULL OR phone_id = ?)';
  const args = [userId, tenantId, phoneId, phoneId];
  const rows = await db.all(`SELECT * FROM phone_mock_logs ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, ...args, limit, offset) as MockLogRow[];
  const total = await db.value(`SELECT COUNT(*) FROM phone_mock_logs ${where}`, ...args) as number;
  return { rows, total };
}
