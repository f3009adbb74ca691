/**
 * Device, operation, screenshot and group calls (spec §7 "Devices"; server/API.md "Devices").
 * Server: server/routes/devices.ts, phone-operations.ts, phone-screenshots.ts, phone-groups.ts. Client: src/devices/api.ts.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { BatchEntry, coded, Done, Flag, Id, idList, LookupId, Name, OptionalId, paging, unreservedName } from './fields.ts';
import { endpoint } from './endpoint.ts';
import {
  BUSINESS_STATUSES, DEFAULT_GROUP_NAMES, OPERATION_BATCH_LIMIT, OPERATION_TYPES, PHONE_KEYWORD_MAX, PHONE_PAGE_SIZE, PHONE_SORTS,
  PROGRESS_TASK_TYPES, READ_BATCH_LIMIT, SCREENSHOT_BATCH_LIMIT,
} from './device-words.ts';

const PHONE = '/api/device/user/phone';
const GROUP = '/api/device/phone-group';

export const Operation = v.strictObject({ type: v.picklist(OPERATION_TYPES), progress: v.number(), startedAt: v.number() });

export const Phone = v.strictObject({
  userPhoneId: v.number(),
  phoneNo: v.string(),
  name: v.string(),
  groupId: v.number(),
  groupName: v.string(),
  gradeId: v.number(),
  gradeName: v.string(),
  expireTime: v.number(),
  businessStatus: v.picklist(BUSINESS_STATUSES),
  root: v.boolean(),
  width: v.number(),
  height: v.number(),
  dpi: v.number(),
  operation: v.nullable(Operation),
});

export const PhoneHardware = v.strictObject({
  userPhoneId: v.number(),
  model: v.string(),
  brand: v.string(),
  imei: v.string(),
  serialNo: v.string(),
  wlanMac: v.string(),
  androidId: v.string(),
  systemVersion: v.string(),
  ram: v.string(),
  storage: v.string(),
  cpu: v.string(),
});

/** A blank text means "not given". */
const optionalText = v.pipe(v.optional(v.string(), ''), v.trim());

export const listPhones = endpoint(`GET ${PHONE}/list`, {
  query: v.object({
    ...paging(PHONE_PAGE_SIZE.default, PHONE_PAGE_SIZE.max),
    sort: v.pipe(optionalText, v.transform((s) => s || 'default'), v.picklist(PHONE_SORTS, `must be one of ${PHONE_SORTS.join(', ')}`)),
    keyword: v.pipe(optionalText, v.check((s) => [...s].length <= PHONE_KEYWORD_MAX, `must be at most ${PHONE_KEYWORD_MAX} characters`)),
    gradeId: OptionalId,
    groupId: OptionalId,
    /** Only these phones (a page about some phones asks for them, not for the whole account). */
    userPhoneIds: v.optional(idList(READ_BATCH_LIMIT)),
  }),
  reply: v.strictObject({ list: v.array(Phone), total: v.number(), serverTime: v.number() }),
});

export const listGrades = endpoint('GET /api/device/grade/list', {
  reply: v.array(v.strictObject({ id: v.number(), name: v.string(), sort: v.number() })),
});

export const renamePhone = endpoint(`PUT ${PHONE}/rename`, {
  body: v.object({ userPhoneId: Id, name: Name }),
  reply: Done,
});

export const setPhonesGroup = endpoint(`PUT ${PHONE}/set-group`, {
  // The group is looked up as given: one that is not the caller's answers "group does not exist".
  body: v.object({ userPhoneIds: idList(READ_BATCH_LIMIT), groupId: LookupId }),
  reply: v.array(BatchEntry),
});

export const setPhonesRoot = endpoint(`PUT ${PHONE}/set-root`, {
  body: v.object({ userPhoneIds: idList(READ_BATCH_LIMIT), root: Flag }),
  reply: v.array(BatchEntry),
});

export const setPhoneResolution = endpoint(`PUT ${PHONE}/set-resolution`, {
  // Checked against the offered sizes by the server, which answers RESOLUTION_INVALID for any other.
  body: v.object({ userPhoneId: Id, width: LookupId, height: LookupId, dpi: LookupId }),
  reply: Done,
});

export const phoneStatuses = endpoint(`POST ${PHONE}/status`, {
  body: v.object({ userPhoneIds: idList(READ_BATCH_LIMIT) }),
  reply: v.array(v.strictObject({ userPhoneId: v.number(), businessStatus: v.picklist(BUSINESS_STATUSES), operation: v.nullable(Operation) })),
});

/** The longest a stream token lives, in seconds. */
export const MAX_TOKEN_SECONDS = 86_400;

export const securityToken = endpoint(`POST ${PHONE}/security-token`, {
  query: v.object({
    userPhoneId: Id,
    validTime: v.pipe(OptionalId, v.transform((n) => n ?? MAX_TOKEN_SECONDS), v.check((n) => n <= MAX_TOKEN_SECONDS, `must be 1-${MAX_TOKEN_SECONDS} seconds`)),
  }),
  reply: v.strictObject({ token: v.string(), expireTime: v.number() }),
});

export const phoneHardware = endpoint(`POST ${PHONE}/get-extend-batch`, {
  body: v.object({ userPhoneIds: idList(READ_BATCH_LIMIT) }),
  reply: v.array(PhoneHardware),
});

export const rebootPhones = endpoint(`PUT ${PHONE}/reboot`, {
  query: v.object({
    userPhoneIds: idList(OPERATION_BATCH_LIMIT),
    type: v.pipe(optionalText, v.transform((s) => s || 'reboot'), v.picklist(['reboot', 'quickRestart'], 'must be one of reboot, quickRestart')),
  }),
  reply: v.array(BatchEntry),
});

export const resetPhones = endpoint(`PUT ${PHONE}/reset`, {
  query: v.object({ userPhoneIds: idList(OPERATION_BATCH_LIMIT) }),
  reply: v.array(BatchEntry),
});

export const TaskProgress = v.strictObject({
  userPhoneId: v.number(),
  taskType: v.picklist(PROGRESS_TASK_TYPES),
  progress: v.number(),
  status: v.picklist(['none', 'running', 'done']),
});

export const phoneProgress = endpoint(`POST ${PHONE}/get-progress`, {
  body: v.object({
    userPhoneIds: idList(READ_BATCH_LIMIT),
    // Taken as sent: "reboot " is not a task type.
    taskType: v.pipe(
      v.optional(v.string(), ''),
      v.nonEmpty('is required'),
      v.picklist(PROGRESS_TASK_TYPES, `must be one of ${PROGRESS_TASK_TYPES.join(', ')}`),
    ),
  }),
  reply: v.array(TaskProgress),
});

export const screenshotPhones = endpoint(`POST ${PHONE}/screenshot`, {
  body: v.object({ userPhoneIds: idList(SCREENSHOT_BATCH_LIMIT) }),
  reply: v.array(BatchEntry),
});

export const PhoneGroup = v.strictObject({ id: v.number(), name: v.string(), isDefault: v.boolean(), phoneCount: v.number() });

export const listGroups = endpoint(`GET ${GROUP}/simple-list`, { reply: v.array(PhoneGroup) });

/**
 * A group name: 1-20 characters after trimming (spec §5), and not the default group's name in either language nor one
 * that looks like it, which answers as a name already taken (server/API.md "Devices").
 */
const GroupName = unreservedName(Object.values(DEFAULT_GROUP_NAMES), coded(ErrorCode.GROUP_NAME_DUPLICATE, 'A group with this name already exists'));

export const createGroup = endpoint(`POST ${GROUP}/create`, {
  body: v.object({ name: GroupName }),
  reply: v.strictObject({ id: v.number() }),
});

export const renameGroup = endpoint(`PUT ${GROUP}/update`, {
  // Input first, then the group: an invalid name is NAME_INVALID even for the default group.
  body: v.object({ name: GroupName, id: LookupId }),
  reply: Done,
});

export const deleteGroup = endpoint(`DELETE ${GROUP}/delete`, {
  query: v.object({ id: LookupId }),
  reply: Done,
});
