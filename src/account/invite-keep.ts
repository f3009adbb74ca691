/**
 * The invite link (spec §1 "invite poster", built in src/invite/invite-link.ts) opens the login page with the
 * inviter's user number in `?invite=`. The route rules keep it for this tab under `inviteCode` (sessionStorage,
 * docs/decisions.md "Storage keys") as the login route resolves, whether the page shows or a session (a guest trial)
 * sends the visitor home, and the personal centre's invite card offers it once the invitee has signed in.
 * Tiny on purpose: the route rules are in the first screen.
 */
export const INVITE_QUERY = 'invite';
export const INVITE_CODE_KEY = 'inviteCode';

/** Keeps a well-formed code (digits, as the card accepts); anything else is dropped, not shown to the invitee. */
export function keepInviteCode(query: URLSearchParams): void {
  const code = query.get(INVITE_QUERY);
  try {
    if (code && /^\d{1,20}$/.test(code)) sessionStorage.setItem(INVITE_CODE_KEY, code);
  } catch {
    // Storage disabled: the invitee types the code instead.
  }
}
