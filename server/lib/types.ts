import type BetterSqlite3 from 'better-sqlite3';

export type Db = BetterSqlite3.Database;

/** The languages the texts are stored in; anything else falls back to zh-CN (spec §1). */
export type Language = 'zh-CN' | 'en-US';

export interface UserRow {
  id: number;
  tenant_id: number;
  mobile: string;
  user_no: string;
  nickname: string;
  avatar: string;
  password_hash: string | null;
  register_time: number;
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
