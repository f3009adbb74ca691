/**
 * The invite link (spec §1 "invite poster"): the client's login page with the inviter's user number, which is the
 * invite code (`inputInviteCode` in shared/contract/account.ts), in `?invite=`. A full address, because it leaves the
 * app: in a QR code, a copied text, a shared picture. docs/decisions.md "Invite poster" says why this form.
 */
import { pagePath } from '../app/paths.ts';
import { INVITE_QUERY } from '../account/invite-keep.ts';

/** The app's base path (navigate.ts `BASE`), repeated so this stays free of the router's imports. */
const BASE = '/app';

export function inviteLink(origin: string, clientNo: string, userNo: string): string {
  const query = new URLSearchParams({ [INVITE_QUERY]: userNo }).toString();
  return origin.replace(/\/+$/, '') + BASE + pagePath('login', clientNo, query);
}
