/**
 * Screen sharing's replies in the spec §8 catalogue (room is full, you are currently blocked, screen interaction has
 * ended) and its own refusals, known by code or (another backend's reply) by the spec's wording, with their texts in
 * the share part (`share.errors.*`, texts/share-<lang>.ts).
 * Registered with that part by texts/index.ts, which the owner's share pages wait for; the viewer's page registers them
 * behind its first picture, and its refused calls wait for them (state.ts, `worded`). The codes stay in
 * shared/reply-codes.ts: the reference server answers with them.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const SHARE_ERRORS: readonly CatalogueEntry[] = [
  { key: 'share.errors.roomFull', codes: [C.SHARE_ROOM_FULL], match: ['room is full', '房间已满'] },
  { key: 'share.errors.blocked', codes: [C.SHARE_BLOCKED], match: ['currently blocked', '已被屏蔽'] },
  { key: 'share.errors.ended', codes: [C.SHARE_ENDED], match: ['interaction has ended', '互动已结束'] },
  { key: 'share.errors.phoneAuthorized', codes: [C.SHARE_PHONE_AUTHORIZED], match: ['authorized phone cannot be shared'] },
  { key: 'share.errors.viewerNotExist', codes: [C.SHARE_VIEWER_NOT_EXIST] },
];
