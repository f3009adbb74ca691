/**
 * Clone templates and clones (spec §1, §3, §4, §9; server/API.md "Clones and templates"). The spec names no calls for
 * them: a template is taken from one phone (`create`), listed with its state and progress, deleted; a clone copies a
 * ready template onto phones and records an order. Server: server/routes/clones.ts. Client: src/clones/api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Id, idList, Name } from './fields.ts';
import { CLONE_IDS_MAX, CLONE_ITEM_STATUSES, TEMPLATE_STATES } from './clone-words.ts';

const TEMPLATE = '/api/device/clone-template';
const CLONE = '/api/device/user/phone/clone';

export const CloneTemplate = v.strictObject({
  templateId: v.number(),
  name: v.string(),
  /** The phone it was taken from (its name then). */
  sourcePhoneId: v.number(),
  sourcePhoneName: v.string(),
  /** Bytes: its apps' sizes and the system's base. */
  size: v.number(),
  appCount: v.number(),
  state: v.picklist(TEMPLATE_STATES),
  /** 0-100 while creating; 100 once created. */
  progress: v.number(),
  /** Why it failed (a reply code of the catalogue), 0 otherwise. */
  failCode: v.number(),
  createdAt: v.number(),
  expiresAt: v.number(),
  /** Whole days left before it expires, rounded up (0 once expired). */
  daysLeft: v.number(),
});

const Limits = v.strictObject({
  templateMax: v.number(),
  templateDay: v.number(),
  templateExpireHours: v.number(),
  cloneBatch: v.number(),
  cloneDay: v.number(),
  cloneExpireHours: v.number(),
});

/** The caller's templates, newest first (removed ones are not listed), and the tenant's limits. */
export const listTemplates = endpoint(`GET ${TEMPLATE}/list`, {
  reply: v.strictObject({ list: v.array(CloneTemplate), limits: Limits, serverTime: v.number() }),
});

/** Takes a template from one of the caller's phones: it is busy (CLONE_TEMPLATE_ING) until the template is made. */
export const createTemplate = endpoint(`POST ${TEMPLATE}/create`, {
  body: v.object({ userPhoneId: Id, name: Name }),
  reply: CloneTemplate,
});

/** Deletes one of the caller's templates: `deleting` for a moment, then removed. */
export const deleteTemplate = endpoint(`POST ${TEMPLATE}/delete`, {
  body: v.object({ templateId: Id }),
  reply: v.boolean(),
});

const CloneItem = v.strictObject({
  userPhoneId: v.number(),
  phoneName: v.string(),
  status: v.picklist(CLONE_ITEM_STATUSES),
  /** 0-100; 100 once done. */
  progress: v.number(),
  code: v.number(),
});

export const CloneOrder = v.strictObject({
  orderNo: v.string(),
  templateId: v.number(),
  templateName: v.string(),
  createdAt: v.number(),
  items: v.array(CloneItem),
});

/**
 * Clones a ready template onto the caller's phones. Every phone is checked first: one that cannot be cloned refuses
 * the whole request (its id in `data.userPhoneId`), so nothing starts half.
 */
export const clonePhones = endpoint(`POST ${CLONE}`, {
  body: v.object({ templateId: Id, userPhoneIds: idList(CLONE_IDS_MAX) }),
  reply: CloneOrder,
});

/** One of the caller's clone orders with each phone's live progress. */
export const cloneOrder = endpoint(`GET ${CLONE}/order`, {
  query: v.object({ orderNo: v.pipe(v.string(), v.trim(), v.maxLength(40)) }),
  reply: CloneOrder,
});
