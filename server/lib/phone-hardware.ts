// The shape is the client's (shared/device-types.ts): one definition for both ends of get-extend-batch.
import type { PhoneHardware } from '../../shared/device-types.ts';
import type { PhoneIdentity } from '../data/phone-identities.ts';

// get-extend-batch: the phone's stored identity (lib/phone-identity.ts, changed by "new machine") with the memory,
// storage and CPU of its grade.

export { isLuhnValid, luhnCheckDigit } from './phone-identity.ts';

/** Memory and storage follow the grade (1 Standard, 2 Pro, 3 Ultra); an unknown grade gets the Standard sizes. */
export const GRADE_SPECS: Record<number, { ram: string; storage: string; cpu: string }> = {
  1: { ram: '4GB', storage: '64GB', cpu: '4 cores' },
  2: { ram: '8GB', storage: '128GB', cpu: '8 cores' },
  3: { ram: '12GB', storage: '256GB', cpu: '8 cores' },
};

export function phoneHardware(phone: { id: number; grade_id: number }, identity: PhoneIdentity): PhoneHardware {
  const spec = GRADE_SPECS[phone.grade_id] ?? GRADE_SPECS[1]!;
  return {
    userPhoneId: phone.id,
    model: identity.model,
    brand: identity.brand,
    imei: identity.imei,
    serialNo: identity.serialNo,
    wlanMac: identity.wlanMac,
    androidId: identity.androidId,
    systemVersion: identity.systemVersion,
    ...spec,
  };
}
