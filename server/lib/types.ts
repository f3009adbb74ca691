import type BetterSqlite3 from 'better-sqlite3';

export type Db = BetterSqlite3.Database;

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
}

/** What every route factory needs; built once by createApp so tests can swap the clock and the log. */
export interface Deps {
  db: Db;
  now: () => number;
  log: (line: string) => void;
  smsFixedCode: string | undefined;
  accessTokenTtlSeconds: number;
}

/** Hono context variables set by the tenant and auth middleware. */
export type AppEnv = {
  Variables: {
    tenantId: number;
    user: UserRow;
    sessionId: number;
  };
};
