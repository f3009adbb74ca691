import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  clientNoFromUrl,
  clientToLookUp,
  decideAccess,
  decideUrl,
  hasCodeParameter,
  skipsH5Check,
  parseHostClients,
  parsePath,
  slideDirection,
  violatesH5Rule,
} from '../../../src/app/router-rules.ts';
import { decidePurchaseGate } from '../../../src/app/purchase-gate.ts';
import { ROUTES } from './route-rows.ts';
import type { RouteDef, RouteName } from '../../../src/app/route-types.ts';

const url = (pathname: string, search = '', host = 'localhost:8080') => ({ pathname, search, host });
const route = (name: RouteName) => ROUTES.find((candidate) => candidate.name === name)!;

test('client number: last path segment, lowercased', () => {
  assert.equal(parsePath('/login/DEMO'), { segment: 'login', clientNo: 'demo' });
  assert.equal(parsePath('/Demo'), { segment: '', clientNo: 'demo' });
  assert.equal(parsePath('/'), { segment: '', clientNo: undefined });
});

test('the client a navigation looks up is known without the page\'s row: none where it skips the lookup or redirects', () => {
  assert.is(clientToLookUp(url('/manage-group/Green')), 'green');
  assert.is(clientToLookUp(url('/demo')), 'demo');
  assert.is(clientToLookUp(url('/user-agreement/demo')), '', 'an agreement needs no client');
  assert.is(clientToLookUp(url('/download')), '');
  assert.is(clientToLookUp(url('/404/demo')), '');
  assert.is(clientToLookUp(url('/manage-group/demo', '?clientNo=green')), '', 'redirected to green first');
  assert.is(clientToLookUp(url('/manage-group')), '', 'no client number');
  assert.is(clientToLookUp(url('/manage-group'), { 'localhost:8080': 'green' }), '', 'redirected to the host\'s client first');
  assert.is(clientToLookUp(url('/manage-group/green'), { 'localhost:8080': 'green' }), 'green');
  assert.is(clientToLookUp(url('/manifest.json')), '');
});

test('client number: a last segment of 404 gives an empty value', () => {
  assert.is(parsePath('/404').clientNo, '');
  assert.is(parsePath('/login/404').clientNo, '');
  assert.is(clientNoFromUrl(url('/login/404')), '');
});

test('client number: a lone page segment is a route without its client number', () => {
  assert.equal(parsePath('/login'), { segment: 'login', clientNo: undefined });
  assert.equal(parsePath('/add-phone'), { segment: 'add-phone', clientNo: undefined });
});

test('client number: query wins over host, host over path', () => {
  const hosts = parseHostClients('brand.example.com=green, other.test = desk');
  assert.equal(hosts, { 'brand.example.com': 'green', 'other.test': 'desk' });
  assert.is(clientNoFromUrl(url('/login/demo', '?clientNo=GREEN'), hosts), 'green');
  assert.is(clientNoFromUrl(url('/login/demo', '', 'brand.example.com'), hosts), 'green');
  assert.is(clientNoFromUrl(url('/login/demo', '', 'localhost'), hosts), 'demo');
});

test('a route without the client number gets it appended', () => {
  const byQuery = decideUrl(url('/login', '?clientNo=demo&from=x'));
  assert.equal(byQuery, { kind: 'redirect', to: '/login/demo?from=x' });
  const byHost = decideUrl(url('/login', '', 'brand.example.com'), { hostClients: { 'brand.example.com': 'green' } });
  assert.equal(byHost, { kind: 'redirect', to: '/login/green' });
  const home = decideUrl(url('/', '?clientNo=demo'));
  assert.equal(home, { kind: 'redirect', to: '/demo' });
});

test('no client number and none before: clear the session and go to /404', () => {
  assert.equal(decideUrl(url('/')), { kind: 'redirect', to: '/404', clearSession: true });
  assert.equal(decideUrl(url('/login')), { kind: 'redirect', to: '/404', clearSession: true });
});

test('no client number but the previous route had one: go to /login (except share-screen-control)', () => {
  assert.equal(decideUrl(url('/login'), { previousClientNo: 'demo' }), { kind: 'redirect', to: '/login/demo' });
  const share = decideUrl(url('/share-screen-control'), { previousClientNo: 'demo' });
  assert.equal(share, { kind: 'redirect', to: '/404', clearSession: true });
});

test('download, privacy-agreement and user-agreement skip the client lookup', () => {
  for (const path of ['/download/demo', '/privacy-agreement/demo', '/user-agreement/demo', '/download']) {
    const decision = decideUrl(url(path));
    assert.is(decision.kind, 'proceed', path);
    if (decision.kind === 'proceed') assert.ok(decision.skipClientLookup, path);
  }
  const login = decideUrl(url('/login/demo'));
  assert.ok(login.kind === 'proceed' && !login.skipClientLookup);
});

test('share-screen-control skips the H5 check', () => {
  assert.ok(skipsH5Check('/share-screen-control/demo'));
  assert.not.ok(skipsH5Check('/login/demo'));
  const login = decideUrl(url('/login/demo'));
  assert.ok(login.kind === 'proceed' && !login.skipH5Check);
  assert.ok(violatesH5Rule('pc', false, false));
  assert.not.ok(violatesH5Rule('pc', false, true));
});

test('a path containing manifest.json is aborted', () => {
  assert.equal(decideUrl(url('/manifest.json')), { kind: 'abort' });
  assert.equal(decideUrl(url('/demo/manifest.json')), { kind: 'abort' });
});

test('non-h5 platform: allowed with a code parameter, refused without', () => {
  assert.not.ok(hasCodeParameter('?x=1'));
  assert.ok(hasCodeParameter('?code=abc'));
  assert.ok(violatesH5Rule('pc', hasCodeParameter('?x=1'), false));
  assert.not.ok(violatesH5Rule('pc', hasCodeParameter('?code=abc'), false));
  assert.not.ok(violatesH5Rule('h5', false, false));
  assert.not.ok(violatesH5Rule('H5', false, false));
});

test('an unknown page with a client number goes to that client\'s 404', () => {
  assert.equal(decideUrl(url('/no-such-page/demo')), { kind: 'redirect', to: '/404/demo' });
});

test('the 404 page itself is reached with or without a client number', () => {
  const bare = decideUrl(url('/404'));
  assert.ok(bare.kind === 'proceed' && bare.route.name === 'notFound' && bare.clientNo === '');
  const scoped = decideUrl(url('/404/demo'));
  assert.ok(scoped.kind === 'proceed' && scoped.clientNo === 'demo');
});

test('login with a token goes to /; private pages without one go to /login', () => {
  assert.is(decideAccess(route('login'), 'demo', true), '/demo');
  assert.is(decideAccess(route('login'), 'demo', false), null);
  assert.is(decideAccess(route('home'), 'demo', false), '/login/demo');
  assert.is(decideAccess(route('home'), 'demo', true), null);
  assert.is(decideAccess(route('download'), 'demo', false), null);
});

const gated = (gate: RouteDef['gate']): RouteDef => ({ ...route('home'), gate });
const keys = (...list: string[]) => new Set(list);

test('purchase gating: add-phone', () => {
  assert.equal(decidePurchaseGate(gated('addPhone'), keys(), 'demo'), { kind: 'stay' });
  assert.equal(decidePurchaseGate(gated('addPhone'), keys('activationCode'), 'demo'), { kind: 'redirect', to: '/activation-code/demo' });
  assert.equal(decidePurchaseGate(gated('addPhone'), keys('productBuy'), 'demo'), { kind: 'allow' });
});

test('purchase gating: recharge pages go to activation-code with type 2', () => {
  assert.equal(decidePurchaseGate(gated('recharge'), keys(), 'demo'), { kind: 'stay' });
  assert.equal(decidePurchaseGate(gated('recharge'), keys('activationCode'), 'demo'), { kind: 'redirect', to: '/activation-code/demo?type=2' });
  assert.equal(decidePurchaseGate(gated('recharge'), keys('productBuy', 'activationCode'), 'demo'), { kind: 'allow' });
});

test('purchase gating: activation-code', () => {
  assert.equal(decidePurchaseGate(gated('activationCode'), keys(), 'demo'), { kind: 'stay' });
  assert.equal(decidePurchaseGate(gated('activationCode'), keys('productBuy'), 'demo'), { kind: 'redirect', to: '/add-phone/demo' });
  assert.equal(decidePurchaseGate(gated('activationCode'), keys('activation_code'), 'demo'), { kind: 'allow' });
  assert.equal(decidePurchaseGate(route('home'), keys(), 'demo'), { kind: 'allow' });
});

test('transitions: higher level slides in from the left, lower from the right, equal none', () => {
  assert.is(slideDirection(0, 1), 'from-left');
  assert.is(slideDirection(2, 1), 'from-right');
  assert.is(slideDirection(1, 1), 'none');
  assert.is(slideDirection(undefined, 3), 'none');
});

test.run();
