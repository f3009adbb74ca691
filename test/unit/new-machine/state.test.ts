import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configureHttp } from '../../../src/core/http.ts';
import { clearQueries } from '../../../src/core/store/query-store.ts';
import { READ_BATCH_LIMIT } from '../../../shared/contract/device-words.ts';
import { currentFetcher } from '../../../src/new-machine/state.ts';

// src/new-machine/state.ts: the chosen phones' current models. One phone: its whole identity (POST current); several:
// their models in one get-extend-batch call per READ_BATCH_LIMIT phones, named from the catalogue, never one call each.

const MOCK = '/api/device/phone-mock-model';
const BATCH = '/api/device/user/phone/get-extend-batch';
const PIXEL = { modelId: 601, manufacturer: 'Google', brand: 'google', model: 'Pixel 6', marketName: 'Pixel 6', systemVersion: 'Android 13' };
const GALAXY = { modelId: 101, manufacturer: 'Samsung', brand: 'samsung', model: 'SM-G9910', marketName: 'Galaxy S21', systemVersion: 'Android 13' };
const ids = (body: any): number[] => body.userPhoneIds;

const sent: Array<{ path: string; body: any }> = [];
function answer() {
  sent.length = 0;
  clearQueries();
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => null,
    headers: () => ({}),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ path: url.pathname, body });
      const hardware = (id: number) => ({
        userPhoneId: id, ...(id % 2 ? { model: PIXEL.model, brand: PIXEL.brand } : { model: GALAXY.model, brand: GALAXY.brand }),
        imei: '1', serialNo: 's', wlanMac: 'm', androidId: 'a', systemVersion: 'Android 13', ram: '4GB', storage: '64GB', cpu: '4 cores',
      });
      const data =
        url.pathname === BATCH ? [...ids(body)].reverse().map(hardware)
        : url.pathname === `${MOCK}/list` ? { list: [GALAXY, PIXEL] }
        : url.pathname === `${MOCK}/current` ? { userPhoneId: body.userPhoneId, ...PIXEL, imei: '1', serialNo: 's', wlanMac: 'm', androidId: 'a' }
        : undefined;
      return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'not found' } : { code: 0, data }));
    }) as typeof fetch,
  });
}

test('one phone: POST current, with its whole identity', async () => {
  answer();
  const rows = await currentFetcher([7])();
  assert.equal(sent.map((call) => call.path), [`${MOCK}/current`]);
  assert.is(rows.length, 1);
  assert.is(rows[0]!.label, 'Google Pixel 6 (Pixel 6)');
  assert.is(rows[0]!.identity!.imei, '1');
});

test('several phones: one get-extend-batch per READ_BATCH_LIMIT phones and the catalogue once, in the order chosen', async () => {
  answer();
  const chosen = Array.from({ length: READ_BATCH_LIMIT + 50 }, (_, i) => i + 1);
  const rows = await currentFetcher(chosen)();
  const batches = sent.filter((call) => call.path === BATCH);
  assert.equal(batches.map((call) => ids(call.body).length), [READ_BATCH_LIMIT, 50]);
  assert.is(sent.filter((call) => call.path === `${MOCK}/current`).length, 0, 'no call per phone');
  assert.is(sent.filter((call) => call.path === `${MOCK}/list`).length, 1);
  assert.equal(rows.map((row) => row.userPhoneId), chosen);
  assert.equal(rows.slice(0, 2).map((row) => [row.model, row.label, row.identity]), [
    ['Pixel 6', 'Google Pixel 6 (Pixel 6)', null],
    ['SM-G9910', 'Samsung Galaxy S21 (SM-G9910)', null],
  ]);
  // Read again (after a change): the catalogue is the store's already.
  sent.length = 0;
  await currentFetcher([1, 2, 3])();
  assert.equal(sent.map((call) => call.path), [BATCH]);
});

test.run();
