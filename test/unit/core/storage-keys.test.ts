/**
 * Spec §3 storage keys: each is either used under its name or documented in docs/decisions.md as not needed, and
 * "clear cache" removes only caches this client writes.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  CACHE_KEYS,
  CLIENT_KEYS,
  PREFERENCE_KEYS,
  SESSION_KEYS,
  UNUSED_SPEC_KEYS,
  type StorageKey,
} from '../../../src/core/storage.ts';
import { clearCaches, RUNTIME_CACHES } from '../../../src/account/parts/clear-caches.ts';

const ROOT = join(import.meta.dirname, '../../..');

/** Spec §3 "Local storage keys", in the spec's order. */
const SPEC_KEYS = [
  'clientNo', 'userInfo', 'tenantId', 'token', 'refreshToken', 'clientId', 'aboutAppData', 'firstAgreementData',
  'secondAgreementData', 'allPermissionList', 'phoneList', 'deviceAuthorization', 'currentGoInDevice', 'lostTime',
  'reloadTimes', 'hasInDeviceIds', 'lastExpireTipDate', 'hasExpireReminded', 'isLogin', 'isShowVirtualKey',
  'activeProfile', 'language',
];
/** Keys of this client's own, outside §3 (docs/decisions.md says why). */
const EXTRA_KEYS = ['platform', 'commonPhrases'];

const USED: string[] = ['clientNo', ...SESSION_KEYS, ...CLIENT_KEYS, ...PREFERENCE_KEYS];
const UNUSED: readonly string[] = UNUSED_SPEC_KEYS;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

test('every spec §3 key is used by this client or listed as not needed, never both', () => {
  for (const key of SPEC_KEYS) {
    assert.ok(USED.includes(key) !== UNUSED.includes(key), `${key}: used ${USED.includes(key)}, listed unused ${UNUSED.includes(key)}`);
  }
  for (const key of USED) assert.ok(SPEC_KEYS.includes(key) || EXTRA_KEYS.includes(key), `${key} is neither in §3 nor a documented extra`);
});

test('a key listed as not needed is not written anywhere in the client', () => {
  const files = sourceFiles(join(ROOT, 'src')).filter((file) => !file.endsWith(join('core', 'storage.ts')));
  for (const key of UNUSED) {
    const users = files.filter((file) => readFileSync(file, 'utf8').includes(`'${key}'`));
    assert.equal(users, [], `${key} appears in ${users.join(', ')}`);
  }
});

test('the "Storage keys" section of docs/decisions.md names every §3 key and every extra key', () => {
  const decisions = readFileSync(join(ROOT, 'docs', 'decisions.md'), 'utf8');
  const start = decisions.indexOf('## Storage keys');
  assert.ok(start >= 0, 'no "Storage keys" section');
  const section = decisions.slice(start, decisions.indexOf('\n## ', start + 1));
  for (const key of [...SPEC_KEYS, ...EXTRA_KEYS]) assert.ok(section.includes(`\`${key}\``), `${key} is not documented`);
});

test('clear cache removes the cached agreements and runtime caches only; session, preferences and client data stay', async () => {
  localStorage.clear();
  const written = [...new Set([...USED, 'commonPhrases'])];
  for (const key of written) localStorage.setItem(key, JSON.stringify(`value of ${key}`));
  const deleted: string[] = [];
  const previous = (globalThis as { caches?: unknown }).caches;
  (globalThis as { caches?: unknown }).caches = { delete: async (name: string) => (deleted.push(name), true) };
  try {
    await clearCaches();
  } finally {
    (globalThis as { caches?: unknown }).caches = previous;
  }
  const gone = written.filter((key) => localStorage.getItem(key) === null);
  assert.equal(gone.sort(), [...CACHE_KEYS].sort());
  assert.equal(gone.sort(), ['firstAgreementData', 'secondAgreementData']);
  for (const key of ['token', 'refreshToken', 'userInfo', 'isLogin', 'language', 'isShowVirtualKey', 'clientNo', 'tenantId', 'aboutAppData', 'lastExpireTipDate', 'commonPhrases']) {
    assert.ok(localStorage.getItem(key) !== null, `${key} was kept`);
  }
  assert.equal(deleted.sort(), [...RUNTIME_CACHES].sort());
  // The runtime caches are the service worker's own names.
  const sw = readFileSync(join(ROOT, 'sw/sw.ts'), 'utf8');
  for (const name of RUNTIME_CACHES) assert.ok(sw.includes(`cacheName: '${name}'`), `${name} is a cache of sw.ts`);
});

test('every cache key is a key the client writes', () => {
  for (const key of CACHE_KEYS as StorageKey[]) assert.ok(USED.includes(key), key);
});

test.run();
