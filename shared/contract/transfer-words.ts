/**
 * The transfer vocabulary both sides hold to (spec §4 transfer states, §5/§9 "transfer 5 at once"; server/API.md
 * "Transfers"): statuses, the config keys of the limits (the receiver's forms are account-words.ts'). Plain values, no schema code, so the
 * client may import them at run time. The schemas that use them are in transfers.ts.
 */
/**
 * Spec §4: waiting to execute, transferring, failed, successful. The reference server moves the phones inside the
 * `give` transaction, so its items end `success` or `failed` at once; another backend may queue them, which is why
 * the client shows all four.
 */
export const TRANSFER_ITEM_STATUSES = ['waiting', 'transferring', 'failed', 'success'] as const;
export type TransferItemStatus = (typeof TRANSFER_ITEM_STATUSES)[number];

/**
 * An order's status, from its items: any still waiting or transferring says so; otherwise success when every phone
 * moved, failed when none did, and `partial` when some did and some were refused (spec §4 names no mixed state).
 */
export const TRANSFER_ORDER_STATUSES = ['waiting', 'transferring', 'failed', 'success', 'partial'] as const;
export type TransferOrderStatus = (typeof TRANSFER_ORDER_STATUSES)[number];

/** Which records the list shows: both, only those the caller sent, only those the caller received. */
export const TRANSFER_DIRECTIONS = ['all', 'sent', 'received'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/** The records list's page size: default and largest. */
export const TRANSFER_PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * The tenant's limits (spec §9 keys, seeded per tenant), with the defaults the server falls back to when a key is
 * missing or malformed. The client reads the values it shows from the server (config getKeys).
 */
export const TRANSFER_LIMIT_KEYS = {
  batch: 'PHONE_GIVE_BY_BATCH_COUNT_LIMIT',
  userDay: 'PHONE_GIVE_BY_USER_DAY_COUNT_LIMIT',
  phoneDay: 'PHONE_GIVE_BY_PHONE_DAY_COUNT_LIMIT',
  frequencyHours: 'PHONE_GIVE_BY_PHONE_FREQUENCY_LIMIT',
  expireHours: 'PHONE_GIVE_BY_EXPIRE_TIME_LIMIT',
} as const;
export type TransferLimitName = keyof typeof TRANSFER_LIMIT_KEYS;
export const TRANSFER_LIMIT_DEFAULTS: Record<TransferLimitName, number> = { batch: 5, userDay: 20, phoneDay: 1, frequencyHours: 24, expireHours: 24 };
