import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configureHttp } from '../../../src/core/http.ts';
import { queryData } from '../../../src/core/store/query-store.ts';
import {
  askForControl, fetchViewerStatus, joinAsViewer, keptName, polling, renameAsViewer, returningTo, shareLink, viewerStatusKey, viewerStatusOf,
} from '../../../src/share/state.ts';
import { joinBody } from '../../../src/share/early-join.ts';
import { linkPhoneOf, newViewerKey } from '../../../src/share/kept-viewer.ts';
import { VIEWER_KEY_PATTERN } from '../../../shared/contract/share-words.ts';
import { describeError } from '../../../src/core/errors.ts';
import { SHARE_ROOM_FULL } from '../../../shared/reply-codes.ts';
import { t } from '../../../src/core/i18n/index.ts';
import { ensureShareWords } from '../../../src/share/texts/index.ts';

// The share domain's client state: what a viewer's browser keeps between visits (and what it never keeps), the
// join sending the kept key back, and the owner pages' polling fetcher.

type Reply = { code: number; msg?: string; data?: unknown };
const sent: Array<{ path: string; body: any; headers: Record<string, string> }> = [];

function answer(routes: Record<string, (body: any) => Reply>) {
  sent.length = 0;
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => null,
    headers: () => ({}),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ path: url.pathname, body, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
      const route = routes[url.pathname];
      return new Response(JSON.stringify(route ? route(body) : { code: 404, msg: 'not found' }));
    }) as typeof fetch,
  });
}

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';

test('a first join sends no key; the name, the key and the phone are kept, never the token; the next join sends the key', async () => {
  localStorage.clear();
  assert.is(returningTo(TOKEN), null);
  answer({ '/api/device/share/join': (body) => ({ code: 0, data: { viewerId: 7, viewerKey: body.viewerKey || 'key-1', displayName: body.displayName || 'Guest 1234', userPhoneId: 42, phoneName: 'P', permission: 'view' } }) });
  await joinAsViewer(TOKEN, 'Alice');
  assert.is(sent[0]!.body.viewerKey, '');
  assert.is(sent[0]!.body.displayName, 'Alice');
  assert.not.ok(JSON.stringify(localStorage).includes(TOKEN), 'the token is not stored');
  assert.is(keptName(), 'Alice');
  assert.is(returningTo(TOKEN), 42);
  assert.is(returningTo(`${TOKEN}x`), null, 'another link is not this one');
  await joinAsViewer(TOKEN, 'Alice');
  assert.is(sent.at(-1)!.body.viewerKey, 'key-1');
});

test('a refused join keeps nothing new', async () => {
  localStorage.clear();
  answer({ '/api/device/share/join': () => ({ code: 1_003_004_001, msg: 'The room is full' }) });
  await joinAsViewer(TOKEN, 'Bob').then(
    () => assert.unreachable('a full room refuses'),
    () => {},
  );
  assert.is(returningTo(TOKEN), null);
  assert.is(keptName(), '');
});

test("a refused join is worded with the share's own entries, which the viewer's page registers late", async () => {
  localStorage.clear();
  await ensureShareWords();
  // No words of the server's: only the code can say which refusal it is.
  answer({ '/api/device/share/join': () => ({ code: SHARE_ROOM_FULL, msg: '' }) });
  const error = await joinAsViewer(TOKEN, 'Bob').then(
    () => assert.unreachable('a full room refuses'),
    (refusal: unknown) => refusal,
  );
  assert.is(describeError(error), t('share.errors.roomFull'));
});

test("the early start's join is the one the page sends: same address and body, so the page takes its reply", async () => {
  localStorage.clear();
  answer({ '/api/device/share/join': (body) => ({ code: 0, data: { viewerId: 7, viewerKey: body.viewerKey || 'key-1', displayName: body.displayName || 'Guest 1234', userPhoneId: 42, phoneName: 'P', permission: 'view' } }) });
  await joinAsViewer(TOKEN, 'Alice');
  const bodies: string[] = [];
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => null,
    headers: () => ({}),
    fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(String(init?.body));
      return new Response(JSON.stringify({ code: 0, data: { viewerId: 7, viewerKey: 'key-1', displayName: 'Alice', userPhoneId: 42, phoneName: 'P', permission: 'view' } }));
    }) as typeof fetch,
  });
  await joinAsViewer(TOKEN, 'Alice');
  assert.equal(bodies, [joinBody(TOKEN, keptName(), 'key-1')]);
});

test('a corrupt stored value reads as nothing kept', () => {
  localStorage.setItem('shareViewer', '{not json');
  assert.is(keptName(), '');
  assert.is(returningTo(TOKEN), null);
});

test('the link is the share-screen-control address of the client, with the token and the phone', () => {
  assert.match(shareLink('demo', TOKEN, 42), new RegExp(`/app/share-screen-control/demo\\?token=${TOKEN}&phone=42$`));
});

test('a join without a name keeps the name the server gave; a rename keeps the new one for the next links', async () => {
  localStorage.clear();
  answer({
    '/api/device/share/join': (body) => ({ code: 0, data: { viewerId: 7, viewerKey: body.viewerKey || 'key-1', displayName: body.displayName || 'Guest 1234', userPhoneId: 42, phoneName: 'P', permission: 'view' } }),
    '/api/device/share/viewer/rename': (body) => ({ code: 0, data: { displayName: body.displayName.trim() } }),
  });
  const joined = await joinAsViewer(TOKEN, '');
  assert.is(joined.displayName, 'Guest 1234');
  assert.is(keptName(), 'Guest 1234');
  assert.is(await renameAsViewer(TOKEN, joined.viewerKey, 42, 'Dana'), 'Dana');
  assert.is(keptName(), 'Dana');
  assert.is(returningTo(TOKEN), 42);
});

test('a viewer key made by the browser has 144 random bits in 24 base64url characters', () => {
  const keys = new Set(Array.from({ length: 50 }, () => newViewerKey()));
  assert.is(keys.size, 50);
  for (const key of keys) assert.ok(VIEWER_KEY_PATTERN.test(key) && key.length === 24, key);
});

test('a link names its phone for the early start; a malformed one names none', () => {
  assert.is(linkPhoneOf(new URLSearchParams('token=x&phone=42')), 42);
  for (const bad of ['token=x', 'phone=0', 'phone=-3', 'phone=4.5', 'phone=abc']) assert.is(linkPhoneOf(new URLSearchParams(bad)), null, bad);
});

test('polling: asks again until its signal aborts, and a failed later answer keeps the last one', async () => {
  let calls = 0;
  const controller = new AbortController();
  const seen: number[] = [];
  const fetcher = polling(async () => {
    calls++;
    if (calls === 2) throw new Error('network');
    if (calls === 3) controller.abort();
    return calls;
  });
  // A fake clock would need the module's timers; the real 2 s pauses are skipped by aborting on the third answer.
  const started = Date.now();
  const result = await Promise.race([
    fetcher((value) => (seen.push(value), true), controller.signal),
    new Promise((resolve) => setTimeout(() => resolve('timeout'), 6000)),
  ]);
  assert.is(result, 3);
  assert.equal(seen, [1, 1]);
  assert.ok(Date.now() - started >= 3900, 'it waited between asks');
});

const STATUS = { viewerId: 7, state: 'enabled', permission: 'view', controlRequested: false };

test('askForControl: sends the key, resolves with whether a request waits, and keeps the answer as the viewer\'s query', async () => {
  answer({ '/api/device/share/viewer/request-control': () => ({ code: 0, data: { ...STATUS, controlRequested: true } }) });
  assert.is(await askForControl('key-9'), true);
  assert.equal(sent[0]!.body, { viewerKey: 'key-9' });
  assert.equal(queryData(viewerStatusKey('key-9')), { ...STATUS, controlRequested: true }, 'a poll that starts now starts from it');
  answer({ '/api/device/share/viewer/request-control': () => ({ code: 1_003_004_005, msg: 'no such viewer' }) });
  await askForControl('key-9').then(
    () => assert.unreachable('a refusal rejects'),
    () => {},
  );
});

test('viewerStatusOf: the viewer\'s state, or null when it cannot be had', async () => {
  answer({ '/api/device/share/viewer/status': () => ({ code: 0, data: { ...STATUS, state: 'disabled' } }) });
  assert.is((await viewerStatusOf('key-1'))?.state, 'disabled');
  assert.equal(sent[0]!.body, { viewerKey: 'key-1' });
  answer({ '/api/device/share/viewer/status': () => ({ code: 500, msg: 'down' }) });
  assert.is(await viewerStatusOf('key-1'), null);
});

test('fetchViewerStatus: asks for this viewer\'s status, under a key of its own', async () => {
  answer({ '/api/device/share/viewer/status': (body) => ({ code: 0, data: { ...STATUS, controlRequested: body.viewerKey === 'key-2' } }) });
  // A progress told false (the key invalidated) stops the polling after its first answer.
  const first = await fetchViewerStatus('key-2')(() => false, new AbortController().signal);
  assert.is(first.controlRequested, true);
  assert.equal(sent.map((request) => request.body), [{ viewerKey: 'key-2' }]);
  assert.equal(viewerStatusKey('key-2'), ['share', 'viewer', 'key-2']);
});

test.run();
