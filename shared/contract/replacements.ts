/**
 * Replacement of phones (spec §1 "replacement (keep data or not)", §4 replace types, §7 `replace-preview` and
 * `replace-submit`; server/API.md "Replacement"). Server: server/routes/replacements.ts. Client: src/replace/api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { anything, idList } from './fields.ts';
import { REPLACE_BATCH_MAX, REPLACE_TYPES, type ReplaceType } from './replace-words.ts';

const PHONE = '/api/device/user/phone';

const Type = v.pipe(
  anything<ReplaceType>(),
  v.check((value) => (REPLACE_TYPES as readonly unknown[]).includes(value), 'must be 1 (do not keep data) or 2 (move data)'),
);

const ReplaceRequest = v.object({
  // More than 10 is refused whole (BATCH_LIMIT_EXCEEDED) before anything is looked at; the tenant's
  // PHONE_REPLACE_BY_BATCH_COUNT_LIMIT, when lower, is the server's to check. Repeats are dropped.
  userPhoneIds: idList(REPLACE_BATCH_MAX),
  replaceType: Type,
});

/** What a replacement would do to one phone: allowed (and what it changes), or the refusal's code and wording. */
export const PreviewItem = v.strictObject({
  userPhoneId: v.number(),
  phoneNo: v.string(),
  name: v.string(),
  ok: v.boolean(),
  code: v.number(),
  msg: v.string(),
  /** Apps the user installed: type 1 removes them, type 2 moves them. */
  installedApps: v.number(),
  /** Whether root is on now: type 1 turns it off. */
  root: v.boolean(),
  /** When the phone was last replaced (null: never). */
  lastReplacedAt: v.nullable(v.number()),
});

export const previewReplacement = endpoint(`POST ${PHONE}/replace-preview`, {
  body: ReplaceRequest,
  reply: v.strictObject({ replaceType: v.picklist(REPLACE_TYPES), items: v.array(PreviewItem) }),
});

/** One phone's start: `success` means the replacement runs (follow it with get-progress `taskType`); else why not. */
export const SubmitItem = v.strictObject({
  userPhoneId: v.number(),
  phoneNo: v.string(),
  name: v.string(),
  success: v.boolean(),
  code: v.number(),
  msg: v.string(),
  taskType: v.picklist(['REPLACE', 'DISPLACE']),
});

export const submitReplacement = endpoint(`POST ${PHONE}/replace-submit`, {
  body: ReplaceRequest,
  reply: v.strictObject({ replaceType: v.picklist(REPLACE_TYPES), items: v.array(SubmitItem) }),
});
