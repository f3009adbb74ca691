/** The first-run guide's call (shared/contract/account.ts `markGuideSeen`; server/API.md "First-run guide"). */
import type * as C from '../../shared/contract/account.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';

export type GuideSeenReply = ReplyOf<typeof C.markGuideSeen>;

export const markGuideSeen = () => api('POST /api/merchant/user/guide/seen');
