import { checkSmsCode } from '../shared/validate.ts';
import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS, DEFAULT_UPLOAD_QUOTA_BYTES, DEFAULT_UPLOAD_STEP_MS } from './app.ts';
import { llmFromEnv, type LlmOptions } from './lib/assistant/llm-relay.ts';
import {
  boolean, httpUrl, oneOf, optional, path, positiveInteger, postgresUrl, readSettings, Refusal, setting, text, wholeNumber,
  type Environment, type Setting, type ValueType, type ValuesOf,
} from './lib/environment.ts';
import { LIMIT_SETTINGS, type Limits } from './lib/limits.ts';
import { MIN_SECRET_CHARS } from './lib/secrets.ts';
import { parseOrigins } from './page-headers.ts';

// The server's configuration: every environment variable it reads, as one table (name, type, default, what it does),
// read at start by main.ts before anything is opened. The README's configuration table is this table written out;
// test/unit/project/configuration-table.test.ts holds the two equal.

/** Comma- or space-separated origins, each checked by the page headers' own rule. */
const origins: ValueType<string[]> = {
  name: 'origins',
  parse(value) {
    for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
      try {
        parseOrigins('', entry);
      } catch {
        return new Refusal('origins like https://partner.example, comma- or space-separated', JSON.stringify(entry));
      }
    }
    return parseOrigins('', value);
  },
  show: (value) => value.join(' '),
};

/** A code the client's own check accepts: a fixed code it rejected would make every login impossible. */
const smsCode: ValueType<string> = {
  name: '4-6 digits',
  parse: (value) => (checkSmsCode(value) ? new Refusal('4-6 digits') : value),
  show: (value) => value,
};

/** 256 bits at least, so a short key cannot quietly weaken the HMACs it keys; a refused one is not echoed. */
const secretKey: ValueType<string> = {
  name: `text, ${MIN_SECRET_CHARS}+ characters`,
  parse: (value) => (value.length >= MIN_SECRET_CHARS ? value : new Refusal(`at least ${MIN_SECRET_CHARS} characters`, `${value.length} characters`)),
  show: () => '',
};

export const SERVER_SETTINGS = {
  port: setting('PORT', positiveInteger, 8080, 'listening port (API, app, stream WebSockets `/stream/ws` and `/stream/grid`)'),
  host: setting('HOST', text, '0.0.0.0', 'listening address'),
  dataDir: setting('DATA_DIR', path, './data',
    'the SQLite file (created and seeded on first start) unless `DATABASE_URL` is set, `secrets.json`, and `uploads/` (files being installed) unless `UPLOAD_DIR` is set'),
  instanceUrl: optional('INSTANCE_URL', httpUrl,
    'this instance\'s own address as the other instances reach it (`http://10.0.0.5:8080`), set on each of several instances sharing one `DATABASE_URL`; it then needs `UPLOAD_DIR`, `SCREENSHOT_LINK_SECRET`, `SMS_CODE_SECRET` and `REFRESH_TOKEN_SECRET`, the same on all'),
  databaseUrl: optional('DATABASE_URL', postgresUrl,
    'PostgreSQL instead of the SQLite file, e.g. `postgres://user:password@host:5432/name` (its schema made and seeded on first start; docs/postgresql.md)'),
  uploadDir: optional('UPLOAD_DIR', path,
    'where uploaded files wait until installed, unset: `DATA_DIR/uploads`; with `INSTANCE_URL`, required: one directory every instance reaches (a shared volume)'),
  distDir: setting('DIST_DIR', path, './dist', 'the built app, served under `/app/`'),
  paymentsMode: setting('PAYMENTS_MODE', oneOf('off', 'demo'), 'off',
    '`demo` (what `npm start` sets unless told otherwise): the mock method that pays at once and the wallet page whose callback is **unsigned**; `off`: every payment call answers "No service available". Never `demo` where real money or phones are at stake'),
  smsFixedCode: optional('SMS_FIXED_CODE', smsCode, 'every SMS code equals this (tests); never in production'),
  accessTokenTtlSeconds: setting('ACCESS_TOKEN_TTL_SECONDS', positiveInteger, DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    'access-token lifetime; refresh tokens live 30 days and rotate on use; replaying a rotated one ends its whole login chain, stream tokens included'),
  screenshotLinkSecret: optional('SCREENSHOT_LINK_SECRET', secretKey,
    'the key signing screenshot links; unset: the one in `DATA_DIR/secrets.json`, so links survive a restart'),
  smsCodeSecret: optional('SMS_CODE_SECRET', secretKey, 'the HMAC key under which SMS codes are stored; unset: the one in `DATA_DIR/secrets.json`'),
  refreshTokenSecret: optional('REFRESH_TOKEN_SECRET', secretKey,
    'the HMAC key deriving the pair a refresh token rotates into, so a retry on any instance gets it again; unset: the one in `DATA_DIR/secrets.json`'),
  trustProxy: setting('TRUST_PROXY', boolean, false,
    "`true` behind a reverse proxy: the throttles' client address is the left-most `X-Forwarded-For` entry (the proxy must set that header, not append to it)"),
  uploadStepMs: setting('UPLOAD_STEP_MS', wholeNumber, DEFAULT_UPLOAD_STEP_MS,
    'how long each push and install step of an uploaded file takes on the reference server (real phones take a minute or two)'),
  uploadQuotaBytes: setting('UPLOAD_QUOTA_BYTES', positiveInteger, DEFAULT_UPLOAD_QUOTA_BYTES,
    'bytes of uploaded files one account may keep at once (10 GB; files go once installed, or after a day)'),
  llmBaseUrl: optional('LLM_BASE_URL', httpUrl,
    "the assistant's OpenAI-compatible endpoint (e.g. `https://api.example.com/v1`; the server posts to `<url>/chat/completions`); unset: answers are made from the help pages alone"),
  llmModel: optional('LLM_MODEL', text, 'the model asked (required with `LLM_BASE_URL`)'),
  llmApiKey: optional('LLM_API_KEY', text, 'sent as `Authorization: Bearer <key>`; may stay unset for a local server'),
  frameAncestors: optional('FRAME_ANCESTORS', origins,
    'origins allowed to show the app in a frame (CSP `frame-ancestors`), e.g. `https://partner.example`; unset: its own origin only'),
  connectOrigins: optional('CONNECT_ORIGINS', origins,
    'extra origins the app may call (CSP `connect-src`), when the API or the stream is on another host; unset: its own origin only'),
  streamStats: setting('STREAM_STATS', boolean, false,
    'serves the stream\'s load figures at `GET /stream/api/stats` (server/API.md "Streaming"); tests and benches turn it on; leave it off where anyone could ask'),
  newAccountsSkipGuide: setting('NEW_ACCOUNTS_SKIP_GUIDE', boolean, false,
    'accounts registered from now on start with the first-run guide (`home-guide`) already seen; the browser tests\' server turns it on, so the users they register land on home undisturbed'),
  checkReplies: setting('CHECK_REPLIES', boolean, false,
    'checks every API reply against its contract schema and fails the request when one leaves it (the browser tests\' server; the unit tests do the same through `createApp`)'),
};

/** Every row, in the README's order: the server's own, then the limits. */
export const CONFIGURATION_TABLE: readonly Setting<unknown>[] = [...Object.values(SERVER_SETTINGS), ...Object.values(LIMIT_SETTINGS)];

export type Configuration = ValuesOf<typeof SERVER_SETTINGS> & {
  limits: Limits;
  /** The assistant's endpoint when LLM_BASE_URL is set (its three rows checked together). */
  llm: LlmOptions | undefined;
};

/** The configuration `env` gives, or every message saying which variable is malformed and what it must be. */
export function readConfiguration(env: Environment): { ok: true; configuration: Configuration } | { ok: false; errors: string[] } {
  const server = readSettings(SERVER_SETTINGS, env);
  const limits = readSettings(LIMIT_SETTINGS, env);
  const errors = [...server.errors, ...limits.errors];
  const { llmBaseUrl, llmModel, llmApiKey } = server.values;
  let llm: LlmOptions | undefined;
  // The assistant relays to an OpenAI-compatible endpoint when one is configured (docs/features.md "Assistant"). The three
  // go together; a row already refused says why, and checking the others without it would only mislead.
  if (!errors.some((error) => error.name.startsWith('LLM_'))) {
    try {
      llm = llmFromEnv({ LLM_BASE_URL: llmBaseUrl, LLM_MODEL: llmModel, LLM_API_KEY: llmApiKey });
    } catch (error) {
      errors.push({ name: 'LLM_BASE_URL', message: (error as Error).message });
    }
  }
  // Several instances must agree on their keys (a code sent through one is checked by another), on the database and
  // on where uploads go: secrets.json is one instance's own, each would make its own SQLite file, and a file's bytes
  // sent through one instance are read and installed by whichever takes it up.
  if (server.values.instanceUrl !== undefined) {
    if (server.values.databaseUrl === undefined) errors.push({ name: 'INSTANCE_URL', message: 'INSTANCE_URL needs DATABASE_URL: several instances share one PostgreSQL database' });
    if (server.values.uploadDir === undefined) errors.push({ name: 'INSTANCE_URL', message: 'INSTANCE_URL needs UPLOAD_DIR: one directory every instance reaches, for uploaded files' });
    const secrets = [
      ['SCREENSHOT_LINK_SECRET', server.values.screenshotLinkSecret],
      ['SMS_CODE_SECRET', server.values.smsCodeSecret],
      ['REFRESH_TOKEN_SECRET', server.values.refreshTokenSecret],
    ] as const;
    for (const [name, value] of secrets) {
      if (value === undefined) errors.push({ name, message: `INSTANCE_URL needs ${name}, the same on every instance` });
    }
  }
  if (errors.length > 0) return { ok: false, errors: errors.map((error) => error.message) };
  return { ok: true, configuration: { ...server.values, limits: limits.values, llm } };
}
