/**
 * The "new machine" vocabulary both sides hold to (spec §3 identity fields, §4 mock model types): plain values, no
 * schema code, so the client may import them at run time. The schemas are in new-machine.ts.
 */
import { OPERATION_BATCH_LIMIT } from './device-words.ts';

/**
 * What a change regenerates (spec §4): ALL changes the model itself and every identity field with it (an IMEI's TAC
 * and a serial number's style belong to the model); one field regenerates that field only and keeps the model.
 */
export const MOCK_TYPES = ['ALL', 'IMEI', 'WLAN_MAC', 'ANDROID_ID', 'SERIAL_NO'] as const;
export type MockType = (typeof MOCK_TYPES)[number];

/** The identity parameters (spec §3, the names of get-extend-batch) a change of the model can set. */
export const MOCK_PARAMS = ['brand', 'model', 'systemVersion', 'imei', 'serialNo', 'wlanMac', 'androidId'] as const;
export type MockParam = (typeof MOCK_PARAMS)[number];

/** The parameters each type changes (get-mock-params answers this; the record lists them). */
export const MOCK_TYPE_PARAMS: Record<MockType, readonly MockParam[]> = {
  ALL: MOCK_PARAMS,
  IMEI: ['imei'],
  WLAN_MAC: ['wlanMac'],
  ANDROID_ID: ['androidId'],
  SERIAL_NO: ['serialNo'],
};

/** Phones one batch change takes: the same as reboots and resets (a change reboots the phone). */
export const MOCK_BATCH_LIMIT = OPERATION_BATCH_LIMIT;

/** The record of changes, a page at a time. */
export const MOCK_LOG_PAGE_SIZE = { default: 20, max: 100 } as const;
