import type { Queryable } from '../db/engine.ts';
import type { Limits, Throttles } from './throttles.ts';
import type { Secrets } from './secrets.ts';
import type { AppsChanged } from './phone-apps.ts';

/** What data code reads and writes through: the engine, or a transaction's handle (server/db/engine.ts). */
export type Db = Queryable;

/** The languages the texts are stored in; anything else falls back to zh-CN (spec §1). */
export type Language = 'zh-CN' | 'en-US';

export interface UserRow {
  id: number;
  tenant_id: number;
  /** Null only for a guest (migration 3 CHECK). */
  mobile: string | null;
  user_no: string;
  nickname: string;
  avatar: string;
  password_hash: string | null;
  register_time: number;
  /** 1 for a guest-trial user (API.md "Guest trial"), else 0. */
  guest: number;
  /** When a guest's trial ends (ms); null for registered users. */
  trial_expires_at: number | null;
  fingerprint_id: string;
  /** Set when the account is closed (unregister); such a row is invisible to every live-user lookup. */
  deleted_at: number | null;
  mobile_changed_at: number | null;
  inviter_user_id: number | null;
  /** When the first-run guide was finished or skipped (migration 27); 0: an account it was never meant for; null: not yet. */
  guide_seen_at: number | null;
}

/** What every route factory needs; built once by createApp so tests can swap the clock and the log. */
export interface Deps {
  db: Db;
  now: () => number;
  log: (line: string) => void;
  smsFixedCode: string | undefined;
  accessTokenTtlSeconds: number;
  /** Take the client address from X-Forwarded-For (client-address.ts): only behind a proxy that sets it. */
  trustProxy: boolean;
  /** The throttles' numbers (throttles.ts) and their counters, one set per app. */
  limits: Limits;
  throttles: Throttles;
  /**
   * Called after sessions were revoked (logout, password change, closing the account, refresh-token replay) so the
   * stream service closes the sockets they opened (main.ts), and after any other change of who may do what on a
   * stream (a share viewer's state or permission, a control request); it re-checks after the current transaction
   * commits.
   */
  accessRevoked: () => void;
  secrets: Secrets;
  /** Whether the demo payment methods (mock, and the wallet page with its unsigned callback) are offered. */
  demoPayments: boolean;
  /** A test server checks every reply against its schema in the contract (lib/contract-route.ts). */
  checkReplies: boolean;
  /** Told when a phone's apps changed or one was started or stopped (main.ts: the stream updates its screen). */
  appsChanged?: AppsChanged;
  /** NEW_ACCOUNTS_SKIP_GUIDE: accounts are created with the first-run guide already seen (the browser tests). */
  newAccountsSkipGuide?: boolean;
}

/** Hono context variables set by the tenant and auth middleware. */
export type AppEnv = {
  Variables: {
    tenantId: number;
    user: UserRow;
    sessionId: number;
  };
};
