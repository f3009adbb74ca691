import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash, hashSync, verify } from '@node-rs/argon2';

// Password hashes are Argon2id at the OWASP Password Storage Cheat Sheet's first recommendation (19 MiB of memory,
// 2 passes, 1 lane), through @node-rs/argon2: a maintained native binding with prebuilt binaries, so `npm ci` needs
// no compiler. One hash takes a few tens of milliseconds here, which keeps a login well under 300 ms, while Node's
// built-in scrypt needs 300-800 ms per hash at the OWASP scrypt minimums on this kind of machine.
//
// Hashes made before (scrypt, N=2^14, stored as `scrypt$salt$key`) still verify, and a successful login replaces
// them (`needsRehash`), so every active account moves to Argon2id without a reset.

const ARGON2ID_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** The PHC prefix of a hash made with the current parameters. */
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2ID_OPTIONS.memoryCost},t=${ARGON2ID_OPTIONS.timeCost},p=${ARGON2ID_OPTIONS.parallelism}$`;

const LEGACY_SCRYPT_PREFIX = 'scrypt';
const LEGACY_SCRYPT_KEY_LENGTH = 64;

/** Async so a login does not stall every other request while the hash is computed (it runs on the thread pool). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** Synchronous variant for the seed, whose transaction awaits nothing but the database (it may be run again). */
export function hashPasswordSync(password: string): string {
  return hashSync(password, ARGON2ID_OPTIONS);
}

/** True when the stored hash was made by an older scheme or other parameters: replace it after a successful login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

function legacyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 3 || parts[0] !== LEGACY_SCRYPT_PREFIX) return Promise.resolve(false);
  const salt = Buffer.from(parts[1], 'base64url');
  const expected = Buffer.from(parts[2], 'base64url');
  return new Promise((resolve) => {
    scrypt(password, salt, LEGACY_SCRYPT_KEY_LENGTH, (error, actual) => {
      resolve(!error && actual.length === expected.length && timingSafeEqual(actual, expected));
    });
  });
}

// Hashing against a throwaway value when the user has no password keeps "no such user" and "wrong password" equally slow.
const DUMMY = hashPasswordSync(randomBytes(12).toString('hex'));

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored?.startsWith(`${LEGACY_SCRYPT_PREFIX}$`)) return legacyScrypt(password, stored);
  try {
    const valid = await verify(stored ?? DUMMY, password);
    return stored !== null && valid;
  } catch {
    // A malformed stored value is a wrong password, not a server error.
    return false;
  }
}
