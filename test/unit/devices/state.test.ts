import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { effect } from '@preact/signals-react';
import { configureHttp } from '../../../src/core/http.ts';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import type { Phone } from '../../../src/devices/api.ts';
import {
  canOpen,
  displayStatus,
  groupFilter,
  keyword,
  firstPhonesShown,
  loadPhones,
  loadPhonesOnce,
  MIN_OPEN_VALIDITY_MS,
  phones,
  phonesTotal,
  shouldRemindExpiry,
  sort,
} from '../../../src/devices/state.ts';
import { FIRST_PHONE_PAGE } from '../../../src/devices/first-page.ts';
import { formatRemaining, splitRemaining } from '../../../src/devices/remaining-time.ts';
import { firstPageRendered } from '../../../src/app/first-paint.ts';
import { sessionCleared } from '../../../src/core/session-events.ts';

installDictionary('en-US', enUS, enUSApp);
// The app's first page is on screen in these tests: the list's later pages wait for that (app/first-paint.ts).
firstPageRendered();
const HOUR = 3600_000;
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

function phone(id: number, left: number, status: Phone['businessStatus'] = 'online'): Phone {
  return {
    userPhoneId: id, phoneNo: `CP${String(id).padStart(8, '0')}`, name: `Phone ${id}`, groupId: 1, groupName: 'Default group',
    gradeId: 1, gradeName: 'Standard', expireTime: NOW + left, businessStatus: status, root: false,
    width: 720, height: 1280, dpi: 320, operation: null,
  };
}

test('status: expired beats the stored status; an online phone under the threshold is expiring soon', () => {
  assert.is(displayStatus(phone(1, -1, 'online'), NOW, 72), 'expired');
  assert.is(displayStatus(phone(2, -1, 'maintenance'), NOW, 72), 'expired');
  assert.is(displayStatus(phone(3, 71 * HOUR), NOW, 72), 'expiringSoon');
  assert.is(displayStatus(phone(4, 73 * HOUR), NOW, 72), 'online');
  assert.is(displayStatus(phone(5, 2 * HOUR, 'maintenance'), NOW, 72), 'maintenance');
  assert.is(displayStatus(phone(6, 10 * HOUR), NOW, 5), 'online', 'the threshold is the server\'s');
});

test('opening needs at least 10 minutes of validity', () => {
  assert.is(MIN_OPEN_VALIDITY_MS, 600_000);
  assert.not.ok(canOpen(phone(1, 9 * 60_000 + 59_000), NOW));
  assert.ok(canOpen(phone(2, 10 * 60_000), NOW));
  assert.not.ok(canOpen(phone(3, -1), NOW));
});

test('expiry reminder: once a day, only when something expires within the threshold', () => {
  const soon = [phone(1, 5 * HOUR), phone(2, 900 * HOUR)];
  const later = [phone(3, 900 * HOUR), phone(4, -HOUR)];
  assert.ok(shouldRemindExpiry(soon, '2026-11-22', undefined, NOW));
  assert.ok(shouldRemindExpiry(soon, '2026-11-22', '2026-11-21', NOW));
  assert.not.ok(shouldRemindExpiry(soon, '2026-11-22', '2026-11-22', NOW));
  assert.not.ok(shouldRemindExpiry(later, '2026-11-22', undefined, NOW), 'already expired phones need no reminder');
});

test('remaining time: days and hours, hours and minutes, minutes', () => {
  assert.equal(splitRemaining(26 * HOUR + 5 * 60_000), { days: 1, hours: 2, minutes: 5 });
  assert.is(formatRemaining(26 * HOUR + 5 * 60_000), '1d 2h left');
  assert.is(formatRemaining(3 * HOUR + 20 * 60_000), '3h 20m left');
  assert.is(formatRemaining(30_000), '1 min left');
  assert.is(formatRemaining(0), 'Expired');
  // The narrow cards' form: the figures alone.
  assert.is(formatRemaining(149 * 24 * HOUR + 30 * 60_000, true), '149d 0h');
  assert.is(formatRemaining(3 * HOUR + 20 * 60_000, true), '3h 20m');
  assert.is(formatRemaining(30_000, true), '1 min');
  assert.is(formatRemaining(-1, true), 'Expired');
});

test('loading one screenful first, then pages through the whole list with the current filters', async () => {
  const asked: URLSearchParams[] = [];
  let total = 450;
  const shown: number[] = [];
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => ({ accessToken: 'a', refreshToken: 'r' }),
    headers: () => ({}),
    fetch: (async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      asked.push(url.searchParams);
      const pageNo = Number(url.searchParams.get('pageNo'));
      const size = Number(url.searchParams.get('pageSize'));
      const list = Array.from({ length: Math.max(0, Math.min(size, total - (pageNo - 1) * size)) }, (_, i) => phone((pageNo - 1) * size + i + 1, 100 * HOUR));
      return new Response(JSON.stringify({ code: 0, msg: '', data: { list, total, serverTime: NOW } }));
    }) as typeof fetch,
  });
  // With the default filters the first request is the one the inline boot script may already have sent.
  const stop = effect(() => void shown.push(phones.value.length));
  await loadPhones();
  stop();
  const first = new URL(`http://api.test${FIRST_PHONE_PAGE}`).searchParams;
  assert.equal([...asked[0]], [...first]);
  // The screenful shows first; each page of 200 then replaces the list, the first of them repeating the screenful.
  assert.equal(asked.map((q) => `${q.get('pageNo')}/${q.get('pageSize')}`), ['1/20', '1/200', '2/200', '3/200']);
  assert.equal(shown.slice(-4), [20, 200, 400, 450]);
  asked.length = 0;
  sort.value = 'expireAsc';
  groupFilter.value = 7;
  keyword.value = '  CP0001 ';
  await loadPhones();
  assert.is(phones.value.length, 450);
  assert.is(phonesTotal.value, 450);
  assert.equal(asked.map((q) => q.get('pageNo')), ['1', '1', '2', '3']);
  assert.is(asked[0].get('sort'), 'expireAsc');
  assert.is(asked[0].get('groupId'), '7');
  assert.is(asked[0].get('keyword'), 'CP0001');
  assert.is(asked[0].get('gradeId'), null);
  sort.value = 'default';
  groupFilter.value = null;
  keyword.value = '';
  // A list that fits the screenful is one request.
  total = 12;
  asked.length = 0;
  await loadPhones();
  assert.is(asked.length, 1);
  assert.is(phones.value.length, 12);
});

/** A server of 30 phones whose answers wait until the test gives them; `firstId` numbers a request's phones. */
function heldServer(firstId: (url: URL) => number = () => 0): Array<{ url: URL; answer: () => void }> {
  const pending: Array<{ url: URL; answer: () => void }> = [];
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => ({ accessToken: 'a', refreshToken: 'r' }),
    headers: () => ({}),
    fetch: ((input: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        const url = new URL(String(input));
        const size = Number(url.searchParams.get('pageSize'));
        const list = Array.from({ length: Math.min(size, 30) }, (_, i) => phone(firstId(url) + i + 1, 100 * HOUR));
        pending.push({ url, answer: () => resolve(new Response(JSON.stringify({ code: 0, msg: '', data: { list, total: 30, serverTime: NOW } }))) });
      })) as typeof fetch,
  });
  return pending;
}

test('a load under way is joined, not repeated; its first screenful is awaited on its own; a reset drops it', async () => {
  const pending = heldServer();
  const answerNext = async () => {
    while (!pending.length) await new Promise((resolve) => setTimeout(resolve, 0));
    pending.shift()?.answer();
  };
  const load = loadPhonesOnce();
  assert.is(loadPhonesOnce(), load);
  let firstShown = false;
  const shownThen = firstPhonesShown().then(() => (firstShown = true));
  await answerNext();
  await shownThen;
  // The screenful is in while the whole list is still to come.
  assert.ok(firstShown);
  assert.is(phones.value.length, 20);
  await answerNext();
  await load;
  assert.is(phones.value.length, 30);
  // Finished: the next call is a new load.
  const again = loadPhonesOnce();
  assert.is.not(again, load);
  // The session ends meanwhile: what that load brings back afterwards must not show.
  sessionCleared();
  await answerNext();
  await again;
  assert.is(pending.length, 0);
  assert.is(phones.value.length, 0);
  // A load that fails still settles its first-screenful wait.
  configureHttp({ fetch: (async () => new Response('gateway down', { status: 502 })) as typeof fetch });
  const failing = loadPhones();
  await firstPhonesShown();
  await failing;
  assert.is(phones.value.length, 0);
});

test('a list left while loading stops asking; going back to it shows it once its first screenful is in', async () => {
  // Each sort has its own phones: ids 1-30 by default, 101-130 by expiry.
  const pending = heldServer((url) => (url.searchParams.get('sort') === 'expireAsc' ? 100 : 0));
  const answer = async (sortName: string, pageSize: number) => {
    const at = () => pending.findIndex((call) => call.url.searchParams.get('sort') === sortName && call.url.searchParams.get('pageSize') === String(pageSize));
    while (at() < 0) await new Promise((resolve) => setTimeout(resolve, 0));
    pending.splice(at(), 1)[0]!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  sort.value = 'default';
  const first = loadPhones();
  await answer('default', 20);
  assert.is(phones.value[0]!.userPhoneId, 1);
  sort.value = 'expireAsc';
  const second = loadPhones();
  await answer('expireAsc', 20);
  assert.is(phones.value[0]!.userPhoneId, 101);
  // Back to the first sort: its load had stopped, so it is asked again, and it takes the screen from its first page.
  sort.value = 'default';
  const third = loadPhones();
  await answer('default', 20);
  assert.is(phones.value[0]!.userPhoneId, 1);
  // The stopped load's page of 200 keeps nothing when it comes; the lists still loading finish.
  await answer('default', 200);
  await answer('expireAsc', 200);
  await answer('default', 200);
  await Promise.all([first, second, third]);
  assert.equal(pending, []);
  assert.equal(phones.value.map((entry) => entry.userPhoneId).slice(0, 2), [1, 2]);
  sessionCleared();
});

test.run();
