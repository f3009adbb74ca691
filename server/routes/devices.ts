import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { insertPhoneToken } from '../data/phone-tokens.ts';
import { ensureDefaultGroup } from '../data/phone-groups.ts';
import { listPhones, movePhone, PHONE_SORTS, renamePhone, setResolution, setRoot } from '../data/phones.ts';
import type { ListedPhoneRow, PhoneSort } from '../data/phones.ts';
import { listGrades } from '../data/products.ts';
import { immediate } from '../data/statements.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { loadStreamablePhone } from '../lib/phone-access.ts';
import { phoneHardware } from '../lib/phone-hardware.ts';
import { groupDisplayName, loadOwnedGroup } from '../lib/phone-groups.ts';
import { batchFailure, batchSuccess, businessStatus, currentOperation, loadOwnedPhone, loadOwnedPhones, openRefusal, operationRefusal } from '../lib/phones.ts';
import { asPositiveInt, languageOf, queryInt, queryPage, readBody, requireName, requirePhoneId, requirePhoneIds } from '../lib/request.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { AppEnv, Deps, Language } from '../lib/types.ts';
import { RESOLUTIONS } from '../../src/devices/device-types.ts';

// The device list and per-phone settings (API.md "Devices"; spec §3 cloud phone fields, §5 names). Operations are in
// phone-operations.ts, screenshots in phone-screenshots.ts, groups in phone-groups.ts; all mirror src/devices/api.ts.

const PHONE = '/api/device/user/phone';
const MAX_PAGE_SIZE = 200;
const DEFAULT_PAGE_SIZE = 50;
const MAX_KEYWORD_LENGTH = 50;
/** Batches that only read or set a flag: a whole page of the list at once. */
const MAX_BATCH = 200;
/** Spec §5/§9: opening a device needs at least 10 minutes of validity. */
export const MIN_OPEN_VALIDITY_MS = 10 * 60 * 1000;
const DEFAULT_TOKEN_SECONDS = 86_400;

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
    root: row.root === 1,
    width: row.width,
    height: row.height,
    dpi: row.dpi,
    operation: currentOperation(row, now),
  };
}

export function deviceRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  // A group or grade id that is not the caller's simply matches nothing (a stale filter must not break the page).
  routes.get(`${PHONE}/list`, tenant, auth, (c) => {
    const user = c.get('user');
    const query = c.req.query();
    const page = queryPage(query, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const sort = (query.sort ?? '').trim() || 'default';
    if (!PHONE_SORTS.includes(sort as PhoneSort)) throw badRequest(`sort must be one of ${PHONE_SORTS.join(', ')}`);
    const keyword = (query.keyword ?? '').trim();
    if ([...keyword].length > MAX_KEYWORD_LENGTH) throw badRequest(`keyword must be at most ${MAX_KEYWORD_LENGTH} characters`);
    const gradeId = queryInt(query.gradeId, 'gradeId');
    const groupId = queryInt(query.groupId, 'groupId');
    ensureDefaultGroup(db, user.id, deps.now());
    const language = languageOf(c);
    const filter = { userId: user.id, tenantId: user.tenant_id, gradeId, groupId, keyword, language };
    const { rows, total } = listPhones(db, filter, sort as PhoneSort, page.pageSize, page.offset);
    const now = deps.now();
    return ok(c, { list: rows.map((row) => phoneJson(row, language, now)), total, serverTime: now });
  });

  routes.get('/api/device/grade/list', tenant, auth, (c) => {
    return ok(c, listGrades(db, c.get('tenantId'), languageOf(c)).map((row) => ({ id: row.id, name: row.name, sort: row.sort })));
  });

  // Names and groups are bookkeeping: allowed in any state, an expired phone included.
  routes.put(`${PHONE}/rename`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const id = requirePhoneId(body.userPhoneId);
    const name = requireName(body.name);
    renamePhone(db, loadOwnedPhone(db, c.get('user'), id).id, name);
    return ok(c, true);
  });

  routes.put(`${PHONE}/set-group`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const user = c.get('user');
    const ids = requirePhoneIds(body.userPhoneIds, MAX_BATCH);
    const phones = loadOwnedPhones(db, user, ids);
    const group = loadOwnedGroup(db, user, asPositiveInt(body.groupId));
    immediate(db, () => phones.forEach((phone) => movePhone(db, phone.id, group.id)));
    return ok(c, ids.map((id) => batchSuccess(id)));
  });

  // Settings change the running system, so they follow the operation rules: not while expired, in maintenance or busy.
  routes.put(`${PHONE}/set-root`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const ids = requirePhoneIds(body.userPhoneIds, MAX_BATCH);
    if (typeof body.root !== 'boolean') throw badRequest('root must be true or false');
    const root = body.root;
    const phones = loadOwnedPhones(db, c.get('user'), ids);
    const now = deps.now();
    const results = immediate(db, () =>
      phones.map((phone) => {
        const refusal = operationRefusal(phone, now, 'command');
        if (refusal) return batchFailure(phone.id, refusal);
        setRoot(db, phone.id, root);
        return batchSuccess(phone.id);
      }),
    );
    return ok(c, results);
  });

  routes.put(`${PHONE}/set-resolution`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const id = requirePhoneId(body.userPhoneId);
    const [width, height, dpi] = [body.width, body.height, body.dpi].map(asPositiveInt);
    const resolution = RESOLUTIONS.find((r) => r.width === width && r.height === height && r.dpi === dpi);
    if (!resolution) throw apiError(ErrorCode.RESOLUTION_INVALID);
    const phone = loadOwnedPhone(db, c.get('user'), id);
    const refusal = operationRefusal(phone, deps.now(), 'command');
    if (refusal) throw apiError(refusal);
    setResolution(db, phone.id, resolution);
    return ok(c, true);
  });

  routes.post(`${PHONE}/status`, tenant, auth, async (c) => {
    const ids = requirePhoneIds((await readBody(c)).userPhoneIds, MAX_BATCH);
    const now = deps.now();
    const phones = loadOwnedPhones(db, c.get('user'), ids);
    return ok(c, phones.map((phone) => ({ userPhoneId: phone.id, businessStatus: businessStatus(phone, now), operation: currentOperation(phone, now) })));
  });

  // A token to open the phone's stream (the stream server checks it). It never outlives the phone's own validity.
  routes.post(`${PHONE}/security-token`, tenant, auth, (c) => {
    const id = requirePhoneId(c.req.query('userPhoneId'));
    const validSeconds = queryInt(c.req.query('validTime'), 'validTime') ?? DEFAULT_TOKEN_SECONDS;
    if (validSeconds > DEFAULT_TOKEN_SECONDS) throw badRequest(`validTime must be 1-${DEFAULT_TOKEN_SECONDS} seconds`);
    const user = c.get('user');
    const now = deps.now();
    // The owner, or a grantee or share viewer: the stream gives each its role (API.md "Streaming").
    const { phone, access } = loadStreamablePhone(db, user, id, now);
    // Expiry, validity, faults, maintenance, offline, a running reset, replacing and migrating (API.md "Devices").
    const refusal = openRefusal(phone, now, MIN_OPEN_VALIDITY_MS);
    if (refusal) throw apiError(refusal);
    const token = newToken();
    const expireTime = Math.min(now + validSeconds * 1000, phone.expire_time, access?.expires_at ?? Infinity);
    insertPhoneToken(db, {
      phoneId: phone.id,
      userId: user.id,
      sessionId: c.get('sessionId'),
      tokenHash: hashToken(token),
      expiresAt: expireTime,
      createdAt: now,
      accessId: access?.id,
    });
    return ok(c, { token, expireTime });
  });

  routes.post(`${PHONE}/get-extend-batch`, tenant, auth, async (c) => {
    const ids = requirePhoneIds((await readBody(c)).userPhoneIds, MAX_BATCH);
    return ok(c, loadOwnedPhones(db, c.get('user'), ids).map(phoneHardware));
  });

  return routes;
}
