import type { Migration } from './migration.ts';

export const migration009: Migration = {
  version: 9,
  name: 'phone faults (malfunction, disconnected) and activation codes bound to one phone',
  // A fault is what the platform reports about a phone's host, apart from the device status the user manages (online,
  // offline, maintenance, ...): the list shows the nearest status (API.md "Devices"), while opening or operating the
  // phone answers the fault's own message ("Device malfunction", "The device is not connected"). bound_phone_id has no
  // foreign key, like user_phone_id: a code bound to a phone that was removed stays bound to it, and so renews
  // nothing, rather than blocking the removal or becoming usable on any phone.
  sql: `
      ALTER TABLE phones ADD COLUMN fault TEXT CHECK (fault IN ('malfunction', 'disconnected'));
      ALTER TABLE activation_codes ADD COLUMN bound_phone_id INTEGER;
  `,
};
