/**
 * Runs one batch call over many phones and returns one entry per phone, in the order asked.
 * The server takes at most 100 ids a call (server/API.md reboot/reset), so bigger selections go in
 * chunks, one after the other; a chunk the server refuses as a whole (say, a phone that no longer
 * exists) becomes a failed entry for each of its phones instead of hiding the other chunks' results.
 */
import { chunk } from '../../../core/format.ts';
import { ApiError } from '../../../core/errors.ts';
import { ErrorCode } from '../../../core/error-codes.ts';
import { rebootPhones, resetPhones, screenshotPhones, setPhonesGroup, setPhonesRoot } from '../../api.ts';
import { SCREENSHOT_BATCH_LIMIT, type BatchEntry } from '../../device-types.ts';
import { loadGroups } from '../../state.ts';
import { patchEverywhere } from './all-phones.ts';

export const BATCH_CHUNK = 100;

export type BatchCall =
  | { kind: 'reboot' }
  | { kind: 'reset' }
  | { kind: 'screenshot' }
  | { kind: 'root'; root: boolean }
  | { kind: 'group'; groupId: number; groupName: string };

function send(call: BatchCall, ids: number[]): Promise<BatchEntry[]> {
  switch (call.kind) {
    case 'reboot':
      return rebootPhones(ids);
    case 'reset':
      return resetPhones(ids);
    case 'screenshot':
      return screenshotPhones(ids);
    case 'root':
      return setPhonesRoot(ids, call.root);
    case 'group':
      return setPhonesGroup(ids, call.groupId);
  }
}

function failedEntries(ids: number[], error: unknown): BatchEntry[] {
  const code = error instanceof ApiError ? error.code : ErrorCode.SERVER_ERROR;
  const msg = error instanceof ApiError ? error.serverMessage : '';
  return ids.map((userPhoneId) => ({ userPhoneId, success: false, code, msg }));
}

/** Throws when the whole selection went in one call and the server refused it: there are no per-phone results to show. */
export async function runBatch(call: BatchCall, ids: number[]): Promise<BatchEntry[]> {
  const size = call.kind === 'screenshot' ? SCREENSHOT_BATCH_LIMIT : BATCH_CHUNK;
  const entries: BatchEntry[] = [];
  for (const part of chunk(ids, size)) {
    try {
      const reply = await send(call, part);
      // Answers are matched by id, so a reply missing a phone still shows that phone (as failed).
      const byId = new Map(reply.map((entry) => [entry.userPhoneId, entry]));
      for (const id of part) entries.push(byId.get(id) ?? { userPhoneId: id, success: false, code: ErrorCode.SERVER_ERROR, msg: '' });
    } catch (error) {
      if (!entries.length && part.length === ids.length) throw error;
      entries.push(...failedEntries(part, error));
    }
  }
  syncState(call, entries);
  return entries;
}

/** The lists on other pages follow what the server accepted, without a reload. */
function syncState(call: BatchCall, entries: BatchEntry[]): void {
  const done = entries.filter((entry) => entry.success).map((entry) => entry.userPhoneId);
  if (call.kind === 'root') patchEverywhere(done, { root: call.root });
  if (call.kind === 'reboot' || call.kind === 'reset') patchEverywhere(done, { businessStatus: 'operating' });
  if (call.kind === 'group') {
    patchEverywhere(done, { groupId: call.groupId, groupName: call.groupName });
    void loadGroups().catch(() => {});
  }
}
