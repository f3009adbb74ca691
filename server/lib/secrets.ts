import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The server's keys. Each comes from its environment variable when set, otherwise from `secrets.json` under DATA_DIR,
// written with fresh random keys on the first start (owner-only permissions). A per-process random key would
// invalidate every signed screenshot link and every pending SMS code on each restart.

export interface Secrets {
  /** Signs screenshot links (HMAC-SHA256), since an <img> cannot send the bearer token. */
  screenshotLinkKey: Buffer;
  /** Keys the stored SMS-code digests (HMAC-SHA256): a copy of the database alone cannot reverse a 6-digit code. */
  smsCodeKey: Buffer;
  /**
   * Derives the pair a refresh token rotates into (HMAC-SHA256), so that any instance holding it can give a retry
   * the same pair again (lib/tokens.ts): several instances must share it.
   */
  refreshTokenKey: Buffer;
}

/** Environment variable of each secret; the file uses the same names. */
export const SECRET_VARIABLES = {
  screenshotLinkKey: 'SCREENSHOT_LINK_SECRET',
  smsCodeKey: 'SMS_CODE_SECRET',
  refreshTokenKey: 'REFRESH_TOKEN_SECRET',
} as const;
export const SECRETS_FILE_NAME = 'secrets.json';
/** 256 bits: shorter operator-supplied values are refused rather than quietly weakening the HMACs. */
export const MIN_SECRET_CHARS = 32;

type SecretName = keyof typeof SECRET_VARIABLES;

/** Fresh random keys (tests, and the first start before the file exists). */
export function randomSecrets(): Secrets {
  return { screenshotLinkKey: randomBytes(32), smsCodeKey: randomBytes(32), refreshTokenKey: randomBytes(32) };
}

/**
 * Reads the keys from `env`, then from `<dataDir>/secrets.json`, creating that file with random keys for those
 * still missing. Throws with a message naming the variable when a supplied value is too short.
 */
export function loadSecrets(env: Record<string, string | undefined>, dataDir: string): Secrets {
  const path = join(dataDir, SECRETS_FILE_NAME);
  const stored: Partial<Record<string, string>> = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  let changed = false;
  const pick = (name: SecretName): Buffer => {
    const variable = SECRET_VARIABLES[name];
    const value = env[variable] || stored[variable];
    if (value) {
      if (value.length < MIN_SECRET_CHARS) throw new Error(`${variable} must be at least ${MIN_SECRET_CHARS} characters`);
      return Buffer.from(value, 'utf8');
    }
    const fresh = randomBytes(32).toString('base64url');
    stored[variable] = fresh;
    changed = true;
    return Buffer.from(fresh, 'utf8');
  };
  const secrets = {
    screenshotLinkKey: pick('screenshotLinkKey'),
    smsCodeKey: pick('smsCodeKey'),
    refreshTokenKey: pick('refreshTokenKey'),
  };
  if (changed) {
    writeFileSync(path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(path, 0o600);
  }
  return secrets;
}
