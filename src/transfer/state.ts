/**
 * What the transfer pages read, as queries of the client store (core/store/): the tenant's transfer limits (config
 * keys, spec §9: read from the server, never constants here), the records page by page; the check, and the transfer
 * itself, after which every device answer is stale (the phones left this account) and so are the records.
 */
import { computed } from '@preact/signals-react';
import { getConfigKeys } from '../app/client-api.ts';
import { DEVICE_NOT_EXIST } from '../../shared/reply-codes.ts';
import { ApiError } from '../core/errors.ts';
import { ensureQuery, queryState, removeQueries } from '../core/store/query-store.ts';
import { phonesChangedOnServer } from '../devices/state.ts';
import { createPagedList } from '../core/store/paged-list.ts';
import { TRANSFER_LIMIT_DEFAULTS, TRANSFER_LIMIT_KEYS, type TransferDirection, type TransferLimitName } from '../../shared/contract/transfer-words.ts';
import { checkTransfer, listTransfers, transferPhones, type TransferCheck, type TransferOrder, type TransferResult } from './api.ts';

export type TransferLimits = Record<TransferLimitName, number>;

const LIMITS_KEY = ['transfer', 'limits'];
const RECORDS_KEY = ['transfer', 'records'];

/** The tenant's limits; a key the server leaves out (or a failed call) falls back to the default the server uses too. */
export function loadTransferLimits(): Promise<TransferLimits> {
  return ensureQuery(LIMITS_KEY, async () => {
    const names = Object.keys(TRANSFER_LIMIT_KEYS) as TransferLimitName[];
    const reply = await getConfigKeys(names.map((name) => TRANSFER_LIMIT_KEYS[name]));
    const value = (name: TransferLimitName) => Number(reply.list.find((entry) => entry.key === TRANSFER_LIMIT_KEYS[name])?.value);
    return Object.fromEntries(names.map((name) => [name, value(name) > 0 ? value(name) : TRANSFER_LIMIT_DEFAULTS[name]])) as TransferLimits;
  });
}

const limitsState = queryState<TransferLimits>(LIMITS_KEY);
/** The limits once read; the defaults until then. */
export const transferLimits = computed(() => limitsState.value.data ?? TRANSFER_LIMIT_DEFAULTS);
/** Whether the server's limits are in (until then the defaults stand in). */
export const transferLimitsKnown = computed(() => limitsState.value.data !== undefined);

/** The records of one tab (both ways, sent, received), newest first. */
export const transferRecords = createPagedList<TransferOrder, TransferDirection>(RECORDS_KEY, (direction, pageNo, pageSize) =>
  listTransfers(direction, pageNo, pageSize),
);

/**
 * What a transfer would do to each phone. One answered as not existing is no longer this account's (another tab or
 * device gave it away): the device lists read before no longer hold.
 */
export async function checkTransferNow(userPhoneIds: number[], target: string): Promise<TransferCheck> {
  try {
    const checked = await checkTransfer(userPhoneIds, target);
    if (checked.items.some((item) => item.code === DEVICE_NOT_EXIST)) phonesChangedOnServer();
    return checked;
  } catch (refusal) {
    if (refusal instanceof ApiError && refusal.code === DEVICE_NOT_EXIST) phonesChangedOnServer();
    throw refusal;
  }
}

/** Gives the phones away; the device lists and the records read before no longer hold. */
export async function transferNow(userPhoneIds: number[], target: string): Promise<TransferResult> {
  try {
    return await transferPhones(userPhoneIds, target);
  } finally {
    // Even a refusal may follow a change made elsewhere (another tab moved a phone): read them again either way.
    removeQueries(RECORDS_KEY);
    phonesChangedOnServer();
  }
}
