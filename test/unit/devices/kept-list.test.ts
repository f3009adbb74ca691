/**
 * Home's last-known list (src/devices/kept-list.ts, offline-list.ts): what is kept and its bounds, whose it is, what
 * happens to a bad stored value, that logout and a client switch take it, and the list shown from it offline.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configureHttp } from '../../../src/core/http.ts';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import { clearSessionData } from '../../../src/core/storage.ts';
import { clearSession, user } from '../../../src/account/session.ts';
import { clientNo } from '../../../src/app/client-state.ts';
import { firstPageRendered } from '../../../src/app/first-paint.ts';
import type { Phone, PhoneGroup } from '../../../src/devices/api.ts';
import {
  boundedList,
  isKeptList,
  keepList,
  keptListOf,
  KEPT_GROUPS,
  KEPT_MAX_AGE_MS,
  KEPT_MAX_CHARS,
  KEPT_PHONES,
  type KeptList,
} from '../../../src/devices/kept-list.ts';
import { keptShownAt, needsNetwork } from '../../../src/devices/offline-list.ts';
import { groups, loadPhones, phones, phonesTotal } from '../../../src/devices/state.ts';
import { unreadState } from '../../../src/messages/unread.ts';
import { notices } from '../../../src/core/ui/notify.ts';

installDictionary('en-US', enUS, enUSApp);
firstPageRendered();
const HOUR = 3600_000;

function phone(id: number, name = `Phone ${id}`): Phone {
  return {
    userPhoneId: id, phoneNo: `CP${id}`, name, groupId: 1, groupName: 'Default group', gradeId: 1, gradeName: 'Standard',
    expireTime: Date.now() + 100 * HOUR, businessStatus: 'online', root: false, width: 720, height: 1280, dpi: 320, operation: null,
  };
}
const group = (id: number): PhoneGroup => ({ id, name: `Group ${id}`, isDefault: id === 1, phoneCount: 3 });

function kept(overrides: Partial<KeptList> = {}): KeptList {
  return {
    clientNo: 'demo', userNo: 'U1', savedAt: Date.now(), phones: [phone(1), phone(2)], total: 2, groups: [group(1)],
    unread: { all: 3, ai: 1, system: 2 }, ...overrides,
  };
}

const stored = () => localStorage.getItem('phoneList');

function signIn(userNo = 'U1', number = 'demo'): void {
  localStorage.setItem('token', JSON.stringify('a'));
  clientNo.value = number;
  user.value = { userId: 1, userNo, nickname: 'Me', avatar: '', mobile: '13800138000', registerTime: 0, hasPassword: true, guest: false, guideSeen: true };
}

/** A server whose every request fails as an offline fetch does, or answers these phones. */
function server(answer: { phones: Phone[] } | 'offline'): void {
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => ({ accessToken: 'a', refreshToken: 'r' }),
    headers: () => ({}),
    fetch: (async (input: RequestInfo | URL) => {
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      const url = new URL(String(input));
      if (url.pathname.endsWith('/phone/list')) {
        return new Response(JSON.stringify({ code: 0, msg: '', data: { list: answer.phones, total: answer.phones.length, serverTime: Date.now() } }));
      }
      if (url.pathname.endsWith('/unread')) return new Response(JSON.stringify({ code: 0, msg: '', data: { all: 0, ai: 0, system: 0 } }));
      return new Response(JSON.stringify({ code: 0, msg: '', data: [] }));
    }) as typeof fetch,
  });
}

async function waitFor(what: string, check: () => boolean, timeout = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test.before.each(() => {
  clearSession();
  localStorage.clear();
  notices.value = [];
});

test('what is kept is bounded: the first screenful of phones, the first groups, and a length in characters', () => {
  const many = boundedList(kept({ phones: Array.from({ length: 60 }, (_, i) => phone(i + 1)), total: 60, groups: Array.from({ length: 80 }, (_, i) => group(i + 1)) }))!;
  assert.is(many.phones.length, KEPT_PHONES);
  assert.equal(many.phones.map((p) => p.userPhoneId), Array.from({ length: KEPT_PHONES }, (_, i) => i + 1));
  assert.is(many.groups.length, KEPT_GROUPS);
  assert.is(many.total, 60, 'the total stays the server\'s');
  const long = boundedList(kept({ phones: Array.from({ length: 20 }, (_, i) => phone(i + 1, 'x'.repeat(5000))) }))!;
  assert.ok(JSON.stringify(long).length <= KEPT_MAX_CHARS);
  assert.ok(long.phones.length > 0 && long.phones.length < 20, `${long.phones.length} phones of 5,000 characters`);
  assert.is(boundedList(kept({ userNo: 'x'.repeat(KEPT_MAX_CHARS) })), null, 'nothing fits');
  keepList(kept({ userNo: 'x'.repeat(KEPT_MAX_CHARS) }));
  assert.is(stored(), null);
});

test('read back only for the same account on the same client, and only while recent', () => {
  keepList(kept());
  assert.ok(keptListOf('demo', 'U1'));
  assert.is(keptListOf('demo', 'U2'), null, 'another account');
  assert.is(stored(), null, 'and it is removed: it can never be shown');
  keepList(kept());
  assert.is(keptListOf('green', 'U1'), null, 'another client');
  keepList(kept({ savedAt: Date.now() - KEPT_MAX_AGE_MS - 1 }));
  assert.is(keptListOf('demo', 'U1'), null, 'too old');
});

test('a bad stored value reads as none and is removed', () => {
  localStorage.setItem('phoneList', '{not json');
  assert.is(keptListOf('demo', 'U1'), null);
  for (const bad of [[], 'text', { ...kept(), phones: [{ userPhoneId: 'one' }] }, { ...kept(), savedAt: 'today' }, { ...kept(), phones: Array.from({ length: 21 }, (_, i) => phone(i)) },
    { ...kept(), phones: [{ ...phone(1), businessStatus: 'haunted' }] }, { ...kept(), unread: { all: '3' } }, { ...kept(), groups: [{ id: 1 }] }]) {
    localStorage.setItem('phoneList', JSON.stringify(bad));
    assert.not.ok(isKeptList(bad));
    assert.is(keptListOf('demo', 'U1'), null, JSON.stringify(bad).slice(0, 60));
    assert.is(stored(), null);
  }
  assert.ok(isKeptList(kept()));
  assert.ok(isKeptList(kept({ unread: null, groups: [] })));
});

test('logout and a client switch take the kept list with the session', () => {
  keepList(kept());
  clearSession();
  assert.is(stored(), null, 'logout');
  keepList(kept());
  clearSessionData();
  assert.is(stored(), null, 'another client number');
});

test('storage denied: nothing is kept or read, and nothing throws', () => {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, get() { throw new DOMException('denied', 'SecurityError'); } });
  try {
    keepList(kept());
    assert.is(keptListOf('demo', 'U1'), null);
  } finally {
    Object.defineProperty(globalThis, 'localStorage', own!);
  }
});

test('offline, home shows the kept list marked with its time; back online the server\'s list replaces it and is kept', async () => {
  signIn();
  const savedAt = Date.now() - HOUR;
  keepList(kept({ savedAt, phones: [phone(1, 'Kept one'), phone(2, 'Kept two')], total: 30 }));
  server('offline');
  await loadPhones();
  assert.equal(phones.value.map((p) => p.name), ['Kept one', 'Kept two']);
  assert.is(phonesTotal.value, 30);
  assert.equal(groups.value.map((g) => g.name), ['Group 1']);
  assert.is(unreadState().value.data?.all, 3);
  assert.is(keptShownAt.value, savedAt);
  assert.ok(needsNetwork(), 'an action says it needs the network');
  assert.is(notices.value.length, 1);
  server({ phones: [phone(7, 'Fresh')] });
  await loadPhones();
  assert.equal(phones.value.map((p) => p.name), ['Fresh']);
  assert.is(keptShownAt.value, null, 'the mark goes');
  assert.not.ok(needsNetwork());
  await waitFor('the fresh list to be kept', () => (JSON.parse(stored() ?? 'null') as KeptList | null)?.phones[0]?.name === 'Fresh');
  const fresh = keptListOf('demo', 'U1')!;
  assert.ok(fresh.savedAt > savedAt);
  assert.is(fresh.userNo, 'U1');
});

test('offline with nothing kept for this account: the failure shows as before', async () => {
  signIn('U2');
  keepList(kept());
  server('offline');
  await loadPhones();
  assert.equal(phones.value, []);
  assert.is(keptShownAt.value, null);
});

test('a write planned before a logout never happens', async () => {
  signIn();
  server({ phones: [phone(5, 'Before logout')] });
  await loadPhones();
  clearSession();
  await new Promise((resolve) => setTimeout(resolve, 2500));
  assert.is(stored(), null);
});

test.run();
