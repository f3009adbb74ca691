import { createHash, randomInt } from 'node:crypto';
import type { MockType } from '../../shared/contract/new-machine-words.ts';
import { findIdentity, saveIdentity, type PhoneIdentity } from '../data/phone-identities.ts';
import { CATALOGUE, findModel, serialStyleOf, type CatalogueModel } from './model-catalogue.ts';
import { UniqueViolation } from '../db/engine.ts';
import type { Db } from './types.ts';

// A phone's identity (spec §3): its model and the values apps read to tell devices apart, each valid for its kind and
// unique across the platform (migration 23's UNIQUE indexes; generateUnique draws again on a collision). The
// generators are pure given a source of random integers, so tests can drive them.

/** A uniform integer in [0, max). */
export type Draw = (max: number) => number;

export const cryptoDraw: Draw = (max) => randomInt(0, max);

/**
 * A repeatable source drawn from a digest of `seed`: a phone's first identity comes from its id, so a seeded
 * database gives the same phones the same identities on every machine (the tests and the screenshots rely on it).
 */
export function seededDraw(seed: string): Draw {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let at = 0;
  return (max) => {
    if (at + 4 > bytes.length) {
      bytes = createHash('sha256').update(`${seed}:${block++}`).digest();
      at = 0;
    }
    const value = bytes.readUInt32BE(at);
    at += 4;
    return value % max;
  };
}

/** The Luhn check digit that makes `digits` + it a valid number (IMEIs use it). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubling starts at the rightmost digit of the payload, since the check digit will follow it.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(number: string): boolean {
  return /^\d+$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1));
}

const digits = (count: number, draw: Draw) => Array.from({ length: count }, () => String(draw(10))).join('');

/** The model's TAC, a 6-digit serial and the Luhn check digit: 15 digits. */
export function imeiFor(tac: string, draw: Draw): string {
  const payload = tac + digits(14 - tac.length, draw);
  return payload + String(luhnCheckDigit(payload));
}

/** A unicast, locally administered address (first octet: bit 0 clear, bit 1 set), as Android's randomised ones are. */
export function wlanMac(draw: Draw): string {
  const octets = Array.from({ length: 6 }, () => draw(256));
  octets[0] = (octets[0]! & 0xfc) | 0x02;
  return octets.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** Settings.Secure.ANDROID_ID: 64 bits as 16 lower-case hex digits. */
export function androidId(draw: Draw): string {
  return Array.from({ length: 16 }, () => draw(16).toString(16)).join('');
}

const UPPER = 'ABCDEFGHIJKLMNPQRSTUVWXYZ';
const UPPER_OR_DIGIT = `${UPPER}0123456789`;

/** A serial number in the style of the model's maker (model-catalogue.ts `SerialStyle`). */
export function serialNumber(manufacturer: string, draw: Draw): string {
  const pick = (alphabet: string) => alphabet[draw(alphabet.length)]!;
  const of: Record<string, () => string> = {
    '#': () => String(draw(10)),
    A: () => pick(UPPER),
    X: () => pick(UPPER_OR_DIGIT),
    h: () => draw(16).toString(16),
  };
  return [...serialStyleOf(manufacturer)].map((c) => of[c]?.() ?? c).join('');
}

/** A model of the catalogue other than `except` (a change must change it). */
export function randomModel(draw: Draw, except?: number): CatalogueModel {
  const choices = CATALOGUE.filter((model) => model.modelId !== except);
  return choices[draw(choices.length)]!;
}

/** Every field new, for `model`. */
export function newIdentity(model: CatalogueModel, draw: Draw): PhoneIdentity {
  return {
    modelId: model.modelId,
    manufacturer: model.manufacturer,
    brand: model.brand,
    model: model.model,
    marketName: model.marketName,
    systemVersion: model.systemVersion,
    imei: imeiFor(model.tac, draw),
    serialNo: serialNumber(model.manufacturer, draw),
    wlanMac: wlanMac(draw),
    androidId: androidId(draw),
  };
}

/**
 * The identity after a change: ALL is a new model (`chosen`, or a random one other than the current) with every
 * field new; one field draws that field again and keeps the rest (an IMEI keeps the model's TAC).
 */
export function changedIdentity(current: PhoneIdentity, type: MockType, draw: Draw, chosen?: CatalogueModel): PhoneIdentity {
  if (type === 'ALL') return newIdentity(chosen ?? randomModel(draw, current.modelId), draw);
  const tac = CATALOGUE.find((model) => model.modelId === current.modelId)?.tac ?? current.imei.slice(0, 8);
  if (type === 'IMEI') return { ...current, imei: imeiFor(tac, draw) };
  if (type === 'WLAN_MAC') return { ...current, wlanMac: wlanMac(draw) };
  if (type === 'ANDROID_ID') return { ...current, androidId: androidId(draw) };
  return { ...current, serialNo: serialNumber(current.manufacturer, draw) };
}

/** The unique indexes an identity's drawn values must not meet (migration 23). */
const DRAWN_KEYS = new Set(['phone_identities_imei', 'phone_identities_serial_no', 'phone_identities_wlan_mac', 'phone_identities_android_id']);
const ATTEMPTS = 20;

/**
 * Stores the identity `make` draws for the phone, drawing again (with the attempt number) while one of its values is
 * another phone's: the UNIQUE indexes decide, so two writers cannot both take a value. Returns what was stored.
 */
export async function generateUnique(db: Db, phoneId: number, make: (attempt: number) => PhoneIdentity, now: number): Promise<PhoneIdentity> {
  for (let attempt = 0; ; attempt++) {
    const identity = make(attempt);
    try {
      // A step of its own: PostgreSQL accepts nothing more in a transaction after a failed statement.
      await db.transaction((step) => saveIdentity(step, phoneId, identity, now));
      return identity;
    } catch (error) {
      if (!(error instanceof UniqueViolation && DRAWN_KEYS.has(error.constraint)) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The catalogue models a first identity is derived among, in this order (firstIdentity's digest picks one). */
const FIRST_MODELS = [101, 201, 301, 401, 501, 601] as const;

/**
 * A phone's first identity, from a digest of its id: the model, IMEI, WLAN MAC and Android ID that get-extend-batch
 * answered for the phone before identities were stored, so a database upgraded to stored identities shows the same
 * values. The serial number follows its maker's style and the Android version its model, as every stored identity.
 */
export function firstIdentity(phoneId: number): PhoneIdentity {
  const bytes = createHash('sha256').update(`hardware:${phoneId}`).digest();
  const model = findModel(FIRST_MODELS[bytes[0]! % FIRST_MODELS.length]!)!;
  const payload = model.tac + Array.from(bytes.subarray(2, 8), (b) => String(b % 10)).join('');
  const mac = Array.from(bytes.subarray(20, 26));
  mac[0] = (mac[0]! & 0xfc) | 0x02;
  return {
    ...newIdentity(model, seededDraw(`identity:${phoneId}`)),
    imei: payload + String(luhnCheckDigit(payload)),
    wlanMac: mac.map((b) => b.toString(16).padStart(2, '0')).join(':'),
    androidId: createHash('sha256').update(`android-id:${phoneId}`).digest('hex').slice(0, 16),
  };
}

/**
 * The phone's stored identity, made on first read (any phone, however it was inserted: provisioning, seeds, tests).
 * The first draw comes from the phone's id (firstIdentity); a collision falls back to fresh random draws.
 */
export async function identityOf(db: Db, phoneId: number, now: number): Promise<PhoneIdentity> {
  const stored = await findIdentity(db, phoneId);
  if (stored) return stored;
  return await generateUnique(db, phoneId, (attempt) => (attempt === 0 ? firstIdentity(phoneId) : newIdentity(randomModel(cryptoDraw), cryptoDraw)), now);
}
