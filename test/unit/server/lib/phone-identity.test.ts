import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { openDatabase } from '../../../../server/db/index.ts';
import { seed } from '../../../../server/db/seed.ts';
import { insertPhone } from '../../../../server/data/phones.ts';
import { findIdentity } from '../../../../server/data/phone-identities.ts';
import { CATALOGUE, serialPattern, serialStyleOf } from '../../../../server/lib/model-catalogue.ts';
import {
  androidId, changedIdentity, cryptoDraw, firstIdentity, generateUnique, identityOf, imeiFor, isLuhnValid, luhnCheckDigit, newIdentity, seededDraw, serialNumber, wlanMac,
  type Draw,
} from '../../../../server/lib/phone-identity.ts';
import { DEMO_MOBILE, rejection } from '../helpers.ts';
import { UniqueViolation } from '../../../../server/db/engine.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// lib/phone-identity.ts: every generated value is valid for its kind, and identities are unique across the fleet
// (the UNIQUE indexes decide; the generator draws again on a collision).

const NOW = Date.UTC(2025, 0, 1);

async function fleet(count: number) {
  const db = openDatabase(':memory:');
  await seed(db, NOW);
  const user = await db.get('SELECT id, tenant_id FROM users WHERE tenant_id = 1 AND mobile = ?', DEMO_MOBILE) as { id: number; tenant_id: number };
  const group = await db.value('SELECT id FROM phone_groups WHERE user_id = ? LIMIT 1', user.id) as number;
  const ids = await db.transaction(async (db) =>
    mapInOrder(Array.from({ length: count }, (_, i) => i), async (i) =>
      await insertPhone(db, {
        tenantId: user.tenant_id, userId: user.id, groupId: group, gradeId: 1, name: `Fleet ${i}`, expireTime: NOW + 1e9, createdAt: NOW,
        resolution: { width: 720, height: 1280, dpi: 320 },
      }),
    ),
  );
  return { db, ids };
}

test('each kind of value is valid: Luhn IMEIs with the model TAC, unicast local MACs, Android IDs, serials in the maker style', () => {
  for (let i = 0; i < 2000; i++) {
    const model = CATALOGUE[i % CATALOGUE.length]!;
    const identity = newIdentity(model, cryptoDraw);
    assert.match(identity.imei, /^\d{15}$/);
    assert.ok(isLuhnValid(identity.imei), identity.imei);
    assert.ok(identity.imei.startsWith(model.tac));
    const first = parseInt(identity.wlanMac.slice(0, 2), 16);
    assert.is(first & 1, 0, 'unicast');
    assert.is(first & 2, 2, 'locally administered');
    assert.match(identity.wlanMac, /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
    assert.match(identity.androidId, /^[0-9a-f]{16}$/);
    assert.match(identity.serialNo, serialPattern(serialStyleOf(model.manufacturer)));
  }
  assert.match(serialNumber('Samsung', cryptoDraw), /^R\d\d[A-Z][A-Z0-9]{7}$/);
  assert.match(serialNumber('Xiaomi', cryptoDraw), /^[0-9a-f]{8}$/);
  assert.ok(isLuhnValid(imeiFor('35376011', seededDraw('x'))));
  assert.match(wlanMac(seededDraw('y')), /^[0-9a-f][26ae]:/);
  assert.match(androidId(seededDraw('z')), /^[0-9a-f]{16}$/);
});

test('a phone\'s first identity is drawn from its id (the same on every machine) and stored on first read', async () => {
  const a = await fleet(3);
  const b = await fleet(3);
  const first = (await mapInOrder(a.ids, async (id) => await identityOf(a.db, id, NOW)));
  assert.equal((await mapInOrder(b.ids, async (id) => await identityOf(b.db, id, NOW))), first);
  assert.equal(await findIdentity(a.db, a.ids[0]!), first[0]);
});

test('uniqueness over 10,000 identities: first ones and changes, every field distinct across the fleet', async () => {
  const { db, ids } = await fleet(5000);
  const all = await db.transaction(async (db) => [
    ...(await mapInOrder(ids, async (id) => await identityOf(db, id, NOW))),
    // A change of each phone: the old values are freed, the new ones must not meet any other phone's.
    ...(await mapInOrder(ids, async (id) => {
      const before = (await findIdentity(db, id))!;
      return await generateUnique(db, id, () => changedIdentity(before, 'ALL', cryptoDraw), NOW);
    })),
  ]);
  assert.is(all.length, 10_000);
  const stored = await db.all('SELECT imei, serial_no, wlan_mac, android_id FROM phone_identities') as Array<Record<string, string>>;
  for (const column of ['imei', 'serial_no', 'wlan_mac', 'android_id']) {
    assert.is(new Set(stored.map((row) => row[column])).size, stored.length, column);
  }
  for (const identity of all) assert.ok(isLuhnValid(identity.imei));
});

test('a collision is drawn again: the second phone cannot take the first one\'s values', async () => {
  const { db, ids } = await fleet(2);
  const taken = await identityOf(db, ids[0]!, NOW);
  let attempts = 0;
  // The first draw repeats phone 0's identity exactly; the next ones are fresh.
  const again = await generateUnique(db, ids[1]!, (attempt) => {
    attempts++;
    return attempt === 0 ? taken : newIdentity(CATALOGUE[0]!, cryptoDraw);
  }, NOW);
  assert.is(attempts, 2);
  assert.is.not(again.imei, taken.imei);
  const constant: Draw = () => 0;
  const same = newIdentity(CATALOGUE[0]!, constant);
  await generateUnique(db, ids[0]!, () => same, NOW);
  assert.instance(await rejection(generateUnique(db, ids[1]!, () => same, NOW)), UniqueViolation);
});

/** get-extend-batch's hardware as it was derived from the phone id before identities were stored (commit e055026). */
function derivedHardware(id: number) {
  const models = [
    { brand: 'samsung', model: 'SM-G9910', tac: '35376011' },
    { brand: 'Xiaomi', model: 'M2102K1C', tac: '86298205' },
    { brand: 'HUAWEI', model: 'ELS-AN00', tac: '86823504' },
    { brand: 'OPPO', model: 'PEEM00', tac: '86615905' },
    { brand: 'vivo', model: 'V2055A', tac: '86736305' },
    { brand: 'Google', model: 'Pixel 6', tac: '35260911' },
  ];
  const bytes = createHash('sha256').update(`hardware:${id}`).digest();
  const model = models[bytes[0]! % models.length]!;
  const payload = model.tac + Array.from(bytes.subarray(2, 8), (b) => String(b % 10)).join('');
  const mac = Array.from(bytes.subarray(20, 26));
  mac[0] = (mac[0]! & 0xfc) | 0x02;
  return {
    brand: model.brand,
    model: model.model,
    imei: payload + String(luhnCheckDigit(payload)),
    wlanMac: mac.map((b) => b.toString(16).padStart(2, '0')).join(':'),
    androidId: createHash('sha256').update(`android-id:${id}`).digest('hex').slice(0, 16),
  };
}

test('a first identity keeps the model, IMEI, WLAN MAC and Android ID the phone id gave before they were stored', async () => {
  const models = new Set<string>();
  for (const id of [1, 2, 3, 7, 42, 100, 1234, 99999]) {
    const first = firstIdentity(id);
    const old = derivedHardware(id);
    assert.equal([first.model, first.brand.toLowerCase(), first.imei, first.wlanMac, first.androidId], [old.model, old.brand.toLowerCase(), old.imei, old.wlanMac, old.androidId], `phone ${id}`);
    assert.ok(isLuhnValid(first.imei));
    assert.match(first.serialNo, serialPattern(serialStyleOf(first.manufacturer)));
    assert.is(first.systemVersion, CATALOGUE.find((model) => model.modelId === first.modelId)!.systemVersion);
    models.add(first.model);
  }
  assert.ok(models.size > 2, 'several models');
  const { db, ids } = await fleet(2);
  assert.equal(await identityOf(db, ids[0]!, NOW), firstIdentity(ids[0]!), 'the first read stores it');
});

test.run();
