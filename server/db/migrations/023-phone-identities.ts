import type { Migration } from './migration.ts';

export const migration023: Migration = {
  version: 23,
  name: 'stored phone identities (model, IMEI, serial, WLAN MAC, Android ID) and the record of model changes',
  // A phone's identity is stored because a change of model ("new machine") must be able to set it. Every identity
  // field is unique across the platform, and the generator draws again on a collision (lib/phone-identity.ts). Rows
  // are made when a phone's identity is first read (lib/phone-identity.ts `identityOf`), for the phones already there
  // as for every new one: the generator is code (Luhn digits, the makers' serial styles) that this SQL-only step
  // cannot run, and one generator for all rows keeps them alike.
  // The record keeps the phone's id and name as they were: it outlives the phone.
  sql: `
      CREATE TABLE phone_identities (
        phone_id INTEGER PRIMARY KEY REFERENCES phones(id) ON DELETE CASCADE,
        model_id INTEGER NOT NULL,
        manufacturer TEXT NOT NULL,
        brand TEXT NOT NULL,
        model TEXT NOT NULL,
        market_name TEXT NOT NULL,
        system_version TEXT NOT NULL,
        imei TEXT NOT NULL,
        serial_no TEXT NOT NULL,
        wlan_mac TEXT NOT NULL,
        android_id TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX phone_identities_imei ON phone_identities (imei);
      CREATE UNIQUE INDEX phone_identities_serial_no ON phone_identities (serial_no);
      CREATE UNIQUE INDEX phone_identities_wlan_mac ON phone_identities (wlan_mac);
      CREATE UNIQUE INDEX phone_identities_android_id ON phone_identities (android_id);

      CREATE TABLE phone_mock_logs (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        phone_id INTEGER NOT NULL,
        phone_name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        mock_type TEXT NOT NULL CHECK (mock_type IN ('ALL', 'IMEI', 'WLAN_MAC', 'ANDROID_ID', 'SERIAL_NO')),
        before_model TEXT NOT NULL,
        after_model TEXT NOT NULL,
        params TEXT NOT NULL,
        code INTEGER NOT NULL
      );
      CREATE INDEX phone_mock_logs_user ON phone_mock_logs (user_id, id);
  `,
};
