import { ErrorCode } from '../../shared/error-codes.ts';
import { accessiblePhone } from '../data/phone-access.ts';
import type { PhoneAccessRow } from '../data/phone-access.ts';
import { phonesOfUser } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import { apiError } from './errors.ts';
import type { Db, UserRow } from './types.ts';

/**
 * The phone a user may open a stream to: their own, or one a grant or share lets them watch or control. Someone
 * with no access gets the same "device does not exist" as for a phone of another account, so ids reveal nothing.
 */
export async function loadStreamablePhone(db: Db, user: UserRow, id: number, now: number): Promise<{ phone: PhoneRow; access: PhoneAccessRow | null }> {
  const owned = (await phonesOfUser(db, user.id, user.tenant_id, [id]))[0];
  if (owned) return { phone: owned, access: null };
  const lent = await accessiblePhone(db, user.id, user.tenant_id, id, now);
  if (!lent) throw apiError(ErrorCode.DEVICE_NOT_EXIST);
  return lent;
}
