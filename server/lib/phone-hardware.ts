import { createHash } from 'node:crypto';
// The shape is the client's (src/devices/device-types.ts): one definition for both ends of get-extend-batch.
import type { PhoneHardware } from '../../src/devices/device-types.ts';

// Plausible fake hardware for get-extend-batch. Everything is drawn from a digest of the phone id, so the answer is
// stable across calls and restarts without storing anything; nothing in the API can change a phone's hardware.

const MODELS = [
  { brand: 'samsung', model: 'SM-G9910', tac: '35376011' },
  { brand: 'Xiaomi', model: 'M2102K1C', tac: '86298205' },
  { brand: 'HUAWEI', model: 'ELS-AN00', tac: '86823504' },
  { brand: 'OPPO', model: 'PEEM00', tac: '86615905' },
  { brand: 'vivo', model: 'V2055A', tac: '86736305' },
  { brand: 'Google', model: 'Pixel 6', tac: '35260911' },
] as const;

const ANDROID_VERSIONS = ['Android 10', 'Android 11', 'Android 12', 'Android 13'] as const;

/** Memory and storage follow the grade (1 Standard, 2 Pro, 3 Ultra); an unknown grade gets the Standard sizes. */
export const GRADE_SPECS: Record<number, { ram: string; storage: string; cpu: string }> = {
  1: { ram: '4GB', storage: '64GB', cpu: '4 cores' },
  2: { ram: '8GB', storage: '128GB', cpu: '8 cores' },
  3: { ram: '12GB', storage: '256GB', cpu: '8 cores' },
};

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


export function phoneHardware(phone: { id: number; grade_id: number }): PhoneHardware {
  const bytes = createHash('sha256').update(`hardware:${phone.id}`).digest();
  const pick = <T>(list: readonly T[], byte: number): T => list[bytes[byte]! % list.length]!;
  const model = pick(MODELS, 0);
  const serialDigits = Array.from(bytes.subarray(2, 8), (b) => String(b % 10)).join('');
  const imeiPayload = model.tac + serialDigits;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  const serialNo = Array.from(bytes.subarray(8, 20), (b) => alphabet[b % alphabet.length]).join('');
  // A locally administered unicast address (second bit of the first octet set, first bit clear), as Android's
  // randomised Wi-Fi MACs are.
  const mac = Array.from(bytes.subarray(20, 26));
  mac[0] = (mac[0]! & 0xfc) | 0x02;
  const spec = GRADE_SPECS[phone.grade_id] ?? GRADE_SPECS[1]!;
  return {
    userPhoneId: phone.id,
    model: model.model,
    brand: model.brand,
    imei: imeiPayload + String(luhnCheckDigit(imeiPayload)),
    serialNo,
    wlanMac: mac.map((b) => b.toString(16).padStart(2, '0')).join(':'),
    androidId: createHash('sha256').update(`android-id:${phone.id}`).digest('hex').slice(0, 16),
    systemVersion: pick(ANDROID_VERSIONS, 1),
    ...spec,
  };
}
