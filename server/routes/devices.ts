import { flag } from '../db/dialect.ts';
import { Hono } from 'hono';
import * as contract from '../../shared/contract/devices.ts';
import { MIN_OPEN_VALIDITY_MS, RESOLUTIONS } from '../../shared/contract/device-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { insertPhoneToken } from '../data/phone-tokens.ts';
import { ensureDefaultGroup } from '../data/phone-groups.ts';
import { listPhones, movePhone, renamePhone, setResolution, setRoot } from '../data/phones.ts';
import type { ListedPhoneRow } from '../data/phones.ts';
import { listGrades } from '../data/products.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { apiError } from '../lib/errors.ts';
import { loadStreamablePhone } from '../lib/phone-access.ts';
import { phoneHardware } from '../lib/phone-hardware.ts';
import { identityOf } from '../lib/phone-identity.ts';
import { groupDisplayName, loadOwnedGroup } from '../lib/phone-groups.ts';
import { batchFailure, batchSuccess, businessStatus, currentOperation, loadOwnedPhone, loadOwnedPhones, openRefusal, operationRefusal } from '../lib/phones.ts';
import { languageOf } from '../lib/request.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { AppEnv, Deps, Language } from '../lib/types.ts';
import { mapInOrder } from '../lib/in-order.ts';

// The device list and per-phone settings (shared/contract/devices.ts; spec §3 cloud phone fields; names 1-20
// characters, spec §5). Operations are in phone-operations.ts, screenshots in phone-screenshots.ts, groups in
// phone-groups.ts.

function phoneJson(row: ListedPhoneRow, language: Language, now: number) {
  return {
    userPhoneId: row.id,
    phoneNo: row.phone_no,
    name: row.name,
    groupId: row.group_id,
    groupName: groupDisplayName({ name: row.group_name, is_default: row.group_is_default }, language),
    gradeId: row.grade_id,
    gradeName: row.grade_name,
    expireTime: row.expire_time,
    businessStatus: businessStatus(row, now),
    root: flag(row.root),
    width: row.width,
    height: row.height,
    dpi: row.dpi,
    operation: currentOperation(row, now),
  };
}

export function deviceRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  // A group or grade id that is not the caller's simply matches nothing (a stale filter must not break the page).
  contractRoute(routes, deps, contract.listPhones, guard, async (c, { query }) => {
    const user = c.get('user');
    await ensureDefaultGroup(db, user.id, deps.now());
    const language = languageOf(c);
    const { gradeId, groupId, keyword, userPhoneIds } = query;
    const filter = { userId: user.id, tenantId: user.tenant_id, gradeId, groupId, keyword, language, ids: userPhoneIds ?? null };
    const { rows, total } = await listPhones(db, filter, query.sort, query.pageSize, (query.pageNo - 1) * query.pageSize);
    const now = deps.now();
    return { list: rows.map((row) => phoneJson(row, language, now)), total, serverTime: now };
  });

  contractRoute(routes, deps, contract.listGrades, guard, async (c) =>
    (await listGrades(db, c.get('tenantId'), languageOf(c))).map((row) => ({ id: row.id, name: row.name, sort: row.sort })),
  );

  // Names and groups are bookkeeping: allowed in any state, an expired phone included.
  contractRoute(routes, deps, contract.renamePhone, guard, async (c, { body }) => {
    await renamePhone(db, (await loadOwnedPhone(db, c.get('user'), body.userPhoneId)).id, body.name);
    return true;
  });

  contractRoute(routes, deps, contract.setPhonesGroup, guard, async (c, { body }) => {
    const user = c.get('user');
    const phones = await loadOwnedPhones(db, user, body.userPhoneIds);
    const group = await loadOwnedGroup(db, user, body.groupId);
    await db.transaction(async (db) => await mapInOrder(phones, async (phone) => await movePhone(db, phone.id, group.id)));
    return body.userPhoneIds.map((id) => batchSuccess(id));
  });

  // Settings change the running system, so they follow the operation rules: not while expired, in maintenance or busy.
  contractRoute(routes, deps, contract.setPhonesRoot, guard, async (c, { body }) => {
    const phones = await loadOwnedPhones(db, c.get('user'), body.userPhoneIds);
    const now = deps.now();
    return await db.transaction(async (db) =>
      (await mapInOrder(phones, async (phone) => {
        const refusal = operationRefusal(phone, now, 'command');
        if (refusal) return batchFailure(phone.id, refusal);
        await setRoot(db, phone.id, body.root);
        return batchSuccess(phone.id);
      })),
    );
  });

  contractRoute(routes, deps, contract.setPhoneResolution, guard, async (c, { body }) => {
    const { width, height, dpi } = body;
    const resolution = RESOLUTIONS.find((r) => r.width === width && r.height === height && r.dpi === dpi);
    if (!resolution) throw apiError(ErrorCode.RESOLUTION_INVALID);
    const phone = await loadOwnedPhone(db, c.get('user'), body.userPhoneId);
    const refusal = operationRefusal(phone, deps.now(), 'command');
    if (refusal) throw apiError(refusal);
    await setResolution(db, phone.id, resolution);
    return true;
  });

  contractRoute(routes, deps, contract.phoneStatuses, guard, async (c, { body }) => {
    const now = deps.now();
    const phones = await loadOwnedPhones(db, c.get('user'), body.userPhoneIds);
    return phones.map((phone) => ({ userPhoneId: phone.id, businessStatus: businessStatus(phone, now), operation: currentOperation(phone, now) }));
  });

  // A token to open the phone's stream (the stream server checks it). It never outlives the phone's own validity.
  contractRoute(routes, deps, contract.securityToken, guard, async (c, { query }) => {
    const user = c.get('user');
    const now = deps.now();
    // The owner, or a grantee or share viewer: the stream gives each its role (API.md "Streaming").
    const { phone, access } = await loadStreamablePhone(db, user, query.userPhoneId, now);
    // Expiry, validity, faults, maintenance, offline, a running reset, replacing and migrating (API.md "Devices").
    const refusal = openRefusal(phone, now, MIN_OPEN_VALIDITY_MS);
    if (refusal) throw apiError(refusal);
    const token = newToken();
    const expireTime = Math.min(now + query.validTime * 1000, phone.expire_time, access?.expires_at ?? Infinity);
    await insertPhoneToken(db, {
      phoneId: phone.id,
      userId: user.id,
      sessionId: c.get('sessionId'),
      tokenHash: hashToken(token),
      expiresAt: expireTime,
      createdAt: now,
      accessId: access?.id,
    });
    return { token, expireTime };
  });

  contractRoute(routes, deps, contract.phoneHardware, guard, async (c, { body }) =>
    (await mapInOrder((await loadOwnedPhones(db, c.get('user'), body.userPhoneIds)), async (phone) => phoneHardware(phone, await identityOf(db, phone.id, deps.now())))),
  );

  return routes;
}
