import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from '../helpers.ts';

// API.md "Accounts" / "Invite, customer service, advertisements".

const SERVICE = '/api/merchant/customer-service/get';
const ADS = '/api/cms/advertisement/list-by-adposition';

test('customer service is per tenant; a tenant without one answers empty strings', async () => {
  const { call } = await setup();
  const demo = await call(SERVICE);
  assert.is(demo.code, 0);
  assert.equal(demo.data, { url: 'https://example.com/support', phone: '400-800-1234', workTime: '09:00-21:00' });
  const green = await call(SERVICE, { tenant: 100 });
  assert.equal(green.data, { url: 'https://example.com/green/support', phone: '400-800-5678', workTime: '08:00-22:00' });
  assert.equal((await call(SERVICE, { tenant: 2 })).data, { url: '', phone: '', workTime: '' });
  assert.is((await call(SERVICE, { tenant: null })).code, 400);
});

test('ads: active H5 ads of the asked positions, ordered by position then sort', async () => {
  const { call } = await setup();
  // Asked in reverse order: the reply is still by position.
  const both = await call(`${ADS}?adPositions=2&adPositions=1&platformNo=H5`);
  assert.is(both.code, 0);
  assert.equal(
    both.data.map((ad: { adPosition: number; title: string }) => [ad.adPosition, ad.title]),
    [
      [1, 'New user offer'],
      [1, 'Games around the clock'],
      [2, 'Invite friends'],
    ],
  );
  assert.equal(Object.keys(both.data[0]).sort(), ['adPosition', 'id', 'imageUrl', 'linkUrl', 'title']);
  assert.is(both.data[0].imageUrl, '/static/ads/demo-home-1.svg');
  assert.match(both.data[0].linkUrl, /^https:\/\//);
  const profile = await call(`${ADS}?adPositions=2&platformNo=H5`);
  assert.equal(profile.data.map((ad: { title: string }) => ad.title), ['Invite friends']);
  // The PC ad is only for PC; the inactive one for nobody.
  const pc = await call(`${ADS}?adPositions=1&adPositions=2&platformNo=PC`);
  assert.equal(pc.data.map((ad: { title: string }) => ad.title), ['Desktop client']);
  assert.is((await call(`${ADS}?adPositions=1&platformNo=h5`)).data.length, 2);
  assert.equal((await call(`${ADS}?adPositions=3&platformNo=H5`)).data, []);
});

test('ads are per tenant and their images are served', async () => {
  const { call, app } = await setup();
  const green = await call(`${ADS}?adPositions=1&adPositions=2&platformNo=H5`, { tenant: 100 });
  assert.is(green.data.length, 3);
  assert.ok(green.data.every((ad: { imageUrl: string }) => ad.imageUrl.startsWith('/static/ads/green-')));
  assert.equal((await call(`${ADS}?adPositions=1&platformNo=H5`, { tenant: 2 })).data, []);
  const demo = await call(`${ADS}?adPositions=1&adPositions=2&platformNo=H5`);
  const ids = new Set(demo.data.map((ad: { id: number }) => ad.id));
  assert.ok(green.data.every((ad: { id: number }) => !ids.has(ad.id)));
  for (const ad of [...demo.data, ...green.data]) {
    const response = await app.request(ad.imageUrl);
    assert.is(response.status, 200, ad.imageUrl);
    assert.match(response.headers.get('content-type') ?? '', /image\/svg\+xml/);
    assert.match(await response.text(), /^<svg /);
  }
});

test('ads validate the query', async () => {
  const { call } = await setup();
  for (const query of ['platformNo=H5', 'adPositions=x&platformNo=H5', 'adPositions=0&platformNo=H5', 'adPositions=1&adPositions=-2&platformNo=H5', 'adPositions=1']) {
    assert.is((await call(`${ADS}?${query}`)).code, 400, query);
  }
  assert.is((await call(`${ADS}?adPositions=1&platformNo=H5`, { tenant: null })).code, 400);
});

test.run();
