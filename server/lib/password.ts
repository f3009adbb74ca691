import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

// scrypt with Node's defaults (N=16384, r=8, p=1): memory-hard, built in, no native add-on to ship.
const KEY_LENGTH = 64;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function encode(salt: Buffer, key: Buffer): string {
  return `${PREFIX}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Async so a login does not stall every other request for the ~50 ms scrypt takes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await derive(password, salt));
}

/** Synchronous variant for the seed, which runs inside a better-sqlite3 transaction before the server listens. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(password, salt, KEY_LENGTH));
}

// Hashing against a throwaway value when the user has no password keeps "no such user" and "wrong password" equally slow.
const DUMMY = hashPasswordSync(randomBytes(12).toString('hex'));

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY).split('$');
  if (parts.length !== 3 || parts[0] !== PREFIX) return false;
  const salt = Buffer.from(parts[1], 'base64url');
  const expected = Buffer.from(parts[2], 'base64url');
  const actual = await derive(password, salt);
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}
