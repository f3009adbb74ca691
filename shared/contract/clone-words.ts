/**
 * The clone vocabulary both sides hold to (spec §1 clone and clone templates, §3 template fields, §4 template states,
 * §9 PHONE_TEMPLATE_* / PHONE_CLONE_* keys; server/API.md "Clones and templates"). Plain values, no schema code, so
 * the client may import them at run time. The schemas that use them are in clones.ts.
 */

/**
 * A template's states, derived from the clock and its row: `creating` while its source phone's template operation
 * runs, then `ready` (the spec lists no word for it: shown as "available"), `failed` (the source was offline or
 * faulty), `expired` after TEMPLATE_LIFE_DAYS, `deleting` for TEMPLATE_DELETING_MS after a delete, then `removed`
 * (no longer listed).
 */
export const TEMPLATE_STATES = ['creating', 'ready', 'failed', 'deleting', 'removed', 'expired'] as const;
export type TemplateState = (typeof TEMPLATE_STATES)[number];

/** A template lives this many days from its creation (the spec names an expiry, not its length). */
export const TEMPLATE_LIFE_DAYS = 7;
/** How long a deleted template shows `deleting` before it is removed. */
export const TEMPLATE_DELETING_MS = 3000;
/** What a template weighs besides its apps: the system image's settings and data (size shown in the list). */
export const TEMPLATE_BASE_BYTES = 512 * 1024 ** 2;

/** The state of each phone of a clone order: being cloned, then done (or failed with a reply code). */
export const CLONE_ITEM_STATUSES = ['cloning', 'done', 'failed'] as const;
export type CloneItemStatus = (typeof CLONE_ITEM_STATUSES)[number];

/** The most phone ids one clone request may carry whatever the tenant's batch limit (the id list's own bound). */
export const CLONE_IDS_MAX = 100;

/**
 * The tenant's limits (spec §9 keys, seeded per tenant), with the defaults the server falls back to when a key is
 * missing or malformed. The client learns the values from the list's reply.
 */
export const CLONE_LIMIT_KEYS = {
  templateMax: 'PHONE_TEMPLATE_BY_USER_MAX_NUM_LIMIT',
  templateDay: 'PHONE_TEMPLATE_BY_USER_DAY_COUNT_LIMIT',
  templateExpireHours: 'PHONE_TEMPLATE_BY_EXPIRE_TIME_LIMIT',
  cloneBatch: 'PHONE_CLONE_BY_BATCH_COUNT_LIMIT',
  cloneDay: 'PHONE_CLONE_BY_USER_DAY_COUNT_LIMIT',
  cloneExpireHours: 'PHONE_CLONE_BY_EXPIRE_TIME_LIMIT',
} as const;
export type CloneLimitName = keyof typeof CLONE_LIMIT_KEYS;
export const CLONE_LIMIT_DEFAULTS: Record<CloneLimitName, number> = {
  templateMax: 5, templateDay: 10, templateExpireHours: 24, cloneBatch: 10, cloneDay: 20, cloneExpireHours: 24,
};
