import { settle } from '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { effect } from '@preact/signals-react';
import { configureHttp } from '../../../src/core/http.ts';
import { read, remove } from '../../../src/core/storage.ts';
import { aboutApp, clientFunctions, invalidateClientCache, loadClient, resetClient, secureData } from '../../../src/app/client-state.ts';
import { firstPageRendered } from '../../../src/app/first-paint.ts';

/** What the backend answers for the client's three calls; a test changes it to model an edited client. */
let about = { clientName: 'Demo', logoUrl: '/l.svg' };
const functions = [{ key: 'productBuy', name: 'Buy', props: {}, enable: true }];

/**
 * The backend of these tests, behind the http fetch seam. Put in place by each test and put back after it: every test
 * file runs in one process, and another file's backend must not answer here (nor this one there).
 */
function backend(): () => void {
  const previous = configureHttp({
    baseURL: 'http://api.test',
    tokens: () => null,
    headers: () => ({}),
    fetch: (async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      const reply = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: '', data }), { status: 200 });
      if (path.endsWith('get-client-secure-data')) return reply({ tenantId: 1, clientId: 1, platform: 'h5' });
      if (path.endsWith('get-about-app')) return reply(about);
      if (path.endsWith('client-function/list')) return reply(functions);
      return new Response('{}', { status: 404 });
    }) as typeof fetch,
  });
  return () => configureHttp(previous);
}

// The app's first page is on screen in these tests: a cached client's refresh waits for that (app/first-paint.ts; the
// browser tests hold the order itself: long-device-list.spec.ts, "asked for again only once home's cards are painted").
firstPageRendered();

let restore: () => void = () => {};
test.before.each(() => {
  restore = backend();
});
test.after.each(() => {
  restore();
  resetClient('');
  localStorage.clear();
});

/**
 * A returning visitor's background refresh: the cache answers at once, and the refresh has ended once the stored
 * platform, dropped before it, is written back (a refresh writes every part of the data it brings).
 */
async function refresh(): Promise<void> {
  invalidateClientCache();
  remove('platform');
  assert.is(await loadClient('demo'), 'ok');
  for (let turn = 0; turn < 50 && read('platform') === undefined; turn++) await settle();
  assert.is(read('platform'), 'h5', 'the refresh ended');
}

async function firstVisit(): Promise<void> {
  localStorage.clear();
  resetClient('demo');
  about = { clientName: 'Demo', logoUrl: '/l.svg' };
  assert.is(await loadClient('demo'), 'ok');
}

test('a refresh that brings back the cached client data changes nothing: same objects, no effect runs again', async () => {
  await firstVisit();
  const held = { secure: secureData.value, about: aboutApp.value, functions: clientFunctions.value };
  let runs = 0;
  const stop = effect(() => {
    void aboutApp.value;
    void clientFunctions.value;
    void secureData.value;
    runs++;
  });
  await refresh();
  stop();
  assert.is(runs, 1, 'only the effect’s own first run');
  assert.is(secureData.value, held.secure);
  assert.is(aboutApp.value, held.about);
  assert.is(clientFunctions.value, held.functions);
});

test('a refresh with changed data replaces it in memory and in storage', async () => {
  await firstVisit();
  about = { clientName: 'Renamed', logoUrl: '/l.svg' };
  await refresh();
  assert.is(aboutApp.value?.clientName, 'Renamed');
  assert.is(read('aboutAppData')?.clientName, 'Renamed');
});

test('a refresh stores the data again when only the stored copy was dropped (logout keeps memory serving)', async () => {
  await firstVisit();
  const heldAbout = aboutApp.value;
  remove('tenantId', 'clientId', 'platform', 'aboutAppData', 'allPermissionList');
  await refresh();
  assert.is(aboutApp.value, heldAbout, 'memory already held it');
  assert.is(read('tenantId'), 1);
  assert.is(read('platform'), 'h5');
  assert.is(read('aboutAppData')?.clientName, 'Demo');
  assert.equal(read('allPermissionList'), functions);
});

test.run();
