import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { phoneHardware } from '../lib/phone-hardware.ts';
import { ensureDefaultGroup, groupDisplayName, loadOwnedGroup } from '../lib/phone-groups.ts';
import {
  batchFailure,
  batchSuccess,
  businessStatus,
  currentOperation,
  deviceError,
  loadOwnedPhone,
  loadOwnedPhones,
  operationRefusal,
  requirePhoneId,
  requirePhoneIds,
  RESOLUTIONS,
} from '../lib/phones.ts';
import type { PhoneRow } from '../lib/phones.ts';
import { asPositiveInt, languageOf, readBody, requireName } from '../lib/request.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { AppEnv, Deps, Language } from '../lib/types.ts';

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

const SORTS = {
  default: 'p.id',
  expireAsc: 'p.expire_time, p.id',
  expireDesc: 'p.expire_time DESC, p.id DESC',
} as const;

type ListedRow = PhoneRow & { group_name: string; group_is_default: number; grade_name: string };

/** A grade's name in the request language, else its zh-CN name (the product default), else empty. */
const GRADE_NAME = `COALESCE(
  (SELECT name FROM grade_names WHERE tenant_id = p.tenant_id AND grade_id = p.grade_id AND language = @language),
  (SELECT name FROM grade_names WHERE tenant_id = p.tenant_id AND grade_id = p.grade_id AND language = 'zh-CN'), '')`;

function phoneJson(row: ListedRow, language: Language, now: number) {
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

/** An optional positive-integer query value; present but malformed is the caller's mistake (400). */
function optionalInt(value: string | undefined, name: string): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = asPositiveInt(value);
  if (n === null) throw badRequest(`${name} must be a positive integer`);
  return n;
}

/** LIKE treats % and _ as wildcards; a keyword containing them must match them literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function deviceRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  routes.get(`${PHONE}/list`, tenant, auth, (c) => {
    const user = c.get('user');
    const query = c.req.query();
    const pageNo = optionalInt(query.pageNo, 'pageNo') ?? 1;
    const pageSize = optionalInt(query.pageSize, 'pageSize') ?? DEFAULT_PAGE_SIZE;
    if (pageSize > MAX_PAGE_SIZE) throw badRequest(`pageSize must be 1-${MAX_PAGE_SIZE}`);
    const sort = (query.sort ?? '').trim() || 'default';
    if (!Object.hasOwn(SORTS, sort)) throw badRequest(`sort must be one of ${Object.keys(SORTS).join(', ')}`);
    const keyword = (query.keyword ?? '').trim();
    if ([...keyword].length > MAX_KEYWORD_LENGTH) throw badRequest(`keyword must be at most ${MAX_KEYWORD_LENGTH} characters`);
    const gradeId = optionalInt(query.gradeId, 'gradeId');
    const groupId = optionalInt(query.groupId, 'groupId');
    ensureDefaultGroup(db, user.id, deps.now());

    // A group or grade id that is not the caller's simply matches nothing (a stale filter must not break the page).
    const where = ['p.user_id = @userId', 'p.tenant_id = @tenantId'];
    if (gradeId !== null) where.push('p.grade_id = @gradeId');
    if (groupId !== null) where.push('p.group_id = @groupId');
    if (keyword) where.push("(p.phone_no LIKE @pattern ESCAPE '\\' OR p.name LIKE @pattern ESCAPE '\\')");
    const params = { userId: user.id, tenantId: user.tenant_id, gradeId, groupId, pattern: likePattern(keyword), language: languageOf(c) };
    const condition = where.join(' AND ');
    const total = db.prepare(`SELECT COUNT(*) FROM phones p WHERE ${condition}`).pluck().get(params) as number;
    const rows = db
      .prepare(
        `SELECT p.*, g.name AS group_name, g.is_default AS group_is_default, ${GRADE_NAME} AS grade_name
         FROM phones p JOIN phone_groups g ON g.id = p.group_id
         WHERE ${condition} ORDER BY ${SORTS[sort as keyof typeof SORTS]} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit: pageSize, offset: (pageNo - 1) * pageSize }) as ListedRow[];
    const now = deps.now();
    return ok(c, { list: rows.map((row) => phoneJson(row, params.language, now)), total, serverTime: now });
  });

  routes.get('/api/device/grade/list', tenant, auth, (c) => {
    const rows = db
      .prepare(
        `SELECT g.id, g.sort, COALESCE(
           (SELECT name FROM grade_names WHERE tenant_id = g.tenant_id AND grade_id = g.id AND language = ?),
           (SELECT name FROM grade_names WHERE tenant_id = g.tenant_id AND grade_id = g.id AND language = 'zh-CN'), '') AS name
         FROM grades g WHERE g.tenant_id = ? ORDER BY g.sort, g.id`,
      )
      .all(languageOf(c), c.get('tenantId')) as Array<{ id: number; name: string; sort: number }>;
    return ok(c, rows.map((row) => ({ id: row.id, name: row.name, sort: row.sort })));
  });

  // Names and groups are bookkeeping: allowed in any state, an expired phone included.
  routes.put(`${PHONE}/rename`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const id = requirePhoneId(body.userPhoneId);
    const name = requireName(body.name);
    const phone = loadOwnedPhone(db, c.get('user'), id);
    db.prepare('UPDATE phones SET name = ? WHERE id = ?').run(name, phone.id);
    return ok(c, true);
  });

  routes.put(`${PHONE}/set-group`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const user = c.get('user');
    const ids = requirePhoneIds(body.userPhoneIds, MAX_BATCH);
    const phones = loadOwnedPhones(db, user, ids);
    const group = loadOwnedGroup(db, user, asPositiveInt(body.groupId));
    const move = db.prepare('UPDATE phones SET group_id = ? WHERE id = ?');
    db.transaction(() => phones.forEach((phone) => move.run(group.id, phone.id))).immediate();
    return ok(c, ids.map((id) => batchSuccess(id)));
  });

  // Settings change the running system, so they follow the operation rules: not while expired, in maintenance or busy.
  routes.put(`${PHONE}/set-root`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const ids = requirePhoneIds(body.userPhoneIds, MAX_BATCH);
    if (typeof body.root !== 'boolean') throw badRequest('root must be true or false');
    const root = body.root ? 1 : 0;
    const phones = loadOwnedPhones(db, c.get('user'), ids);
    const now = deps.now();
    const update = db.prepare('UPDATE phones SET root = ? WHERE id = ?');
    const results = db.transaction(() =>
      phones.map((phone) => {
        const refusal = operationRefusal(phone, now);
        if (refusal) return batchFailure(phone.id, refusal);
        update.run(root, phone.id);
        return batchSuccess(phone.id);
      }),
    ).immediate();
    return ok(c, results);
  });

  routes.put(`${PHONE}/set-resolution`, tenant, auth, async (c) => {
    const body = await readBody(c);
    const id = requirePhoneId(body.userPhoneId);
    const [width, height, dpi] = [body.width, body.height, body.dpi].map(asPositiveInt);
    const resolution = RESOLUTIONS.find((r) => r.width === width && r.height === height && r.dpi === dpi);
    if (!resolution) throw deviceError(ErrorCode.RESOLUTION_INVALID);
    const phone = loadOwnedPhone(db, c.get('user'), id);
    const refusal = operationRefusal(phone, deps.now());
    if (refusal) throw deviceError(refusal);
    db.prepare('UPDATE phones SET width = ?, height = ?, dpi = ? WHERE id = ?').run(resolution.width, resolution.height, resolution.dpi, phone.id);
    return ok(c, true);
  });

  routes.post(`${PHONE}/status`, tenant, auth, async (c) => {
    const ids = requirePhoneIds((await readBody(c)).userPhoneIds, MAX_BATCH);
    const now = deps.now();
    const phones = loadOwnedPhones(db, c.get('user'), ids);
    return ok(c, phones.map((phone) => ({ userPhoneId: phone.id, businessStatus: businessStatus(phone, now), operation: currentOperation(phone, now) })));
  });

  // A token to open the phone (issue 6 verifies it). It never outlives the phone's own validity.
  routes.post(`${PHONE}/security-token`, tenant, auth, (c) => {
    const id = requirePhoneId(c.req.query('userPhoneId'));
    const validSeconds = optionalInt(c.req.query('validTime'), 'validTime') ?? DEFAULT_TOKEN_SECONDS;
    if (validSeconds > DEFAULT_TOKEN_SECONDS) throw badRequest(`validTime must be 1-${DEFAULT_TOKEN_SECONDS} seconds`);
    const user = c.get('user');
    const phone = loadOwnedPhone(db, user, id);
    const now = deps.now();
    const status = businessStatus(phone, now);
    if (status === 'expired') throw deviceError(ErrorCode.DEVICE_EXPIRED);
    if (phone.expire_time - now < MIN_OPEN_VALIDITY_MS) throw deviceError(ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES);
    if (status === 'maintenance') throw deviceError(ErrorCode.DEVICE_MAINTENANCE);
    if (status === 'offline') throw deviceError(ErrorCode.DEVICE_OFFLINE);
    const token = newToken();
    const expireTime = Math.min(now + validSeconds * 1000, phone.expire_time);
    db.prepare('INSERT INTO phone_security_tokens (phone_id, user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)').run(
      phone.id,
      user.id,
      hashToken(token),
      expireTime,
      now,
    );
    return ok(c, { token, expireTime });
  });

  routes.post(`${PHONE}/get-extend-batch`, tenant, auth, async (c) => {
    const ids = requirePhoneIds((await readBody(c)).userPhoneIds, MAX_BATCH);
    return ok(c, loadOwnedPhones(db, c.get('user'), ids).map(phoneHardware));
  });

  return routes;
}
