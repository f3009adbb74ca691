/**
 * Replacement (server/API.md "Replacement"): preview and submit. The progress is not asked here: the phones' shared
 * poll (devices/polling.ts) follows it. Inputs and replies take their types from the contract (shared/contract/replacements.ts).
 */
import type * as C from '../../shared/contract/replacements.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import type { ReplaceType } from '../../shared/contract/replace-words.ts';
import { api } from '../core/http.ts';

export type ReplacePreview = ReplyOf<typeof C.previewReplacement>;
export type PreviewItem = ReplacePreview['items'][number];
export type ReplaceSubmit = ReplyOf<typeof C.submitReplacement>;
export type SubmitItem = ReplaceSubmit['items'][number];

const PHONE = '/api/device/user/phone';

export const previewReplacement = (userPhoneIds: number[], replaceType: ReplaceType) =>
  api(`POST ${PHONE}/replace-preview`, { body: { userPhoneIds, replaceType } });
export const submitReplacement = (userPhoneIds: number[], replaceType: ReplaceType) =>
  api(`POST ${PHONE}/replace-submit`, { body: { userPhoneIds, replaceType } });
